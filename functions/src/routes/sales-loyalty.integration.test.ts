import { Clock } from '@ev/core/clock';
import { addDays } from '@ev/shared/calendar';
import Papa from 'papaparse';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportAndWait } from '../testing/exports';
import { salesWorld, type SaleBody } from '../testing/sales';
import { setCompanySetting } from '../testing/world';

/**
 * Cashback and points (docs/loyalty.md): credited when a sale reaches paid, taken back (what is
 * left) when it is cancelled or refunded, expiring oldest first after the company's days, used in a
 * later order as a payment discount the close debits in its own step, never below zero however many
 * orders of one client close at once; the balances owed, on the page and as a file.
 */
let s: Awaited<ReturnType<typeof salesWorld>>;
let caixa: string;
let vazio: string;
const here = { latitude: -22.3, longitude: -49.06, accuracy: 20 };
const line = (quantity: string) => ({ productId: caixa, quantity, unitPrice: '100.00' });

beforeAll(async () => {
  s = await salesWorld('Fidelidade');
  for (const [key, value] of [['cashback', true], ['points', true], ['cashbackPercent', '2.00'], ['pointsPerReal', 1], ['pointValue', '0.0100'], ['pointsExpiryDays', 30]] as const) {
    await setCompanySetting(s.w, 'further', key, value);
  }
  [caixa, vazio] = await Promise.all([s.product('Caixa de Água 500ml c/ 12', '100.00', '100000'), s.product('Fardo de Açúcar 5kg', '100.00', '0')]);
}, 60_000);

afterEach(() => Clock.reset());

