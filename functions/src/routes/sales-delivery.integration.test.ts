import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '@ev/core/clock';
import { resetEnv } from '@ev/core/env';
import { newId } from '@ev/core/ids';
import { Logs } from '@ev/core/logs';
import { DELIVERY_LINK_TTL_SECONDS, DELIVERY_THROTTLE } from '@ev/core/sales/delivery';
import { deliveryToken, forged, receiptSale } from '../testing/delivery';
import { salesWorld, type SaleBody } from '../testing/sales';
import { makeWorld } from '../testing/world';

/**
 * The public delivery confirmation (docs/sales.md "The delivery confirmation"): a sale's signed
 * link, the page's preview and confirm, single use, refused when forged, for another sale or
 * company, expired, on a cancelled or not yet dispatched sale, throttled, and never in a log.
 */
let s: Awaited<ReturnType<typeof salesWorld>>;
beforeAll(async () => {
  s = await salesWorld('Entrega');
});
afterEach(() => {
  Clock.reset();
});

/** A fresh address per call site, so no test counts another's attempts. */
const address = () => `2001:db8:${newId().slice(-4)}::${newId().slice(-4)}`;
const UA = 'Mozilla/5.0 (Linux; Android 14) Celular do motorista';

const preview = (token: string, from = address()) => s.api('POST', '/api/sales/delivery/preview', { body: { token }, headers: { 'x-ev-client-address': from, 'user-agent': UA } });
const confirm = (token: string, from = address()) => s.api('POST', '/api/sales/delivery/confirm', { body: { token }, headers: { 'x-ev-client-address': from, 'user-agent': UA } });

const INVALID = 'Este link de confirmação de entrega não é válido. Confira se ele foi aberto inteiro ou peça um novo link à empresa.';
const EXPIRED = 'Este link de confirmação de entrega expirou. Peça um novo link à empresa.';

/** The sale is as it was: still in receipt, its version and history unchanged, its goods still reserved. */
async function unchanged(sale: SaleBody, productId: string, reserved: string) {
  const now = await s.read(sale.id);
  expect(now).toMatchObject({ status: 'receipt', version: sale.version });
  expect(now.history).toHaveLength(sale.history.length);
  expect((await s.balance(productId)).reserved).toBe(reserved);
}

