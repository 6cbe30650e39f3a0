import { defineRegistry, nameField, observationsField } from './definition';
import { reference } from './fields';

export const segments = defineRegistry({
  name: 'segments',
  subject: 'segmentos',
  title: 'Segmentos',
  singular: 'Segmento',
  gender: 'm',
  fields: {
    name: nameField(),
    // The price table of its clients that name none (docs/prices.md, the price of a product for a client).
    priceTableId: reference('Tabela de preço', 'price-tables'),
    observations: observationsField(),
  },
  // The table is a record id: lists and CSV show the name and observations, the form shows the table's name.
  csv: ['name', 'observations'],
});
