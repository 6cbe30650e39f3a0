import { defineRegistry, nameField, observationsField } from './definition';

export const segments = defineRegistry({
  name: 'segments',
  subject: 'segmentos',
  title: 'Segmentos',
  singular: 'Segmento',
  gender: 'm',
  fields: { name: nameField(), observations: observationsField() },
});