describe('the link', () => {
  it('is read by who sees the sale: its salesman and the office; another salesman gets 404; a draft has none (409)', async () => {
    const productId = await s.product(`Feijão ${s.tag}`, '8.00', '20');
    const sale = await receiptSale(s, [{ productId, quantity: '1', unitPrice: '8.00' }]);
    const before = Clock.seconds();
    const res = await s.api('GET', `/api/sales/${sale.id}/delivery-link`, { token: s.tokens.salesman });
    expect(res.status).toBe(200);
    expect(res.body.path).toMatch(/^\/sales\/delivery#[\w-]{82}$/);
    expect(res.body.url).toBe(`${process.env.PUBLIC_URL ?? 'http://localhost:3000'}${res.body.path}`);
    const expires = Date.parse(`${res.body.expiresAt as string}Z`) / 1000;
    expect(expires - before).toBeGreaterThanOrEqual(DELIVERY_LINK_TTL_SECONDS);
    expect(expires - before).toBeLessThan(DELIVERY_LINK_TTL_SECONDS + 60);
    // Each call signs a new link (its nonce): both work.
    const again = await s.api('GET', `/api/sales/${sale.id}/delivery-link`, { token: s.tokens.admin });
    expect(again.body.path).not.toBe(res.body.path);
    expect((await s.api('GET', `/api/sales/${sale.id}/delivery-link`, { token: s.tokens.other })).status).toBe(404);
    const draft = await s.draft(await s.client(), [{ productId, quantity: '1', unitPrice: '8.00' }]);
    const refused = await s.api('GET', `/api/sales/${draft.id}/delivery-link`, { token: s.tokens.salesman });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Um rascunho não tem link de confirmação de entrega: feche o pedido primeiro.');
  });
});

describe('confirming', () => {
  it('shows the order, its client and its volume count, delivers it once through the status machine (the reservation delivered) and answers the second visit as delivered', async () => {
    const [rice, beans, oil] = await Promise.all([s.product(`Arroz 5 kg ${s.tag}`, '25.00', '40'), s.product(`Feijão 1 kg ${s.tag}`, '8.00', '40'), s.product(`Óleo ${s.tag}`, '7.50', '40')]);
    const sale = await receiptSale(s, [
      { productId: rice, quantity: '3', unitPrice: '25.00' },
      { productId: beans, quantity: '2.5', unitPrice: '8.00' },
      { productId: oil, quantity: '4', unitPrice: '7.50', cancelled: true },
    ]);
    expect(await s.balance(rice)).toEqual({ available: '37', reserved: '3' });
    const token = await deliveryToken(s, sale.id);

    const shown = await preview(token);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    // The volume count: the quantities of the counted lines (the cancelled oil left out).
    expect(shown.body).toEqual({ number: sale.number, clientName: sale.clientName, volumes: '5.5', lines: 2, delivered: false, deliveredAt: null });
    expect(await s.read(sale.id)).toMatchObject({ status: 'receipt', version: sale.version });

    const from = address();
    const done = await confirm(token, from);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ number: sale.number, delivered: true, deliveredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    const after = await s.read(sale.id);
    expect(after).toMatchObject({ status: 'delivered', version: sale.version + 1 });
    expect(after.history.at(-1)).toMatchObject({ from: 'receipt', to: 'delivered', userId: null, at: done.body.deliveredAt, confirmation: { via: 'link', address: from, userAgent: UA } });
    // The reservation became a delivery: the goods left the stock.
    expect(await s.balance(rice)).toEqual({ available: '37', reserved: '0' });
    expect(await s.balance(beans)).toEqual({ available: '37.5', reserved: '0' });
    expect(await s.balance(oil)).toEqual({ available: '40', reserved: '0' });

    // Single use: again, the sale is already delivered (the success page), and nothing moves.
    const twice = await confirm(token);
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual(done.body);
    expect(await preview(token)).toMatchObject({ status: 200, body: done.body });
    const still = await s.read(sale.id);
    expect(still.version).toBe(after.version);
    expect(still.history.filter((h: { to: string }) => h.to === 'delivered')).toHaveLength(1);
    expect(await s.balance(rice)).toEqual({ available: '37', reserved: '0' });
  });

  it('confirmed by several calls at once, delivers once', async () => {
    const productId = await s.product(`Macarrão ${s.tag}`, '4.00', '30');
    const sale = await receiptSale(s, [{ productId, quantity: '6', unitPrice: '4.00' }]);
    const token = await deliveryToken(s, sale.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm(token)));
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(answers[0]!.body.delivered).toBe(true);
    const after = await s.read(sale.id);
    expect(after).toMatchObject({ status: 'delivered', version: sale.version + 1 });
    expect(after.history.filter((h: { to: string }) => h.to === 'delivered')).toHaveLength(1);
    expect(await s.balance(productId)).toEqual({ available: '24', reserved: '0' });
  });
});