const ledger = async (clientId: string, token = s.tokens.admin) => {
  const res = await s.api('GET', `/api/clients/${clientId}/loyalty`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { balance: { cashback: string; points: number; pointsValue: string; nextExpiry: { on: string; points: number } | null }; entries: { kind: string; cashback: string; points: number; saleNumber: number | null }[] };
};
const move = async (sale: SaleBody, to: string, token = s.tokens.admin) => {
  const now = await s.read(sale.id, token);
  const res = await s.api('POST', `/api/sales/${sale.id}/status`, { token, body: { version: now.version, to, reason: to === 'cancelled' || to === 'refunded' ? 'Cliente desistiu' : undefined } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SaleBody;
};
const using = (clientId: string, quantity: string, use: { cashback?: string; points?: number }, token = s.tokens.salesman, productId = caixa) =>
  s.api('POST', '/api/sales', { token, body: { clientId, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [{ productId, quantity, unitPrice: '100.00' }], loyaltyUse: use } });
const close = (d: SaleBody, token = s.tokens.salesman) => s.api('POST', `/api/sales/${d.id}/close`, { token, body: { version: d.version, geolocation: here } });
/** A sale of `quantity` boxes closed and moved to paid: the client's credit. */
const paid = async (clientId: string, quantity: string) => move(await s.closed(clientId, [line(quantity)]), 'paid');

describe('the credit', () => {
  it('comes when a sale reaches paid: its cashback % and its points per real, once, with its sale and expiry', async () => {
    const clientId = await s.client();
    const sale = await s.closed(clientId, [line('2')]);
    expect((await ledger(clientId)).balance).toMatchObject({ cashback: '0.00', points: 0 });
    const after = await move(sale, 'paid');
    // 2 % of R$ 200,00 = R$ 4,00; 200 points (1 a real), worth R$ 2,00 at R$ 0,01.
    const today = Clock.today(s.w.tenant.timezone);
    expect(after.loyalty).toMatchObject({ credit: { cashback: '4.00', points: 200, expiresOn: addDays(today, 30) }, reversed: null });
    const l = await ledger(clientId);
    expect(l.balance).toMatchObject({ cashback: '4.00', points: 200, pointsValue: '2.00', nextExpiry: { on: addDays(today, 30), points: 200 } });
    expect(l.entries).toEqual([expect.objectContaining({ kind: 'credit', cashback: '4', points: 200, saleNumber: sale.number })]);
    // Back through processing and pending to paid again: no second credit.
    await move(await move(after, 'processing'), 'pending');
    await move(await s.read(sale.id), 'paid');
    expect((await ledger(clientId)).balance).toMatchObject({ cashback: '4.00', points: 200 });
  });

  it('rounds the cashback once at the branch’s places and gives whole points only', async () => {
    const clientId = await s.client();
    // 3 × R$ 33,33 = R$ 99,99: 2 % is R$ 1,9998 → R$ 2,00; 99 points (99,99 rounded down).
    const cheap = await s.product('Pacote de Biscoito', '33.33', '100');
    const sale = await s.closed(clientId, [{ productId: cheap, quantity: '3', unitPrice: '33.33' }]);
    expect((await move(sale, 'paid')).loyalty.credit).toMatchObject({ cashback: '2.00', points: 99 });
  });
});

describe('the use in a later order', () => {
  it('is a payment discount within the balance, debited by the close; a cancel takes back what is left of the credit and gives the use back', async () => {
    const clientId = await s.client();
    const first = await paid(clientId, '2');
    // More than the balance, of either: refused on the field, nothing saved.
    const tooMuch = await using(clientId, '1', { cashback: '4,01' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields).toEqual([{ field: 'loyaltyUse.cashback', message: 'O cliente tem R$ 4,00 de cashback: informe no máximo esse valor.' }]);
    const tooMany = await using(clientId, '1', { points: 201 });
    expect(tooMany.body.fields).toEqual([{ field: 'loyaltyUse.points', message: 'O cliente tem 200 pontos para usar: informe no máximo esse número.' }]);
    // R$ 3,50 of cashback and 150 points (R$ 1,50) off an order of R$ 100,00.
    const d = await using(clientId, '1', { cashback: '3,50', points: 150 });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(d.body.totals).toMatchObject({ items: '100.00', discounts: { loyalty: '5.00' }, total: '95.00' });
    // Saving does not debit: the close does.
    expect((await ledger(clientId)).balance).toMatchObject({ cashback: '4.00', points: 200 });
    const closed = await close(d.body);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    // The installments follow what is left to pay.
    expect(closed.body.installments.map((i: { value: string }) => i.value)).toEqual(['31.68', '31.66', '31.66']);
    let l = await ledger(clientId);
    expect(l.balance).toMatchObject({ cashback: '0.50', points: 50 });
    expect(l.entries[0]).toMatchObject({ kind: 'use', cashback: '-3.5', points: -150, saleNumber: closed.body.number });

    // The paid sale cancelled: its credit taken back as far as the balance goes (R$ 0,50 and 50 points are left of it).
    const cancelled = await move(first, 'cancelled');
    expect(cancelled.loyalty.reversed).toEqual({ cashback: '0.50', points: 50 });
    expect((await ledger(clientId)).balance).toMatchObject({ cashback: '0.00', points: 0 });
    // The order that used the balance cancelled: the use comes back.
    const back = await move(closed.body, 'cancelled');
    expect(back.loyalty.returned).toBe(true);
    l = await ledger(clientId);
    expect(l.balance).toMatchObject({ cashback: '3.50', points: 150 });
    expect(l.entries.map((e) => e.kind)).toEqual(['return', 'reversal', 'use', 'credit']);
    // Cancelled again is refused by the machine: nothing moves twice.
    expect((await s.api('POST', `/api/sales/${closed.body.id}/status`, { token: s.tokens.admin, body: { version: back.version, to: 'cancelled' } })).status).toBe(409);
  });

  it('cannot pass the order’s total, nor be used in a free order, nor change in a correction', async () => {
    const clientId = await s.client();
    await paid(clientId, '50');
    // R$ 100,00 of cashback against an order of R$ 100,00 is the whole order; R$ 100,01 is over it.
    const over = await s.api('POST', '/api/sales', {
      token: s.tokens.salesman,
      body: { clientId, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [line('1')], otherDiscount: '0,01', loyaltyUse: { cashback: '100' } },
    });
    expect(over.status).toBe(400);
    expect(over.body.fields).toEqual([{ field: 'loyaltyUse', message: 'O saldo usado (R$ 100,00) passa do total do pedido antes dele (R$ 99,99): use no máximo esse total.' }]);
    const free = await s.api('POST', '/api/sales', { token: s.tokens.salesman, body: { clientId, natureId: s.ids.venda, situation: 'free', transport: { costing: 1 }, items: [line('1')], loyaltyUse: { points: 10 } } });
    expect(free.body.fields).toEqual([{ field: 'loyaltyUse', message: 'O saldo de cashback e de pontos não se usa em pedido bonificado nem em venda consignada.' }]);
    const d = await using(clientId, '2', { cashback: '10' });
    const sale = (await close(d.body)).body as SaleBody;
    const body = { clientId, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [{ ...line('3'), index: 0 }], version: sale.version };
    const changed = await s.api('PUT', `/api/sales/${sale.id}`, { token: s.tokens.admin, body: { ...body, loyaltyUse: { cashback: '5' } } });
    expect(changed.status).toBe(400);
    expect(changed.body.fields[0].field).toBe('loyaltyUse');
    // The same use kept: the correction goes through, the discount as the close debited it.
    const kept = await s.api('PUT', `/api/sales/${sale.id}`, { token: s.tokens.admin, body: { ...body, loyaltyUse: { cashback: '10' } } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.totals).toMatchObject({ items: '300.00', discounts: { loyalty: '10.00' }, total: '290.00' });
    expect((await ledger(clientId)).balance.cashback).toBe('90.00');
  });

  it('never goes below zero under 20 concurrent closes of one client; a refused close leaves the balance and its draft as they were', async () => {
    const clientId = await s.client();
    await paid(clientId, '5'); // R$ 10,00 of cashback
    const drafts = [] as SaleBody[];
    for (let i = 0; i < 20; i++) {
      const d = await using(clientId, '1', { cashback: '1' });
      expect(d.status, JSON.stringify(d.body)).toBe(201);
      drafts.push(d.body);
    }
    const closes = await Promise.all(drafts.map((d) => close(d)));
    const won = closes.filter((r) => r.status === 200);
    const refused = closes.filter((r) => r.status !== 200);
    expect(won).toHaveLength(10);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array.from({ length: 10 }, () => [409, 'sales.loyalty_balance']));
    expect(refused[0]!.body.message).toBe('O saldo de cashback ou de pontos do cliente mudou desde que o pedido foi salvo e não cobre mais o que ele usa. Salve o pedido de novo para ver o saldo atual.');
    const l = await ledger(clientId);
    expect(l.balance.cashback).toBe('0.00');
    expect(l.entries.filter((e) => e.kind === 'use')).toHaveLength(10);
    // The refused drafts are drafts still, as typed, and hold no stock.
    for (const r of drafts.filter((_, i) => closes[i]!.status !== 200)) {
      const now = await s.read(r.id);
      expect(now).toMatchObject({ status: 'typing', version: r.version, loyaltyUse: { cashback: '1.0000', points: 0 } });
    }

    // A close refused for another reason (no stock) takes nothing.
    const other = await s.client();
    await paid(other, '5');
    const d = await using(other, '1', { cashback: '2' }, s.tokens.salesman, vazio);
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const stock = await close(d.body);
    expect(stock.status).toBe(409);
    expect(stock.body.code).toBe('sales.stock_insufficient');
    expect((await ledger(other)).balance.cashback).toBe('10.00');
  }, 60_000);
});

describe('the points’ expiry', () => {
  it('takes the oldest points first, on the company’s day, and writes what expired in the ledger', async () => {
    const clientId = await s.client();
    const t0 = Date.now();
    const day = 86_400_000;
    const at = async (days: number) => {
      Clock.set(() => t0 + days * day);
      const [admin, salesman] = await Promise.all([s.w.login(s.w.admin.email), s.w.login(s.w.salesman.email)]).then((l) => l.map((x) => x.accessToken) as [string, string]);
      return { admin, salesman, today: Clock.today(s.w.tenant.timezone) };
    };
    const first = await s.closed(clientId, [line('1')]);
    const second = await s.closed(clientId, [line('1')]);
    let t = await at(0);
    await move(first, 'paid', t.admin); // 100 points, expire on day 30
    t = await at(10);
    await move(second, 'paid', t.admin); // 100 more, expire on day 40
    // 160 points used on day 10: the 100 of day 0 first, then 60 of day 10's.
    const d = await using(clientId, '2', { points: 160 }, t.salesman);
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect((await close(d.body, t.salesman)).status).toBe(200);
    expect((await ledger(clientId, t.admin)).balance).toMatchObject({ points: 40, nextExpiry: { on: addDays(t.today, 30), points: 40 } });
    // Day 30: the first lot's date, but nothing of it is left: nothing expires.
    t = await at(30);
    let l = await ledger(clientId, t.admin);
    expect(l.balance.points).toBe(40);
    expect(l.entries[0]!.kind).toBe('use');
    // Day 40: the 40 left of the second lot expire.
    t = await at(40);
    l = await ledger(clientId, t.admin);
    expect(l.balance).toMatchObject({ points: 0, nextExpiry: null });
    expect(l.entries[0]).toMatchObject({ kind: 'expiry', points: -40 });
  }, 60_000);
});

describe('the balances owed', () => {
  it('are the company’s total and each client’s, for who sees every client, and export as a file', async () => {
    const res = await s.api('GET', '/api/clients/loyalty-balances', { token: s.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const owed = res.body as { cashback: string; points: number; items: { clientId: string; cashback: string; points: number }[] };
    expect(owed.items.length).toBeGreaterThan(0);
    // The company's total is each client's added up (no points expired unseen here: the expiry test used them up).
    const sum = owed.items.reduce((a, i) => a + Math.round(Number(i.cashback) * 100), 0);
    expect(Math.round(Number(owed.cashback) * 100)).toBe(sum);
    expect(owed.points).toBe(owed.items.reduce((a, i) => a + i.points, 0));
    // A salesman sees only his clients: the company's balances are not his to see.
    const salesman = await s.api('GET', '/api/clients/loyalty-balances', { token: s.tokens.salesman });
    expect(salesman.status).toBe(403);
    const { file } = await exportAndWait('loyalty-balances', s.tokens.admin, 'csv', {});
    const rows = Papa.parse<Record<string, string>>(file.text.slice(1), { header: true, delimiter: ';', skipEmptyLines: true }).data;
    expect(rows.at(-1)).toMatchObject({ Cliente: 'Total da empresa', 'Cashback (R$)': owed.cashback.replace('.', ','), Pontos: String(owed.points) });
  });

  it('a client’s ledger is seen only where the client is', async () => {
    const theirs = await s.client('Mercado do Outro', s.w.otherSalesman.id);
    expect((await s.api('GET', `/api/clients/${theirs}/loyalty`, { token: s.tokens.salesman })).status).toBe(404);
    expect((await s.api('GET', `/api/clients/${theirs}/loyalty`, { token: s.tokens.admin })).status).toBe(200);
  });
});

describe('a branch of 4 decimals', () => {
  it('keeps the cashback credited and used to 4 places', async () => {
    const four = await salesWorld('Fidelidade Quatro Casas');
    for (const [key, value] of [['cashback', true], ['cashbackPercent', '3.33']] as const) await setCompanySetting(four.w, 'further', key, value);
    const branch = (await four.api('GET', `/api/branches/${four.matriz}`, { token: four.tokens.admin })).body;
    const { id: _id, active: _a, createdAt: _c, updatedAt: _u, ...fields } = branch;
    expect((await four.api('PUT', `/api/branches/${four.matriz}`, { token: four.tokens.admin, body: { ...fields, decimals: 4 } })).status).toBe(200);
    const [admin, salesman] = await Promise.all([four.w.login(four.w.admin.email), four.w.login(four.w.salesman.email)]).then((l) => l.map((x) => x.accessToken) as [string, string]);
    const item = await four.product('Azeite 500ml', '12.3457', '100');
    const clientId = await four.client();
    const sale = await four.closed(clientId, [{ productId: item, quantity: '3', unitPrice: '12.3457' }], { token: salesman });
    // 3 × 12,3457 = 37,0371; 3,33 % = 1,23333543 → 1,2333.
    const now = (await four.api('GET', `/api/sales/${sale.id}`, { token: admin })).body;
    const moved = await four.api('POST', `/api/sales/${sale.id}/status`, { token: admin, body: { version: now.version, to: 'paid' } });
    expect(moved.body.loyalty.credit.cashback).toBe('1.2333');
    const d = await four.api('POST', '/api/sales', { token: salesman, body: { clientId, natureId: four.ids.venda, paymentConditionId: four.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [{ productId: item, quantity: '1', unitPrice: '12.3457' }], loyaltyUse: { cashback: '1,2333' } } });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(d.body.totals).toMatchObject({ discounts: { loyalty: '1.2333' }, total: '11.1124' });
    expect((await four.api('POST', `/api/sales/${d.body.id}/close`, { token: salesman, body: { version: d.body.version, geolocation: here } })).status).toBe(200);
    expect((await four.api('GET', `/api/clients/${clientId}/loyalty`, { token: admin })).body.balance.cashback).toBe('0.0000');
  }, 60_000);
});
