import { Decimal } from '../money';
import { defineTexts, type Said } from '../texts';
import { defineRegistry, nameField, observationsField } from './definition';
import { date, decimal, references, select } from './fields';

/**
 * The rules of a campaign across its fields (docs/campaigns.md): a period whose end is not before
 * its start, the discount or the price its kind asks, a limit a campaign could reach, and the
 * references it counts kept to what one save can write (each a reference of its own, invariant 6).
 */
export const CampaignTexts = defineTexts('campaigns', {
  window: 'A data final da vigência deve ser igual ou posterior à data inicial.',
  discountRequired: 'Informe o desconto da campanha (de 0,01 a 100%).',
  priceRequired: 'Informe o preço da campanha.',
  limitBelowMinimum: 'O limite deve ser maior ou igual à quantidade mínima da campanha.',
  tooManyTargets: 'Uma campanha aponta para no máximo {{max}} empresas, grupos, segmentos e regiões somados. Para mais, deixe o campo em branco (vale para todos) ou divida a campanha.',
});

/** The most companies, groups, segments and regions one campaign names, together (docs/campaigns.md). */
export const MAX_CAMPAIGN_TARGETS = 15;

const KINDS = [
  { value: 'discount', label: 'Desconto (%)' },
  { value: 'price', label: 'Preço fixo' },
] as const;

const STATUSES = [
  { value: 'active', label: 'Ativa' },
  { value: 'inactive', label: 'Inativa' },
] as const;

const positive = (v: string | null) => v !== null && new Decimal(v).gt(0);

/**
 * Campaigns (issue 43, docs/campaigns.md): a price in force for a period, on products named one by
 * one, by group or by product company, for some branches, client segments or regions (an empty list
 * is all of them), from a minimum quantity, within a limit of units per client and in all.
 */
export const campaigns = defineRegistry({
  name: 'campaigns',
  subject: 'campanhas',
  title: 'Campanhas',
  singular: 'Campanha',
  gender: 'f',
  fields: {
    name: nameField(),
    status: select('Situação', STATUSES, { defaultValue: 'active' }),
    validFrom: date('Válida de', { required: true, hint: 'No fuso horário da empresa; o dia é incluído.' }),
    validUntil: date('Válida até', { required: true, hint: 'A campanha vale até o fim deste dia, no fuso da empresa.' }),
    kind: select('Tipo', KINDS, { defaultValue: 'discount' }),
    discountPercent: decimal('Desconto (%)', { scale: 4, integers: 3, max: '100', hint: 'Sobre o preço da tabela de cada produto.' }),
    price: decimal('Preço da campanha', { scale: 4, hint: 'O preço unitário de cada produto da campanha.' }),
    minimumQuantity: decimal('Quantidade mínima', { scale: 4, integers: 9, hint: 'Por item do pedido. Em branco: qualquer quantidade.' }),
    clientLimit: decimal('Limite por cliente', { scale: 4, integers: 9, hint: 'Unidades que um cliente compra na campanha. Em branco: sem limite.' }),
    totalLimit: decimal('Limite total', { scale: 4, integers: 9, hint: 'Unidades da campanha em todos os pedidos. Em branco: sem limite.' }),
    productIds: references('Produtos', 'products', { max: 100, hint: 'Em branco com grupos e empresas em branco: todos os produtos.' }),
    productGroupIds: references('Grupos de produtos', 'product-groups', { max: MAX_CAMPAIGN_TARGETS }),
    productCompanyIds: references('Empresas de produtos', 'product-companies', { max: MAX_CAMPAIGN_TARGETS }),
    branchIds: references('Filiais', 'branches', { max: 100, hint: 'Em branco: todas as filiais.' }),
    segmentIds: references('Segmentos de clientes', 'segments', { max: MAX_CAMPAIGN_TARGETS, hint: 'Em branco: todos os segmentos.' }),
    regionIds: references('Regiões', 'regions', { max: MAX_CAMPAIGN_TARGETS, hint: 'Em branco: todas as regiões.' }),
    observations: observationsField(),
  },
  checks: (v) => {
    const out: { field: 'validUntil' | 'discountPercent' | 'price' | 'clientLimit' | 'totalLimit' | 'regionIds'; message: Said }[] = [];
    if (v.validFrom && v.validUntil && v.validUntil < v.validFrom) out.push({ field: 'validUntil', message: CampaignTexts.window() });
    if (v.kind === 'discount' && !positive(v.discountPercent)) out.push({ field: 'discountPercent', message: CampaignTexts.discountRequired() });
    if (v.kind === 'price' && !positive(v.price)) out.push({ field: 'price', message: CampaignTexts.priceRequired() });
    const minimum = v.minimumQuantity ? new Decimal(v.minimumQuantity) : null;
    for (const field of ['clientLimit', 'totalLimit'] as const) {
      const limit = v[field];
      if (limit !== null && minimum && new Decimal(limit).lt(minimum)) out.push({ field, message: CampaignTexts.limitBelowMinimum() });
    }
    const targets = v.productGroupIds.length + v.productCompanyIds.length + v.segmentIds.length + v.regionIds.length;
    if (targets > MAX_CAMPAIGN_TARGETS) out.push({ field: 'regionIds', message: CampaignTexts.tooManyTargets({ max: MAX_CAMPAIGN_TARGETS }) });
    return out;
  },
  columns: ['name', 'validFrom', 'validUntil', 'kind', 'discountPercent', 'price', 'status'],
  form: [
    { rows: [['name', 'status'], ['validFrom', 'validUntil']] },
    { title: 'Preço', rows: [['kind', 'discountPercent', 'price'], ['minimumQuantity', 'clientLimit', 'totalLimit']] },
    { title: 'Produtos', rows: [['productIds'], ['productGroupIds', 'productCompanyIds']] },
    { title: 'Para quem', rows: [['branchIds'], ['segmentIds', 'regionIds']] },
    { rows: [['observations']] },
  ],
});
