import { addDays, daysBetween } from '@ev/shared/calendar';
import Decimal from 'decimal.js';
import { placesIn, toFixed } from '@ev/shared/money';
import type { Subject } from '@ev/shared/permissions';
import type { AiClientSummary, AiUsualProduct } from '@ev/shared/schemas/ai';
import { Clients } from '../clients';
import { Financial } from '../clients/financial';
import { Clock } from '../clock';
import { currentUserActor } from '../context';
import { Sales } from '../sales';
import { Schedulings } from '../schedulings';
import { Tenants } from '../tenants';
import { Users } from '../users';

/**
 * The client summary (docs/ai.md "The client summary"): what the assistant (and the panel beside a
 * conversation) knows of the conversation's client. Each part is read through its module's public
 * functions, and only where the user may read that module's records: a part the user's profile
 * does not read (sales, the financial position, schedulings) comes empty, so the assistant never
 * shows or hands a model what the user could not open himself. The caller proved the user sees the
 * conversation (and so its client).
 */

/** The latest closed sales read for the rhythm. */
export const SUMMARY_SALES = 10;
/** The usual products shown. */
export const SUMMARY_USUAL = 5;
/** Pages of the completed schedulings read for the client's last visit (20 each). */
const VISIT_PAGES = 5;

const may = (subject: Subject) => currentUserActor().ability.can('read', subject);

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * The products the client usually buys and has not bought lately: bought in at least two of its
 * latest sales, and not for longer than its own rhythm, that is the client's rhythm times how many
 * of the sales it comes in (a product in half the orders is expected every second purchase). The
 * longest missed first.
 */
export function usualMissed(items: { productId: string; ref: string | null; name: string; orders: number; lastDate: string; lastQuantity: string }[], sales: number, rhythmDays: number | null, today: string): AiUsualProduct[] {
  if (rhythmDays === null || sales < 2) return [];
  return items
    .filter((i) => i.orders >= 2)
    .map((i) => {
      const daysSince = daysBetween(i.lastDate, today);
      const every = Math.max(1, Math.round((rhythmDays * sales) / i.orders));
      return { item: i, daysSince, late: daysSince - every };
    })
    .filter((x) => x.late > 0)
    .sort((a, b) => b.late - a.late || a.item.name.localeCompare(b.item.name, 'pt-BR'))
    .slice(0, SUMMARY_USUAL)
    .map(({ item, daysSince }) => ({ productId: item.productId, ref: item.ref, name: item.name, orders: item.orders, lastDate: item.lastDate, lastQuantity: item.lastQuantity, daysSince }));
}

async function purchasesOf(clientId: string, today: string) {
  const page = await Sales.pageOfClient(clientId, { limit: SUMMARY_SALES });
  const last = page.items
    .filter((s) => s.status !== 'typing' && s.status !== 'cancelled' && s.number !== null)
    .map((s) => ({ saleId: s.id, number: s.number!, date: s.orderDate, total: s.total, status: s.status }));
  const dates = [...new Set(last.map((s) => s.date))].sort();
  const gaps = dates.slice(1).map((d, i) => daysBetween(dates[i]!, d));
  const rhythmDays = median(gaps);
  const newest = dates[dates.length - 1];
  let nextExpected = rhythmDays !== null && newest ? addDays(newest, rhythmDays) : null;
  // Past already: expected now.
  if (nextExpected && nextExpected < today) nextExpected = today;
  return { last, rhythmDays, nextExpected };
}

async function titlesOf(clientId: string): Promise<AiClientSummary['titles']> {
  const position = await Financial.position(clientId);
  const open = position.installments.filter((i) => i.status === 'pending' || i.status === 'overdue');
  const overdue = open.filter((i) => i.status === 'overdue');
  // At the installments' own places (the branch's decimals they were written with), as the position's totals.
  const places = placesIn(open.map((i) => i.openValue));
  const sum = (list: typeof open) => toFixed(list.reduce((acc, i) => acc.plus(i.openValue), new Decimal(0)), places);
  return {
    openCount: open.length,
    openValue: sum(open),
    overdueCount: overdue.length,
    overdueValue: sum(overdue),
    oldestOverdue: overdue.map((i) => i.dueDate).sort()[0] ?? null,
  };
}

async function lastVisitOf(clientId: string): Promise<AiClientSummary['lastVisit']> {
  let cursor: string | undefined;
  for (let page = 0; page < VISIT_PAGES; page++) {
    const res = await Schedulings.list({ list: 'completed', status: 'completed', clientId, limit: 20, cursor });
    const found = res.items[0];
    if (found) {
      const s = await Schedulings.get(found.id);
      return { id: s.id, date: s.date, status: s.status, occurrence: s.occurrenceTypeName, notes: s.closingObservations ?? s.observations };
    }
    cursor = res.nextCursor ?? undefined;
    if (!cursor) break;
  }
  return null;
}

const NO_TITLES: AiClientSummary['titles'] = { openCount: 0, openValue: '0.00', overdueCount: 0, overdueValue: '0.00', oldestOverdue: null };

/** The summary of a client the caller proved visible (its conversation's). */
export async function clientSummary(clientId: string): Promise<AiClientSummary> {
  const [client, { timezone }] = await Promise.all([Clients.find(clientId), Tenants.company()]);
  const today = Clock.today(timezone);
  const sales = may('vendas');
  const [purchases, products, titles, lastVisit, people] = await Promise.all([
    sales ? purchasesOf(clientId, today) : Promise.resolve({ last: [], rhythmDays: null, nextExpected: null }),
    sales ? Sales.productsOfClient(clientId) : Promise.resolve({ sales: 0, items: [] }),
    may('clientes') ? titlesOf(clientId) : Promise.resolve(NO_TITLES),
    may('agendamentos') ? lastVisitOf(clientId) : Promise.resolve(null),
    client.salesmanId ? Users.people([client.salesmanId]) : Promise.resolve(new Map<string, { name: string }>()),
  ]);
  const summary = Clients.summary(client);
  return {
    client: { id: client.id, name: client.name, nickname: client.nickname ?? null, city: summary.city ?? null, salesmanName: client.salesmanId ? (people.get(client.salesmanId)?.name ?? null) : null },
    purchases,
    titles,
    lastVisit,
    usual: usualMissed(products.items, products.sales, purchases.rhythmDays, today),
  };
}
