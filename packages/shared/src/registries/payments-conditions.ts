import { z } from '../zod';
import { defineRegistry, nameField, observationsField } from './definition';
import { decimal, derived, terms, yesNo } from './fields';

/**
 * Payment conditions: terms in days (0 to 365, "000" is cash), deduplicated and sorted; the
 * installment count follows from them.
 */
export const paymentsConditions = defineRegistry({
  name: 'payments-conditions',
  subject: 'pagamentos-condições',
  title: 'Condições de pagamento',
  singular: 'Condição de pagamento',
  gender: 'f',
  fields: {
    name: nameField(),
    terms: terms('Prazos (dias)', { hint: 'Digite o prazo com até 3 dígitos e tecle Enter; 000 é à vista.' }),
    discountRate: decimal('Taxa de desconto (%)', { scale: 4, integers: 3, max: '100' }),
    surchargeRate: decimal('Taxa de acréscimo (%)', { scale: 4, integers: 3, max: '999.9999' }),
    minimumInvoice: decimal('Faturamento mínimo (R$)', { scale: 2 }),
    showInPriceTables: yesNo('Exibir nas tabelas de preço', { defaultValue: true }),
    observations: observationsField(),
  },
  derived: { installments: derived('Quantidade de parcelas', 'text', z.number().int().min(0).max(48)) },
  derive: (v) => ({ installments: v.terms.length }),
  columns: ['name', 'terms', 'installments', 'showInPriceTables'],
  form: [
    { rows: [['name'], ['terms', 'installments']] },
    { title: 'Valores', rows: [['discountRate', 'surchargeRate', 'minimumInvoice'], ['showInPriceTables']] },
    { rows: [['observations']] },
  ],
});
