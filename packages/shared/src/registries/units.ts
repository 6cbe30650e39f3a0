import { defineRegistry, nameField, observationsField } from './definition';

export const units = defineRegistry({
  name: 'units',
  subject: 'unidades',
  // The spec's route table guards the units' detail with clientes (section 2).
  detailSubject: 'clientes',
  title: 'Unidades',
  singular: 'Unidade',
  gender: 'f',
  fields: { name: nameField(), observations: observationsField() },
});