describe('refused, nothing changed', () => {
  it('a forged or changed link, a link naming another sale or another company (403, the same text)', async () => {
    const productId = await s.product(`Açúcar ${s.tag}`, '5.00', '30');
    const [sale, other] = await Promise.all([receiptSale(s, [{ productId, quantity: '2', unitPrice: '5.00' }]), receiptSale(s, [{ productId, quantity: '3', unitPrice: '5.00' }])]);
    const token = await deliveryToken(s, sale.id);
    const elsewhere = await makeWorld('Outra entrega');
    const flipped = token.slice(0, 40) + (token[40] === 'A' ? 'B' : 'A') + token.slice(41);
    const cases = {
      random: 'qualquer-coisa',
      flipped,
      // The spare bits of the last character: the same bytes, another text.
      spareBits: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
      anotherSale: forged(token, { saleId: other.id }),
      anotherCompany: forged(token, { tenantId: elsewhere.tenant.id }),
      longer: forged(token, { expires: 4_000_000_000 }),
      truncated: token.slice(0, 60),
    };
    for (const [name, t] of Object.entries(cases)) {
      for (const send of [preview, confirm]) {
        const res = await send(t);
        expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(403);
        expect(res.body).toMatchObject({ code: 'sales.delivery_invalid', message: INVALID, key: 'salesDelivery.invalid' });
      }
    }
    const empty = await confirm('');
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual([{ field: 'token', message: INVALID }]);
    await unchanged(sale, productId, '5');
    await unchanged(other, productId, '5');
  });

  it('an expired link (403), one that still works until its expiry', async () => {
    const productId = await s.product(`Café ${s.tag}`, '15.00', '10');
    const sale = await receiptSale(s, [{ productId, quantity: '1', unitPrice: '15.00' }]);
    const token = await deliveryToken(s, sale.id);
    const start = Date.now();
    Clock.set(() => start + (DELIVERY_LINK_TTL_SECONDS - 120) * 1000);
    expect((await preview(token)).status).toBe(200);
    Clock.set(() => start + (DELIVERY_LINK_TTL_SECONDS + 1) * 1000);
    for (const send of [preview, confirm]) {
      const res = await send(token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'sales.delivery_expired', message: EXPIRED, key: 'salesDelivery.expired' });
    }
    Clock.reset();
    await unchanged(sale, productId, '1');
  });

  it('a cancelled sale, a refunded one and one not yet out for delivery (409, each its reason)', async () => {
    const productId = await s.product(`Sal ${s.tag}`, '2.00', '30');
    const line = [{ productId, quantity: '1', unitPrice: '2.00' }];
    const [cancelled, pending] = await Promise.all([receiptSale(s, line), s.closed(await s.client(), line)]);
    const [cancelToken, pendingToken] = await Promise.all([deliveryToken(s, cancelled.id), deliveryToken(s, pending.id)]);
    const moved = await s.api('POST', `/api/sales/${cancelled.id}/status`, { token: s.tokens.admin, body: { version: cancelled.version, to: 'cancelled' } });
    expect(moved.status).toBe(200);
    for (const send of [preview, confirm]) {
      const res = await send(cancelToken);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'sales.delivery_cancelled', message: `O pedido ${cancelled.number} foi cancelado e não pode ser confirmado como entregue.` });
      const early = await send(pendingToken);
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({
        code: 'sales.delivery_not_ready',
        message: `O pedido ${pending.number} ainda não saiu para entrega e não pode ser confirmado como entregue agora. Confirme quando as mercadorias chegarem.`,
      });
    }
    expect(await s.read(cancelled.id)).toMatchObject({ status: 'cancelled', version: moved.body.version });
    expect(await s.read(pending.id)).toMatchObject({ status: 'pending', version: pending.version });
    // Refunded after its delivery: refused too.
    const sold = await receiptSale(s, line);
    const soldToken = await deliveryToken(s, sold.id);
    expect((await confirm(soldToken)).status).toBe(200);
    const delivered = await s.read(sold.id);
    expect((await s.api('POST', `/api/sales/${sold.id}/status`, { token: s.tokens.admin, body: { version: delivered.version, to: 'refunded' } })).status).toBe(200);
    const refunded = await confirm(soldToken);
    expect(refunded.status).toBe(409);
    expect(refunded.body.message).toBe(`O pedido ${sold.number} foi estornado e não pode ser confirmado como entregue.`);
  });
});

