import { defineRegistry, nameField, observationsField } from './definition';

export const routes = defineRegistry({
  name: 'routes',
  subject: 'rotas',
  title: 'Rotas',
  singular: 'Rota',
  gender: 'f',
  fields: { name: nameField(), observations: observationsField() },
});
