import { defineRegistry, nameField, observationsField } from './definition';
import { yesNo } from './fields';

export const wallets = defineRegistry({
  name: 'wallets',
  subject: 'carteiras',
  title: 'Carteiras',
  singular: 'Carteira',
  gender: 'f',
  fields: {
    name: nameField(),
    generatesFinancialMovement: yesNo('Gera movimentação financeira'),
    observations: observationsField(),
  },
  columns: ['name', 'generatesFinancialMovement', 'observations'],
});