describe('throttled like the logins', () => {
  const WINDOW_MS = DELIVERY_THROTTLE.windowSeconds * 1000;
  /** A settable clock, `offsetSeconds` into the next throttle window (the links signed now still work). */
  function clockInWindow(offsetSeconds: number) {
    const now = (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS + offsetSeconds * 1000;
    Clock.set(() => now);
  }
  /**
   * The sale's status as the office reads it on the real clock: the office's session was signed
   * on it, and the next window may start past its access token's 15 minutes.
   */
  async function statusNow(id: string) {
    const now = Clock.now();
    Clock.reset();
    try {
      return (await s.read(id)).status;
    } finally {
      Clock.set(() => now);
    }
  }

  it('per address: 20 refused links close the window for that address (429, even for a good link); another address still confirms', async () => {
    const productId = await s.product(`Farinha ${s.tag}`, '6.00', '10');
    const sale = await receiptSale(s, [{ productId, quantity: '1', unitPrice: '6.00' }]);
    const token = await deliveryToken(s, sale.id);
    clockInWindow(10);
    const from = address();
    for (let i = 0; i < DELIVERY_THROTTLE.perAddress; i++) expect((await preview(forged(token, { saleId: newId() }), from)).status).toBe(403);
    const closed = await confirm(token, from);
    expect(closed.status).toBe(429);
    expect(closed.body).toMatchObject({ code: 'sales.delivery_throttled', message: 'Muitas tentativas de acesso sem sucesso. Aguarde alguns minutos e tente novamente.', key: 'api.throttled' });
    expect(closed.headers.get('retry-after')).toBe(String(DELIVERY_THROTTLE.windowSeconds - 10));
    expect(await statusNow(sale.id)).toBe('receipt');
    expect((await confirm(token, address())).status).toBe(200);
  });

  it('per link: 30 calls of one link close its window, from any address', async () => {
    const productId = await s.product(`Milho ${s.tag}`, '3.00', '10');
    const sale = await receiptSale(s, [{ productId, quantity: '1', unitPrice: '3.00' }]);
    const token = await deliveryToken(s, sale.id);
    clockInWindow(20);
    for (let i = 0; i < DELIVERY_THROTTLE.perLink; i++) expect((await preview(token)).status).toBe(200);
    expect((await confirm(token)).status).toBe(429);
    expect(await statusNow(sale.id)).toBe('receipt');
    // Another link of the same sale is another subject.
    Clock.reset();
    expect((await confirm(await deliveryToken(s, sale.id))).status).toBe(200);
  });
});

describe('the token in logs', () => {
  it('is never in a log line, on the console or stored, whatever the answer', async () => {
    const productId = await s.product(`Leite ${s.tag}`, '4.50', '10');
    const [sale, cancelled] = await Promise.all([receiptSale(s, [{ productId, quantity: '2', unitPrice: '4.50' }]), receiptSale(s, [{ productId, quantity: '1', unitPrice: '4.50' }])]);
    const [token, cancelledToken] = await Promise.all([deliveryToken(s, sale.id), deliveryToken(s, cancelled.id)]);
    expect((await s.api('POST', `/api/sales/${cancelled.id}/status`, { token: s.tokens.admin, body: { version: cancelled.version, to: 'cancelled' } })).status).toBe(200);
    await Logs.flush();

    const lines: string[] = [];
    const keep = (...args: unknown[]) => void lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    const spies = [vi.spyOn(console, 'info').mockImplementation(keep), vi.spyOn(console, 'error').mockImplementation(keep), vi.spyOn(console, 'warn').mockImplementation(keep), vi.spyOn(console, 'log').mockImplementation(keep)];
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'debug';
    resetEnv();
    try {
      const start = Date.now();
      const calls = [
        await preview(token),
        await confirm(token),
        await confirm(token),
        await confirm(forged(token, { saleId: newId() })),
        await confirm(cancelledToken),
        await preview(`${token}x`),
      ];
      Clock.set(() => start + (DELIVERY_LINK_TTL_SECONDS + 1) * 1000);
      calls.push(await confirm(token));
      Clock.reset();
      expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 403, 409, 403, 403]);
      await Logs.flush();
    } finally {
      process.env.LOG_LEVEL = level;
      resetEnv();
      for (const spy of spies) spy.mockRestore();
    }
    // What the company's log screen reads (the entries stored).
    const stored = await s.api('GET', '/api/logs?limit=100', { token: s.tokens.admin });
    expect(stored.status).toBe(200);
    const all = [...lines, stored.text];
    // The calls were logged (at debug every entry reaches the console: the refusals, the move), and
    // no line holds the token or a piece of it.
    expect(lines.some((l) => l.includes('sales.delivery_link_refused'))).toBe(true);
    expect(lines.some((l) => l.includes('sales.move') && l.includes(sale.id) && l.includes('"via":"link"'))).toBe(true);
    expect(stored.text).toContain(sale.id);
    for (const t of [token, cancelledToken]) {
      for (const piece of [t, t.slice(0, 24), t.slice(30, 54), t.slice(-24)]) expect(all.filter((l) => l.includes(piece))).toEqual([]);
    }
  });
});
