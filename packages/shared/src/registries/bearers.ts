import { bankName } from '../banks';
import { defineTexts } from '../texts';
import { z } from '../zod';
import { defineRegistry, nameField, observationsField } from './definition';
import { bankCode, derived, text, yesNo } from './fields';

export const BearerTexts = defineTexts('bearers', { digit: 'O dígito deve ser um número de 0 a 9 ou X.' });

/** Bearers (portadores): the bank code is looked up among the Brazilian banks; empty for cash. */
export const bearers = defineRegistry({
  name: 'bearers',
  subject: 'portadores',
  title: 'Portadores',
  singular: 'Portador',
  gender: 'm',
  fields: {
    name: nameField(),
    code: bankCode('Código do banco', { hint: 'Deixe vazio para um portador sem banco, como a carteira (dinheiro).' }),
    digit: text('Dígito', { max: 1, upperCase: true, mask: '*', pattern: { regex: /^[0-9X]$/, message: BearerTexts.digit() } }),
    generatesPaymentFile: yesNo('Gera arquivo de pagamento'),
    printsChecks: yesNo('Imprime cheques'),
    printsBankSlip: yesNo('Imprime boleto'),
    observations: observationsField(),
  },
  derived: { bankName: derived('Banco', 'text', z.string().max(200).nullable()) },
  derive: (v) => ({ bankName: bankName(v.code) }),
  columns: ['name', 'code', 'bankName', 'digit'],
  form: [
    { rows: [['name'], ['code', 'digit', 'bankName']] },
    { title: 'Impressão e arquivos', rows: [['generatesPaymentFile', 'printsChecks', 'printsBankSlip']] },
    { rows: [['observations']] },
  ],
  csv: ['name', 'code', 'digit', 'bankName', 'generatesPaymentFile', 'printsChecks', 'printsBankSlip', 'observations'],
});
