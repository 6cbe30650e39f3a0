import { defineTexts } from '../texts';
import { defineRegistry, nameField, observationsField } from './definition';
import { date, yesNo } from './fields';

export const PriceTableTexts = defineTexts('priceTables', {
  window: 'A data final da vigência deve ser igual ou posterior à data inicial.',
});
export const PriceTableMessages = { window: PriceTableTexts.window().message };

/**
 * Price tables (issue 7): a named table with a price per product (docs/prices.md), an optional
 * validity window (business dates in the company's time zone, both ends included) and exactly one
 * default table per company ("Tabela padrão": the first table takes it; marking another moves it).
 * Clients, segments and regions point to a table; a table in use cannot be deleted.
 */
export const priceTables = defineRegistry({
  name: 'price-tables',
  subject: 'produtos',
  title: 'Tabelas de preço',
  singular: 'Tabela de preço',
  gender: 'f',
  fields: {
    name: nameField(),
    validFrom: date('Válida de', { hint: 'Em branco: sem início.' }),
    validUntil: date('Válida até', { hint: 'Em branco: sem fim. A data final é incluída.' }),
    isDefault: yesNo('Tabela padrão', {
      exclusive: 'one',
      hint: 'Usada quando o cliente, o segmento e a região não indicam tabela (ou a tabela deles não tem o produto).',
    }),
    observations: observationsField(),
  },
  checks: (v) => (v.validFrom && v.validUntil && v.validUntil < v.validFrom ? [{ field: 'validUntil', message: PriceTableTexts.window() }] : []),
  columns: ['name', 'isDefault', 'validFrom', 'validUntil'],
  form: [{ rows: [['name'], ['validFrom', 'validUntil'], ['isDefault'], ['observations']] }],
});
