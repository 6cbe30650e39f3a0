import { LoyaltyTexts, type LoyaltyUse, type SaleLoyalty } from '@ev/shared/schemas/loyalty';
import type { Sale } from '@ev/shared/schemas/sales';
import { loyaltyDiscount } from '@ev/shared/sales/loyalty';
import { Decimal, formatMoney, placesOf, roundHalfUp } from '@ev/shared/money';
import type { ClientRecord } from '../clients';
import { Loyalty, loyaltyRates, type SaleLoyaltyFacts } from '../clients/loyalty';
import { DomainError, fieldError } from '../errors';
import { invalid } from './access';

/**
 * An order's use of the client's cashback and points (docs/loyalty.md "In an order"), as a draft
 * stores it: checked against the company's settings and the balance the client may use today,
 * priced at today's point value (the close debits what the draft priced). An edit of a pending
 * sale keeps the use its close debited: another one is refused.
 */

const usedCashback = (use: LoyaltyUse, decimals: number) => roundHalfUp(new Decimal(use.cashback || 0), placesOf(decimals));
export const usesLoyalty = (use: LoyaltyUse | undefined) => !!use && (new Decimal(use.cashback || 0).gt(0) || use.points > 0);

/** The use as the close and the moves read it: the cashback at the sale's places, whole points. */
export function saleLoyaltyFacts(sale: Pick<Sale, 'loyaltyUse' | 'loyalty' | 'decimals'>): SaleLoyaltyFacts {
  const use = sale.loyalty && sale.loyaltyUse ? { cashback: usedCashback(sale.loyaltyUse, sale.decimals), points: sale.loyaltyUse.points } : { cashback: new Decimal(0), points: 0 };
  return { use, credit: sale.loyalty?.credit ?? null, reversed: sale.loyalty?.reversed ?? null, returned: sale.loyalty?.returned ?? false };
}

/**
 * What a draft's use takes off its total (`loyaltyDiscount`) and the facts the sale keeps (null: no
 * use). `order`: what the draft is (a free order or a consignment takes none).
 */
export async function draftLoyalty(
  use: LoyaltyUse,
  client: ClientRecord | null,
  order: { free: boolean; consigned: boolean; decimals: number },
  before: Pick<Sale, 'status' | 'loyaltyUse' | 'loyalty'> | null,
): Promise<{ discount: string; loyalty: SaleLoyalty | null }> {
  const places = placesOf(order.decimals);
  if (before && before.status !== 'typing') {
    // A pending sale's correction: the use its close debited stays as it is.
    const kept = before.loyaltyUse ?? { cashback: null, points: 0 };
    if (!new Decimal(use.cashback || 0).equals(kept.cashback || 0) || use.points !== kept.points) throw invalid('loyaltyUse', LoyaltyTexts.editKeeps());
    return { discount: before.loyalty?.discount ?? new Decimal(0).toFixed(places), loyalty: before.loyalty ?? null };
  }
  if (!usesLoyalty(use)) return { discount: new Decimal(0).toFixed(places), loyalty: null };
  if (!client) throw invalid('loyaltyUse', LoyaltyTexts.noClient());
  if (order.free || order.consigned) throw invalid('loyaltyUse', LoyaltyTexts.notHere());
  const rates = await loyaltyRates();
  const cashback = usedCashback(use, order.decimals);
  if (cashback.gt(0) && !rates.cashback) throw invalid('loyaltyUse.cashback', LoyaltyTexts.cashbackOff());
  if (use.points > 0 && !rates.points) throw invalid('loyaltyUse.points', LoyaltyTexts.pointsOff());
  const balance = await Loyalty.available(client.id);
  if (cashback.gt(balance.cashback)) throw invalid('loyaltyUse.cashback', LoyaltyTexts.cashbackOver({ balance: formatMoney(balance.cashback, order.decimals) }));
  if (use.points > balance.points) throw invalid('loyaltyUse.points', LoyaltyTexts.pointsOver({ balance: balance.points.toLocaleString('pt-BR') }));
  const discount = loyaltyDiscount({ cashback: cashback.toFixed(), points: use.points }, rates.pointValue, order.decimals);
  return { discount, loyalty: { pointValue: rates.pointValue, discount, credit: null, reversed: null, returned: false } };
}

/** The use over the order's total before it (the total would go below zero): refused on the use, naming both. */
export function overTotal(totalAfter: string, discount: string, decimals: number): DomainError | null {
  if (!new Decimal(totalAfter).isNegative() || new Decimal(discount).isZero()) return null;
  const before = new Decimal(totalAfter).plus(discount);
  if (before.isNegative()) return null;
  return invalid('loyaltyUse', LoyaltyTexts.overTotal({ used: formatMoney(discount, decimals), total: formatMoney(before, decimals) }));
}

/** The close's refusal when the client's balance no longer covers the order's use (another order used it meanwhile). */
export const loyaltyBalanceChanged = () =>
  new DomainError('sales.loyalty_balance', LoyaltyTexts.balanceChanged(), 'conflict', { fields: [fieldError('loyaltyUse', LoyaltyTexts.balanceChanged())] });
