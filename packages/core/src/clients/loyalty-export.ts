import { Decimal, formatDecimalAtLeast } from '@ev/shared/money';
import { LoyaltyOwedQuery } from '@ev/shared/schemas/loyalty';
import { defineExport } from '../exports/index';
import { Loyalty } from './loyalty';

/**
 * The loyalty balances the company owes as a file (docs/loyalty.md "Balances owed"): a line per
 * client with a balance, then the company's total, read through the page's own function (its
 * ability and scope hold in the job too).
 */
/** An amount at its own places, at least 2 (a branch of 4 decimals keeps its 4). */
const money = (v: Decimal.Value) => formatDecimalAtLeast(v, 2);

export const loyaltyBalancesExport = defineExport({
  name: 'loyalty-balances',
  subject: 'clientes',
  action: 'read',
  title: 'Saldos de cashback e pontos',
  query: LoyaltyOwedQuery.omit({ cursor: true, limit: true }),
  columns: () => [
    { key: 'client', header: 'Cliente', width: '*' },
    { key: 'cashback', header: 'Cashback (R$)', align: 'right' },
    { key: 'points', header: 'Pontos', align: 'right' },
    { key: 'pointsValue', header: 'Valor dos pontos (R$)', align: 'right' },
    { key: 'total', header: 'Total (R$)', align: 'right' },
  ],
  stamp: 'day',
  async *rows() {
    let cursor: string | undefined;
    let last: Awaited<ReturnType<typeof Loyalty.owed>> | undefined;
    do {
      last = await Loyalty.owed({ cursor, limit: 100 });
      yield last.items.map((i) => ({
        client: i.clientName,
        cashback: money(i.cashback),
        points: String(i.points),
        pointsValue: money(i.pointsValue),
        total: money(new Decimal(i.cashback).plus(i.pointsValue)),
      }));
      cursor = last.nextCursor ?? undefined;
    } while (cursor);
    yield [{ client: 'Total da empresa', cashback: money(last.cashback), points: String(last.points), pointsValue: money(last.pointsValue), total: money(last.total) }];
  },
});
