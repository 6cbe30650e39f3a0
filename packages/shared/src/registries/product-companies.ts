import { defineRegistry, nameField, observationsField } from './definition';

/**
 * The companies whose products the distributor sells (the spec's "company" of a client, a sale and
 * the price tables). Their products come with the products module; clients point here already.
 */
export const productCompanies = defineRegistry({
  name: 'product-companies',
  subject: 'produtos',
  title: 'Empresas de produtos',
  singular: 'Empresa de produtos',
  gender: 'f',
  fields: { name: nameField(), observations: observationsField() },
});
