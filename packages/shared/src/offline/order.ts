import { Decimal } from '../money';
import { candidatesOf, hasDefaultTable, resolvePrice } from '../prices/resolve';
import type { Client } from '../schemas/clients';
import type { OfflineClientTerms, OfflinePriceTable, OfflineProduct } from '../schemas/offline';
import type { SaleDraftInput } from '../schemas/sales';
import { draftRules } from '../sales/draft-rules';
import { judgeLine } from '../sales/line-rules';
import { belowMinimum, clientRules, movesNoMoney, paymentRules, type RuledOrder } from '../sales/order-rules';
import { ruledSalesman } from '../sales/salesman';
import { saleTotals, type SaleTotals } from '../sales/totals';
import { SaleTexts } from '../sales/texts';
import type { Said } from '../texts';

/**
 * An order judged on a device without signal (docs/offline.md "Orders offline"), from what the
 * device holds, through the very functions the server's save and close use: the draft's header
 * rules, each line's price (the shared resolution over the portfolio's tables and prices) and
 * checks, the one totals function, the close's rules on the client and the payment, each line's
 * minimum. What the device cannot know for sure is left to the server, which judges the order
 * again when it arrives: the stock (a snapshot here), the campaigns in force and their limits, the
 * cashback and points (not used offline), and a price below its minimum that an authorizer's
 * password would allow (refused here: no password is kept in a queue).
 */

export interface DeviceFacts {
  /** The client named, as the portfolio holds it (undefined: not in it). */
  client: Client | undefined;
  terms: OfflineClientTerms | undefined;
  products: ReadonlyMap<string, OfflineProduct>;
  priceTables: ReadonlyMap<string, OfflinePriceTable>;
  /** The portfolio's price of a product in a table. */
  priceOf: (tableId: string, productId: string) => string | undefined;
  nature: Readonly<Record<string, unknown>> | null;
  condition: Readonly<Record<string, unknown>> | null;
  settings: { orderDiscounts: boolean; itemDiscounts: boolean; blockPriceChange: boolean; checkCustomerRegistration: boolean; transportRequired: boolean; useOriginalSalesman: boolean };
  user: { id: string; sells: boolean };
  decimals: number;
  /** The business day (the company's time zone) the prices are for. */
  day: string;
}

export interface DeviceJudgement {
  totals: SaleTotals;
  /** Each line's resolved price (null: not sellable). */
  listPrices: (string | null)[];
  /** The first refusal, each of its fields with its text (null: the order may be queued). */
  refusal: { fields: { field: string; said: Said }[] } | null;
}

export function judgeOfflineOrder(draft: SaleDraftInput, f: DeviceFacts): DeviceJudgement {
  const free = draft.situation === 'free';
  const noPayment = movesNoMoney(draft, f.nature);
  const rates = noPayment || !f.condition ? null : { discountRate: (f.condition.discountRate as string | null) ?? null, surchargeRate: (f.condition.surchargeRate as string | null) ?? null };
  const candidates = candidatesOf(f.terms?.priceSources ?? [], f.priceTables, draft.priceTableId);
  const hasDefault = hasDefaultTable(f.terms?.priceSources ?? [], f.priceTables, draft.priceTableId);
  const lines = draft.items.map((line, index) => {
    const product = f.products.get(line.productId);
    const resolved = f.client ? resolvePrice({ productId: line.productId, product, candidates, hasDefault, day: f.day, priceIn: (tableId) => f.priceOf(tableId, line.productId), decimals: f.decimals }) : undefined;
    const judged = judgeLine({ index, line, product, productCompanyId: draft.productCompanyId, resolved, campaign: null, settings: f.settings, free, decimals: f.decimals, fixedPrices: false });
    return { line, product, resolved, judged };
  });
  const totals = saleTotals(
    {
      items: lines.map(({ line, judged }) => ({ quantity: line.quantity, unitPrice: judged.typed, discountPercent: judged.discountPercent, cancelled: line.cancelled })),
      generalDiscountPercent: draft.generalDiscountPercent,
      otherDiscount: draft.otherDiscount,
      transportIncrease: draft.transportIncrease,
      otherIncrease: draft.otherIncrease,
      condition: rates,
      free,
    },
    f.decimals,
  );
  const listPrices = lines.map(({ resolved }) => (resolved && resolved.price !== null ? resolved.price : null));
  const refuse = (fields: { field: string; said: Said }[]): DeviceJudgement => ({ totals, listPrices, refusal: { fields } });

  const client = f.client ? { id: f.client.id, situation: f.client.situation, paymentConditionIds: f.client.paymentConditionIds } : draft.clientId ? undefined : null;
  const header = draftRules({ input: draft, client, nature: f.nature, condition: f.condition, before: null, consigned: draft.consigned, settings: f.settings });
  if (header) return refuse(header.fields);
  const problems = lines.flatMap(({ judged }) => judged.problems);
  if (problems.length) return refuse(problems);
  if (new Decimal(totals.total).isNegative()) return refuse([{ field: 'otherDiscount', said: SaleTexts.totalNegative() }]);
  if (!f.client) return refuse([{ field: 'clientId', said: SaleTexts.clientRequired() }]);
  const order: RuledOrder = {
    clientId: f.client.id,
    salesmanId: ruledSalesman({ useOriginalSalesman: f.settings.useOriginalSalesman, clientSalesmanId: f.client.salesmanId, user: f.user }) ?? draft.salesmanId,
    situation: draft.situation,
    generalDiscountPercent: draft.generalDiscountPercent,
    decimals: f.decimals,
    transport: draft.transport,
    totals,
    items: lines.map(({ line, product, judged }, index) => ({ index, name: product?.name ?? '', unitPrice: new Decimal(judged.typed).toFixed(4), discountPercent: judged.discountPercent, minimumPrice: product?.minimumPrice ?? null, cancelled: line.cancelled })),
  };
  for (const r of [clientRules(order, f.client, f.settings), paymentRules(order, f.nature, f.condition, f.settings)]) if (r) return refuse([{ field: r.field, said: r.said }]);
  const below = belowMinimum(order);
  if (below.length) return refuse(below);
  return { totals, listPrices, refusal: null };
}
