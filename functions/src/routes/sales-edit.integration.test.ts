import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '@ev/core/context';
import { dynamoClient } from '@ev/core/db/client';
import { Inventory } from '@ev/core/inventory/index';
import { salesWorld, type SaleBody } from '../testing/sales';

/**
 * Correcting a pending sale (docs/sales.md "Correcting a pending sale"): PUT /sales/{id} over the
 * version read, one all-or-nothing step. The stock reserved follows the new lines, the open
 * installments are made again from the new total where the client's financial position holds them
 * (paid ones kept), the history says who changed what; a refused edit changes nothing.
 */

let s: Awaited<ReturnType<typeof salesWorld>>;
const p = {} as Record<'arroz' | 'feijao' | 'oleo' | 'cafe', string>;

beforeAll(async () => {
  s = await salesWorld('Correção de Pedidos');
  [p.arroz, p.feijao, p.oleo, p.cafe] = await Promise.all([
    s.product('Arroz Tipo 1 5kg', '24.90', '100'),
    s.product('Feijão Carioca 1kg', '8.50', '50'),
    s.product('Óleo de Soja 900ml', '7.20', '40'),
    s.product('Café Torrado 500g', '15.00', '3'),
  ]);
}, 90_000);

const line = (productId: string, quantity: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({ productId, quantity, unitPrice, ...extra });

/** The body of an edit: the sale's own fields, with these lines. */
const editBody = (sale: SaleBody, items: unknown[], extra: Record<string, unknown> = {}) => ({
  version: sale.version,
  clientId: sale.clientId,
  natureId: sale.natureId,
  paymentConditionId: sale.paymentConditionId,
  paymentType: sale.paymentType,
  transport: sale.transport,
  items,
  ...extra,
});

const put = (sale: SaleBody, body: unknown, token = s.tokens.admin) => s.api('PUT', `/api/sales/${sale.id}`, { token, body });
const ledgerChecks = (...ids: string[]) => runAs({ tenantId: s.w.tenant.id }, () => Promise.all(ids.map((id) => Inventory.check(id)))).then((all) => all.flat());
const mine = async (clientId: string, number: number) =>
  ((await s.financial(clientId)).installments as { document: string; installment: string; installmentValue: string; openValue: string; paidValue: string; status: string; cancelled: boolean }[]).filter((i) => i.document === String(number));
const sum = (list: { installmentValue?: string; value?: string }[]) => list.reduce((n, i) => n.plus(i.installmentValue ?? i.value ?? 0), new Decimal(0));

describe('correcting a pending sale', () => {
  it('adds, removes and changes lines: the stock follows exactly, the installments are made again, the history names who changed what', async () => {
    const clientId = await s.client('Mercado Correção');
    const sale = await s.closed(clientId, [line(p.arroz, '4', '24.90'), line(p.feijao, '10', '8.50'), line(p.oleo, '5', '7.20')]);
    const before = { arroz: await s.balance(p.arroz), feijao: await s.balance(p.feijao), oleo: await s.balance(p.oleo), cafe: await s.balance(p.cafe) };

    // Arroz 4 → 6, feijão removed, óleo kept, café added.
    const res = await put(sale, editBody(sale, [line(p.arroz, '6', '24.90', { index: 0 }), line(p.oleo, '5', '7.20', { index: 2 }), line(p.cafe, '2', '15.00')]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const edited = res.body;
    expect(edited).toMatchObject({ id: sale.id, number: sale.number, status: 'pending', version: sale.version + 1, orderDate: sale.orderDate });
    // 6 × 24.90 + 5 × 7.20 + 2 × 15.00 = 149.40 + 36.00 + 30.00
    expect(edited.totals.total).toBe('215.40');
    expect(edited.items.map((i: { name: string; quantity: string }) => [i.name, i.quantity])).toEqual([
      ['Arroz Tipo 1 5kg', '6'],
      ['Óleo de Soja 900ml', '5'],
      ['Café Torrado 500g', '2'],
    ]);

    const after = { arroz: await s.balance(p.arroz), feijao: await s.balance(p.feijao), oleo: await s.balance(p.oleo), cafe: await s.balance(p.cafe) };
    const moved = (k: keyof typeof after) => new Decimal(after[k].reserved).minus(before[k].reserved).toFixed();
    expect({ arroz: moved('arroz'), feijao: moved('feijao'), oleo: moved('oleo'), cafe: moved('cafe') }).toEqual({ arroz: '2', feijao: '-10', oleo: '0', cafe: '2' });
    expect(new Decimal(after.feijao.available).minus(before.feijao.available).toFixed()).toBe('10');
    expect((await ledgerChecks(p.arroz, p.feijao, p.oleo, p.cafe)).filter((c) => !c.matches)).toEqual([]);

    // The installments are the client's, made again from the new total.
    expect(edited.installments.map((i: { installment: string }) => i.installment)).toEqual(['1/3', '2/3', '3/3']);
    expect(sum(edited.installments).toFixed(2)).toBe('215.40');
    const held = await mine(clientId, sale.number);
    expect(held.map((i) => [i.installment, i.installmentValue])).toEqual(edited.installments.map((i: { installment: string; value: string }) => [i.installment, i.value]));

    // The history: the administrator's name, each line before and after, the total.
    const entry = edited.history.at(-1);
    expect(entry).toMatchObject({ from: 'pending', to: 'pending', userId: s.w.admin.id, userName: s.w.admin.name });
    expect(entry.changes.total).toEqual({ before: sale.totals.total, after: '215.40' });
    const byName = Object.fromEntries(entry.changes.lines.map((l: { name: string; before: unknown; after: unknown }) => [l.name, [l.before && (l.before as { quantity: string }).quantity, l.after && (l.after as { quantity: string }).quantity]]));
    expect(byName).toEqual({ 'Arroz Tipo 1 5kg': ['4', '6'], 'Feijão Carioca 1kg': ['10', null], 'Café Torrado 500g': [null, '2'] });
    expect((await s.read(sale.id)).history.at(-1).changes.lines).toHaveLength(3);
  });

  it('refuses, changing nothing: an older version (409), more than the stock (409 on the line), another client, a sale that moved on', async () => {
    const clientId = await s.client();
    const sale = await s.closed(clientId, [line(p.arroz, '2', '24.90'), line(p.cafe, '1', '15.00')]);
    const first = await put(sale, editBody(sale, [line(p.arroz, '3', '24.90', { index: 0 }), line(p.cafe, '1', '15.00', { index: 1 })]));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const state = async () => ({ sale: await s.read(sale.id), arroz: await s.balance(p.arroz), cafe: await s.balance(p.cafe), installments: await mine(clientId, sale.number) });
    const was = await state();

    const stale = await put(sale, editBody(sale, [line(p.arroz, '9', '24.90', { index: 0 })]));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict.version');

    const current = was.sale;
    const available = new Decimal(was.cafe.available).plus(1);
    const tooMuch = await put(current, editBody(current, [line(p.arroz, '3', '24.90', { index: 0 }), line(p.cafe, available.plus(5).toFixed(), '15.00', { index: 1 })]));
    expect(tooMuch.status, JSON.stringify(tooMuch.body)).toBe(409);
    expect(tooMuch.body.fields[0].field).toBe('items.1.quantity');
    expect(tooMuch.body.fields[0].message).toContain(`Café Torrado 500g: disponível ${available.toFixed()}`);

    const otherClient = await put(current, { ...editBody(current, [line(p.arroz, '3', '24.90', { index: 0 })]), clientId: await s.client() });
    expect(otherClient.status).toBe(400);
    expect(otherClient.body.fields[0]).toEqual({ field: 'clientId', message: 'O cliente de um pedido fechado não muda. Cancele o pedido e faça outro para o novo cliente.' });

    const noReason = await put(current, editBody(current, [line(p.arroz, '3', '24.90', { index: 0 }), line(p.cafe, '1', '15.00', { index: 1, cancelled: true })]));
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual([{ field: 'items.1.cancelReason', message: 'Informe o motivo do cancelamento do item.' }]);

    expect(await state()).toEqual(was);

    const moved = await s.api('POST', `/api/sales/${sale.id}/status`, { token: s.tokens.admin, body: { version: current.version, to: 'processing' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const late = await put(moved.body, editBody(moved.body, [line(p.arroz, '1', '24.90', { index: 0 })]));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Só um pedido pendente pode ser alterado. Este já seguiu adiante: para mudá-lo, cancele-o e faça outro.');
    expect((await s.balance(p.arroz)).reserved).toBe(was.arroz.reserved);
  });

  it('cancels one line with its reason: it stays on the sale, counts nowhere, and its stock goes back', async () => {
    const clientId = await s.client();
    const sale = await s.closed(clientId, [line(p.arroz, '2', '24.90'), line(p.oleo, '4', '7.20')]);
    const oleo = await s.balance(p.oleo);
    const res = await put(sale, editBody(sale, [line(p.arroz, '2', '24.90', { index: 0 }), line(p.oleo, '4', '7.20', { index: 1, cancelled: true, cancelReason: 'Cliente já tinha em estoque' })]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items[1]).toMatchObject({ name: 'Óleo de Soja 900ml', cancelled: true, cancelReason: 'Cliente já tinha em estoque' });
    expect(res.body.totals).toMatchObject({ total: '49.80', count: 1 });
    expect(new Decimal((await s.balance(p.oleo)).available).minus(oleo.available).toFixed()).toBe('4');
    expect(res.body.history.at(-1).changes.lines).toEqual([
      expect.objectContaining({ name: 'Óleo de Soja 900ml', before: expect.objectContaining({ cancelled: false }), after: expect.objectContaining({ cancelled: true }), reason: 'Cliente já tinha em estoque' }),
    ]);
  });

  it('keeps what the client paid: a payment recorded on the client shows on the sale, the rest is made again, and a total below it is refused', async () => {
    const clientId = await s.client();
    const sale = await s.closed(clientId, [line(p.arroz, '4', '24.90')]);
    expect(sale.payment).toBe('open');
    // The first installment (cash, due today) paid, as the ERP's integration records it.
    const first = sale.installments[0];
    const paid = await s.api('PUT', `/api/clients/${clientId}/installments`, {
      token: s.tokens.admin,
      body: [{ document: String(sale.number), installment: first.installment, branchId: sale.branchId, type: 'title', issueDate: sale.orderDate, dueDate: first.dueDate, installmentValue: first.value, openValue: '0', paidValue: first.value, paymentDate: sale.orderDate }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const shown = await s.read(sale.id);
    expect(shown.installments[0]).toMatchObject({ installment: '1/3', status: 'paid', paidValue: first.value });
    expect(shown.payment).toBe('partly_paid');

    // Less arroz: 1/3 stays paid, 2/3 and 3/3 share the rest.
    const res = await put(shown, editBody(shown, [line(p.arroz, '3', '24.90', { index: 0 })]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totals.total).toBe('74.70');
    expect(res.body.installments.map((i: { installment: string; status: string }) => [i.installment, i.status])).toEqual([
      ['1/3', 'paid'],
      ['2/3', 'pending'],
      ['3/3', 'pending'],
    ]);
    expect(res.body.installments[0].value).toBe(first.value);
    expect(sum(res.body.installments).toFixed(2)).toBe('74.70');
    expect(sum(await mine(clientId, sale.number)).toFixed(2)).toBe('74.70');

    // Below what was paid (33.20): refused, nothing changed.
    const state = { sale: await s.read(sale.id), installments: await mine(clientId, sale.number), arroz: await s.balance(p.arroz) };
    const below = await put(res.body, editBody(res.body, [line(p.arroz, '1', '24.90', { index: 0 })]));
    expect(below.status).toBe(409);
    expect(below.body.message).toBe('O novo total (R$ 24,90) fica abaixo do que já foi pago nas parcelas deste pedido (R$ 33,20). Ajuste os itens para que o total alcance ao menos esse valor.');
    expect({ sale: await s.read(sale.id), installments: await mine(clientId, sale.number), arroz: await s.balance(p.arroz) }).toEqual(state);
  });

  it('two tabs correcting the same sale at once: one is saved, the other answers 409, and the stock moves once', async () => {
    const clientId = await s.client();
    const sale = await s.closed(clientId, [line(p.feijao, '2', '8.50')]);
    const before = await s.balance(p.feijao);
    const results = await Promise.all(['5', '7'].map((q) => put(sale, editBody(sale, [line(p.feijao, q, '8.50', { index: 0 })]))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = results.find((r) => r.status === 200)!.body;
    const after = await s.balance(p.feijao);
    expect(new Decimal(after.reserved).minus(before.reserved).toFixed()).toBe(new Decimal(won.items[0].quantity).minus(2).toFixed());
    expect((await s.read(sale.id)).version).toBe(sale.version + 1);
    expect((await ledgerChecks(p.feijao)).filter((c) => !c.matches)).toEqual([]);
  });

  it('a payment recorded while the edit runs is kept: the edit reads the installments again and makes only the open ones', async () => {
    const clientId = await s.client();
    const sale = await s.closed(clientId, [line(p.arroz, '4', '24.90')]);
    const first = sale.installments[0];
    const pay = () =>
      s.api('PUT', `/api/clients/${clientId}/installments`, {
        token: s.tokens.admin,
        body: [{ document: String(sale.number), installment: first.installment, branchId: sale.branchId, type: 'title', issueDate: sale.orderDate, dueDate: first.dueDate, installmentValue: first.value, openValue: '0', paidValue: first.value, paymentDate: sale.orderDate }],
      });
    // The payment lands between the edit's reads and its transaction (once).
    let paid = false;
    const name = `pay-during-edit-${sale.id}`;
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (!paid && context.commandName === 'TransactWriteItemsCommand' && JSON.stringify(args.input).includes(sale.id)) {
          paid = true;
          expect((await pay()).status).toBe(200);
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    let res;
    try {
      res = await put(sale, editBody(sale, [line(p.arroz, '3', '24.90', { index: 0 })]));
    } finally {
      dynamoClient().middlewareStack.remove(name);
    }
    expect(paid).toBe(true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.installments.map((i: { installment: string; status: string; paidValue: string }) => [i.installment, i.status, i.paidValue])).toEqual([
      ['1/3', 'paid', first.value],
      ['2/3', 'pending', '0.00'],
      ['3/3', 'pending', '0.00'],
    ]);
    expect(sum(res.body.installments).toFixed(2)).toBe('74.70');
    expect(sum(await mine(clientId, sale.number)).toFixed(2)).toBe('74.70');
  });

  it('only within the record scope and with update on vendas: another salesman does not find the sale', async () => {
    const clientId = await s.client();
    const sale = await s.closed(clientId, [line(p.arroz, '1', '24.90')]);
    const other = await put(sale, editBody(sale, [line(p.arroz, '2', '24.90', { index: 0 })]), s.tokens.other);
    expect(other.status).toBe(404);
    expect((await s.read(sale.id)).version).toBe(sale.version);
  });
});
