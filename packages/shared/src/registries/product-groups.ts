import { defineRegistry, nameField, observationsField } from './definition';

/** Product groups (bebidas, mercearia, limpeza, ...): the catalogue's grouping and the price chart's and inventory's filter. */
export const productGroups = defineRegistry({
  name: 'product-groups',
  subject: 'produtos',
  title: 'Grupos de produtos',
  singular: 'Grupo de produtos',
  gender: 'm',
  fields: { name: nameField(), observations: observationsField() },
});
