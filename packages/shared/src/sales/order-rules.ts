import { Decimal, formatMoney } from '../money';
import { isBlockedSituation, isIncomplete, type Client } from '../schemas/clients';
import type { Said } from '../texts';
import { minimumPriceIssue, SaleTexts } from './texts';

/**
 * The close's own rules on an order (docs/sales.md "Closing"), one function for the server and for
 * a device without signal (docs/offline.md): what the client, the sale type and the payment
 * condition allow, and each line's price against its minimum. The server reads the facts and
 * throws the first refusal; the device judges the order it holds the same way before queueing it.
 * The campaigns' rules (in force, required) sit between the two steps on the server, as they read
 * what the device cannot know for sure (another order's use of a limit).
 */

/** A refusal: its code, the field it names (null: the order as a whole) and its text. */
export interface OrderRefusal {
  code: 'validation' | 'sales.client_invalid';
  field: string;
  said: Said;
}

/** What the rules read of an order. */
export interface RuledOrder {
  clientId: string | null;
  salesmanId: string | null;
  situation: 'normal' | 'free' | string;
  generalDiscountPercent?: string | null;
  decimals: number;
  transport: { costing: number | null };
  totals: { count: number; total: string; discounts: { loyalty?: string | null } };
  items: readonly { index: number; name: string; unitPrice: string; discountPercent?: string | null; minimumPrice: string | null; cancelled?: boolean; campaign?: { price: string | null } | null }[];
}

export interface OrderSettings {
  checkCustomerRegistration: boolean;
  transportRequired: boolean;
}

/** The first step: the client (not blocked, complete where the company checks it), a salesman, a line. */
export function clientRules(order: RuledOrder, client: Pick<Client, 'situation'> & Parameters<typeof isIncomplete>[0], settings: OrderSettings): OrderRefusal | null {
  if (isBlockedSituation(client.situation)) return { code: 'sales.client_invalid', field: 'clientId', said: SaleTexts.clientInvalid() };
  if (settings.checkCustomerRegistration && isIncomplete(client)) return { code: 'validation', field: 'clientId', said: SaleTexts.clientIncomplete() };
  if (!order.salesmanId) return { code: 'validation', field: 'salesmanId', said: SaleTexts.salesmanRequired() };
  if (order.totals.count === 0) return { code: 'validation', field: 'items', said: SaleTexts.itemsRequired() };
  return null;
}

/** Whether the order moves no money: a free order, or a sale type without financial movement. */
export const movesNoMoney = (order: Pick<RuledOrder, 'situation'>, nature: Readonly<Record<string, unknown>> | null) => order.situation === 'free' || (nature !== null && nature.financialMovement === false);

/**
 * The second step: a payment condition where money moves, the transport where the company requires
 * it, the condition's minimum invoice against the order's value (the cashback and points used pay
 * part of it: docs/loyalty.md).
 */
export function paymentRules(order: RuledOrder, nature: Readonly<Record<string, unknown>> | null, condition: Readonly<Record<string, unknown>> | null, settings: OrderSettings): OrderRefusal | null {
  const noPayment = movesNoMoney(order, nature);
  if (!noPayment && !condition) return { code: 'validation', field: 'paymentConditionId', said: SaleTexts.paymentRequired() };
  if (settings.transportRequired && order.transport.costing === null) return { code: 'validation', field: 'transport.costing', said: SaleTexts.transportRequired() };
  const minimum = noPayment ? null : (condition?.minimumInvoice as string | null | undefined);
  const invoiced = new Decimal(order.totals.total).plus(order.totals.discounts.loyalty ?? 0);
  if (minimum && invoiced.lt(minimum)) {
    const f = (v: Decimal.Value) => formatMoney(v, order.decimals);
    return { code: 'validation', field: 'paymentConditionId', said: SaleTexts.minimumInvoice({ total: f(invoiced), minimum: f(minimum), difference: f(new Decimal(minimum).minus(invoiced)) }) };
  }
  return null;
}

/** The lines whose unit the client pays below its product's minimum (after the line's and the general discount), each on its price. */
export function belowMinimum(order: RuledOrder, priced: (item: RuledOrder['items'][number]) => boolean = () => true): { field: string; said: Said }[] {
  return order.items.filter(priced).flatMap((item) => {
    const said = minimumPriceIssue(item, { generalDiscountPercent: order.generalDiscountPercent, free: order.situation === 'free' }, order.decimals);
    return said ? [{ field: `items.${item.index}.unitPrice`, said }] : [];
  });
}
