import { defineRegistry, nameField, observationsField } from './definition';

export const sizes = defineRegistry({
  name: 'sizes',
  subject: 'tamanhos',
  title: 'Tamanhos',
  singular: 'Tamanho',
  gender: 'm',
  fields: { name: nameField(), observations: observationsField() },
});
