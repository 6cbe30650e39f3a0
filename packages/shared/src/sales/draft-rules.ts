import { cfopType } from '../br';
import { Decimal } from '../money';
import { isBlockedSituation } from '../schemas/clients';
import type { Said } from '../texts';
import { movesNoMoney } from './order-rules';
import { SaleTexts } from './texts';

/**
 * A draft's header against what it names (docs/sales.md "Rules at a save"), one function for the
 * server's save and for a device without signal (docs/offline.md): the client not blocked, the sale
 * type an active exit nature, the payment condition one the client may use, no payment on a free
 * order or a sale type that moves no money, order discounts where the company allows them. Answers
 * the first refusal, on its fields, or null.
 */

export interface DraftRefusal {
  fields: { field: string; said: Said }[];
}

export interface DraftFacts {
  input: { clientId: string | null; natureId: string | null; paymentConditionId: string | null; paymentType: string | null; situation: string; generalDiscountPercent?: string | null; otherDiscount?: string | null };
  /** The client named (null: none named; undefined: named but not found in the user's scope). */
  client: { id: string; situation: Parameters<typeof isBlockedSituation>[0]; paymentConditionIds: readonly string[] } | null | undefined;
  nature: Readonly<Record<string, unknown>> | null;
  condition: Readonly<Record<string, unknown>> | null;
  /** What the draft had before this save (a new one: nothing): a client or a sale type that became unusable since stays on it. */
  before: { clientId: string | null; natureId: string | null } | null;
  consigned: boolean;
  settings: { orderDiscounts: boolean };
}

const one = (field: string, said: Said): DraftRefusal => ({ fields: [{ field, said }] });

export function draftRules({ input, client, nature, condition, before, consigned, settings }: DraftFacts): DraftRefusal | null {
  if (input.clientId && client === undefined) return one('clientId', SaleTexts.clientMissing());
  // A client in analysis or problem cannot be chosen; one that became so after the draft began
  // stays on it (the close says so with the spec's "client now invalid").
  if (client && isBlockedSituation(client.situation) && client.id !== before?.clientId) return one('clientId', SaleTexts.clientBlocked());
  if (input.natureId && !nature) return one('natureId', SaleTexts.natureMissing());
  // A sale type is an active exit nature; one deactivated after the draft chose it stays on it (as a client does).
  if (nature && input.natureId !== before?.natureId) {
    const name = String(nature.name ?? '');
    if ((nature.type ?? cfopType(String(nature.cfop ?? ''))) === 'entry') return one('natureId', SaleTexts.natureNotSale({ name }));
    if (nature.status !== 'active') return one('natureId', SaleTexts.natureInactive({ name }));
  }
  if (input.paymentConditionId && !condition) return one('paymentConditionId', SaleTexts.conditionMissing());
  const free = input.situation === 'free';
  // A free order, or a sale type without financial movement, has no payment: a payment sent is
  // refused on its fields (as the other locked fields are), never dropped unsaid.
  const noPayment = movesNoMoney(input, nature);
  if (noPayment && (input.paymentType || input.paymentConditionId)) {
    const said = free ? SaleTexts.freeNoPayment() : SaleTexts.natureNoPayment({ name: String(nature?.name ?? '') });
    return { fields: [...(input.paymentType ? [{ field: 'paymentType', said }] : []), ...(input.paymentConditionId ? [{ field: 'paymentConditionId', said }] : [])] };
  }
  if (!noPayment && condition && client && client.paymentConditionIds.length > 0 && !client.paymentConditionIds.includes(condition.id as string)) {
    return one('paymentConditionId', SaleTexts.paymentNotAllowed());
  }
  const orderDiscount = [consigned ? null : input.generalDiscountPercent, input.otherDiscount].some((v) => v && !new Decimal(v).isZero());
  if (orderDiscount && !settings.orderDiscounts) return one(input.generalDiscountPercent ? 'generalDiscountPercent' : 'otherDiscount', SaleTexts.orderDiscountsOff());
  return null;
}
