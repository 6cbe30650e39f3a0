import { defineRegistry, nameField, observationsField } from './definition';

export const drawings = defineRegistry({
  name: 'drawings',
  subject: 'sorteios',
  title: 'Sorteios',
  singular: 'Sorteio',
  gender: 'm',
  fields: { name: nameField(), observations: observationsField() },
});
