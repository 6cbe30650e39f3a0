import { defineRegistry, nameField, observationsField } from './definition';

export const reasons = defineRegistry({
  name: 'reasons',
  subject: 'motivos',
  title: 'Motivos',
  singular: 'Motivo',
  gender: 'm',
  fields: { name: nameField(), observations: observationsField() },
});
