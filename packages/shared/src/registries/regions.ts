import { defineRegistry, nameField, observationsField } from './definition';

export const regions = defineRegistry({
  name: 'regions',
  subject: 'regiões',
  title: 'Regiões',
  singular: 'Região',
  gender: 'f',
  fields: { name: nameField(), observations: observationsField() },
});
