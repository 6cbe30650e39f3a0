import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Clients } from '@ev/core/clients';
import { ClientsRepository } from '@ev/core/clients/repository';
import { Clock } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { FinancialMessages } from '@ev/shared/schemas/financial';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { checkedCall } from '../testing/checked-call';
import { cpfDigits } from '../testing/documents';
import { makeWorld, type World } from '../testing/world';

const app = createApp();

const api = checkedCall;

/** A CPF with valid check digits, from a 9-digit base, formatted. */
function cpf(base: number): string {
  const s = cpfDigits(base);
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}
const bare = (doc: string) => doc.replace(/\D/g, '');

let w: World;
let other: World;
const t = {} as Record<'admin' | 'salesman' | 'otherSalesman' | 'employee' | 'otherAdmin', string>;
let docSeq = 100_200_300;

async function createClient(token: string, extra: Record<string, unknown> = {}) {
  docSeq += 7;
  const res = await api('POST', '/api/clients', { token, body: { name: `Cliente Financeiro ${docSeq}`, birthDate: '1985-04-12', document: cpf(docSeq), ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; document: string; version: number };
}

/** An installment with the required fields; `extra` overrides. */
function inst(document: string, installment: string, extra: Record<string, unknown> = {}) {
  return { document, installment, dueDate: '2030-01-10', installmentValue: '100.00', openValue: '100.00', ...extra };
}

async function put(token: string, clientId: string, list: unknown[]) {
  return api('PUT', `/api/clients/${clientId}/installments`, { token, body: list });
}

/** The items of a client's partition with a given sort-key prefix, straight from the table. */
async function stored(world: World, clientId: string, prefix: string) {
  return runAs({ tenantId: world.tenant.id }, async () => {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': Keys.clientPartition(clientId), ':p': prefix },
        ConsistentRead: true,
      }),
    );
    return out.Items ?? [];
  });
}

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('Financeiro'), makeWorld('FinanceiroOutra')]);
  const logins = await Promise.all([w.login(w.admin.email), w.login(w.salesman.email), w.login(w.otherSalesman.email), w.login(w.employee.email), other.login(other.admin.email)]);
  [t.admin, t.salesman, t.otherSalesman, t.employee, t.otherAdmin] = logins.map((l) => l.accessToken) as [string, string, string, string, string];
});

afterEach(() => Clock.reset());

describe('installment status, derived at read in the company time zone', () => {
  it('due today is pending, due yesterday (São Paulo) is overdue, even when UTC is already the next day', async () => {
    const client = await createClient(t.admin);
    // 01:30 UTC on March 11th is 22:30 on March 10th in São Paulo: today is still the 10th.
    Clock.set(() => Date.parse('2026-03-11T01:30:00Z'));
    const token = (await w.login(w.admin.email)).accessToken;
    const res = await put(token, client.id, [
      inst('NF-100', '1', { dueDate: '2026-03-10', openValue: '10.00' }),
      inst('NF-100', '2', { dueDate: '2026-03-09', openValue: '10.00' }),
      inst('NF-100', '3', { dueDate: '2026-03-11', openValue: '10.00' }),
      inst('NF-101', '1', { dueDate: '2026-03-01', openValue: '0', paidValue: '100,00', paymentDate: '2026-03-05' }),
      inst('NF-102', '1', { dueDate: '2026-03-01', openValue: '0.00', paidValue: '100.00', paymentDate: '2026-03-01' }),
      inst('NF-103', '1', { dueDate: '2026-02-01', openValue: '100.00', cancelled: true }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ written: 6 });

    const before = await api('GET', `/api/clients/${client.id}/financial`, { token });
    expect(before.status).toBe(200);
    expect(before.body.today).toBe('2026-03-10');
    const by = (body: { installments: { document: string; installment: string }[] }) =>
      Object.fromEntries(body.installments.map((i) => [`${i.document}/${i.installment}`, i])) as unknown as Record<string, { status: string; daysOverdue: number; paidLate: boolean }>;
    let all = by(before.body);
    expect(all['NF-100/1']).toMatchObject({ status: 'pending', daysOverdue: 0 });
    expect(all['NF-100/2']).toMatchObject({ status: 'overdue', daysOverdue: 1 });
    expect(all['NF-100/3']).toMatchObject({ status: 'pending', daysOverdue: 0 });
    expect(all['NF-101/1']).toMatchObject({ status: 'paid', paidLate: true });
    expect(all['NF-102/1']).toMatchObject({ status: 'paid', paidLate: false });
    expect(all['NF-103/1']).toMatchObject({ status: 'cancelled' });
    expect(before.body.totals).toEqual({ titles: '30.00', checks: '0.00', toExpire: '20.00', paid: '200.00', expired: '10.00', open: '30.00' });

    // Midnight in São Paulo (03:00 UTC): the 10th's installment is now one day overdue.
    Clock.set(() => Date.parse('2026-03-11T03:00:00Z'));
    const after = await api('GET', `/api/clients/${client.id}/financial`, { token: (await w.login(w.admin.email)).accessToken });
    expect(after.body.today).toBe('2026-03-11');
    all = by(after.body);
    expect(all['NF-100/1']).toMatchObject({ status: 'overdue', daysOverdue: 1 });
    expect(all['NF-100/2']).toMatchObject({ status: 'overdue', daysOverdue: 2 });
    expect(all['NF-100/3']).toMatchObject({ status: 'pending' });
    expect(after.body.totals).toMatchObject({ toExpire: '10.00', expired: '20.00', open: '30.00' });

    // Nothing calendar-dependent is stored.
    for (const item of await stored(w, client.id, 'INST#')) {
      expect(item).not.toHaveProperty('status');
      expect(item).not.toHaveProperty('daysOverdue');
    }
  });

  it('filters the list by status and type, keeping the totals of everything', async () => {
    const client = await createClient(t.admin);
    Clock.set(() => Date.parse('2026-06-15T12:00:00Z'));
    const token = (await w.login(w.admin.email)).accessToken;
    await put(token, client.id, [
      inst('D1', '1', { dueDate: '2026-06-01', openValue: '5.00', type: 'check' }),
      inst('D1', '2', { dueDate: '2026-07-01', openValue: '7.00', type: 'check' }),
      inst('D2', '1', { dueDate: '2026-06-01', openValue: '3.00' }),
    ]);
    const overdue = await api('GET', `/api/clients/${client.id}/financial?status=overdue`, { token });
    expect(overdue.body.installments.map((i: { document: string; installment: string }) => `${i.document}/${i.installment}`)).toEqual(['D1/1', 'D2/1']);
    const checks = await api('GET', `/api/clients/${client.id}/financial?status=overdue&type=check`, { token });
    expect(checks.body.installments).toHaveLength(1);
    expect(checks.body.totals).toMatchObject({ checks: '12.00', titles: '3.00', open: '15.00' });
    const bad = await api('GET', `/api/clients/${client.id}/financial?status=atrasada`, { token });
    expect(bad.status).toBe(400);
  });

  it('counts payments after the due date as late in the punctuality of the last 12 months', async () => {
    const client = await createClient(t.admin);
    Clock.set(() => Date.parse('2026-03-11T01:30:00Z'));
    const token = (await w.login(w.admin.email)).accessToken;
    await put(token, client.id, [
      inst('P1', '1', { dueDate: '2026-03-01', openValue: '0.00', paidValue: '40.10', paymentDate: '2026-03-05' }),
      inst('P1', '2', { dueDate: '2026-03-01', openValue: '0.00', paidValue: '0.20', paymentDate: '2026-02-28' }),
      inst('P1', '3', { dueDate: '2026-03-09', openValue: '12.50' }),
      inst('P1', '4', { dueDate: '2026-03-10', openValue: '7.25' }),
      inst('P2', '1', { dueDate: '2025-04-30', openValue: '1.00' }),
      inst('P2', '2', { dueDate: '2025-03-31', openValue: '99.00' }), // 13 months ago: outside the window
      inst('P3', '1', { dueDate: '2026-03-02', openValue: '0.00', paidValue: '10.00', paymentDate: '2026-03-03', cancelled: true }),
    ]);
    const res = await api('GET', `/api/clients/${client.id}/punctuality`, { token });
    expect(res.status).toBe(200);
    expect(res.body.today).toBe('2026-03-10');
    expect(res.body.months).toHaveLength(12);
    expect(res.body.months[0].month).toBe('2025-04');
    expect(res.body.months[11]).toEqual({
      month: '2026-03',
      openValue: '19.75',
      overdueValue: '12.50',
      paidOnTime: { count: 1, value: '0.20' },
      paidLate: { count: 1, value: '40.10' },
    });
    expect(res.body.months[0]).toMatchObject({ openValue: '1.00', overdueValue: '1.00' });
    expect(res.body.months.slice(1, 11).every((m: { openValue: string; paidLate: { count: number } }) => m.openValue === '0.00' && m.paidLate.count === 0)).toBe(true);
  });
});

describe('totals and credit in decimals', () => {
  it('sums 0.10 + 0.20 exactly and leaves 0.00 available on a 0.30 limit (binary floats give -0.00)', async () => {
    const client = await createClient(t.admin, { creditLimit: '0,30' });
    await put(t.admin, client.id, [
      inst('F1', '1', { openValue: '0.10', installmentValue: '0.10' }),
      inst('F1', '2', { openValue: '0.20', installmentValue: '0.20' }),
    ]);
    const res = await api('GET', `/api/clients/${client.id}/financial`, { token: t.admin });
    expect(res.body.totals).toMatchObject({ titles: '0.30', open: '0.30', toExpire: '0.30', expired: '0.00' });
    expect(res.body.credit).toEqual({ limit: '0.30', open: '0.30', available: '0.00' });
    expect(0.3 - (0.1 + 0.2)).not.toBe(0); // why decimals
  });

  it('adds checks and returned checks, sums paid values and reports credit over the limit as negative', async () => {
    const client = await createClient(t.admin, { creditLimit: '1000' });
    await put(t.admin, client.id, [
      inst('C1', '1', { type: 'check', openValue: '333.33' }),
      inst('C1', '2', { type: 'returned_check', openValue: '333.34' }),
      inst('C1', '3', { type: 'card', openValue: '400.01', paidValue: '0.07' }),
      inst('C1', '4', { openValue: '0.00', paidValue: '1234567890.10' }),
      inst('C1', '5', { openValue: '0.00', paidValue: '0.20' }),
    ]);
    const res = await api('GET', `/api/clients/${client.id}/financial`, { token: t.admin });
    expect(res.body.totals).toEqual({ titles: '0.00', checks: '666.67', toExpire: '1066.68', paid: '1234567890.37', expired: '0.00', open: '1066.68' });
    expect(res.body.credit).toEqual({ limit: '1000.00', open: '1066.68', available: '-66.68' });
  });

  it('answers null credit without a limit, and an empty position for a client without installments', async () => {
    const client = await createClient(t.admin);
    const res = await api('GET', `/api/clients/${client.id}/financial`, { token: t.admin });
    expect(res.body.installments).toEqual([]);
    expect(res.body.totals).toEqual({ titles: '0.00', checks: '0.00', toExpire: '0.00', paid: '0.00', expired: '0.00', open: '0.00' });
    expect(res.body.credit).toEqual({ limit: null, open: '0.00', available: null });
  });
});

describe('PUT /api/clients/{id}/installments', () => {
  it('upserts by document + installment (+ branch): the same installment twice is one item', async () => {
    const client = await createClient(t.admin);
    const branch = w.branches[0]!.id;
    await put(t.admin, client.id, [inst('NF 9', '1/2'), inst('NF 9', '1/2', { branchId: branch })]);
    await put(t.admin, client.id, [inst('nf 9', '1/2', { openValue: '50.00' }), inst('NF 9', '1/2', { branchId: branch })]);
    const items = await stored(w, client.id, 'INST#');
    expect(items).toHaveLength(2);
    const res = await api('GET', `/api/clients/${client.id}/financial`, { token: t.admin });
    expect(res.body.installments.map((i: { openValue: string; branchId: string | null }) => [i.branchId, i.openValue]).sort()).toEqual([
      [branch, '100.00'],
      [null, '50.00'],
    ].sort());
  });

  it('writes a full batch of 100 (several BatchWrite calls) and the same 100 again as the same items', async () => {
    const client = await createClient(t.admin);
    const list = Array.from({ length: 100 }, (_, i) => inst('LOTE', String(i + 1), { openValue: '0.01' }));
    expect((await put(t.admin, client.id, list)).body).toEqual({ written: 100 });
    const first = await stored(w, client.id, 'INST#');
    expect(first).toHaveLength(100);
    expect((await put(t.admin, client.id, list)).body).toEqual({ written: 100 });
    expect(await stored(w, client.id, 'INST#')).toEqual(first);
    const res = await api('GET', `/api/clients/${client.id}/financial`, { token: t.admin });
    expect(res.body.totals.open).toBe('1.00');
  });

  it('refuses bad input field by field in Portuguese, more than 100 at once, repeats and unknown references', async () => {
    const client = await createClient(t.admin);
    const bad = await put(t.admin, client.id, [{ document: '', installment: '1', dueDate: '10/01/2030', installmentValue: 100, openValue: '1,234', type: 'boleto' }]);
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(bad.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(fields).toMatchObject({
      '0.document': 'O campo Documento é obrigatório.',
      '0.dueDate': 'O campo Vencimento deve ser uma data válida (aaaa-mm-dd).',
      '0.installmentValue': 'O campo Valor da parcela deve ser um número com até 2 casas decimais.',
      '0.openValue': 'O campo Valor em aberto deve ser um número com até 2 casas decimais.',
      '0.type': FinancialMessages.typeInvalid,
    });
    const many = await put(t.admin, client.id, Array.from({ length: 101 }, (_, i) => inst('X', String(i))));
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(FinancialMessages.tooManyInstallments);
    const twice = await put(t.admin, client.id, [inst('X', '1'), inst('x', '1 ')]);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(FinancialMessages.duplicateInstallment);
    const refs = await put(t.admin, client.id, [inst('X', '1', { branchId: other.branches[0]!.id, bearerId: '0190aaaa-0000-7000-8000-000000000001' })]);
    expect(refs.status).toBe(400);
    expect(refs.body.fields).toEqual([
      { field: '0.branchId', message: FinancialMessages.branchInvalid },
      { field: '0.bearerId', message: FinancialMessages.bearerInvalid },
    ]);
    expect(refs.body.fieldTexts).toEqual([
      { field: '0.branchId', key: 'financial.branchInvalid' },
      { field: '0.bearerId', key: 'financial.bearerInvalid' },
    ]);
    expect(await stored(w, client.id, 'INST#')).toEqual([]);
  });

  it('needs update on clientes: the employee (read only) gets 403', async () => {
    const client = await createClient(t.admin);
    expect((await put(t.employee, client.id, [inst('E', '1')])).status).toBe(403);
    // It reads nothing either: it has no allowed branch (spec section 6: no branch, no data).
    expect((await api('GET', `/api/clients/${client.id}/financial`, { token: t.employee })).status).toBe(404);
  });
});

describe('record scope', () => {
  it('a salesman sees the position of his own client and 404 for another salesman’s', async () => {
    const mine = await createClient(t.salesman);
    const theirs = await createClient(t.otherSalesman);
    expect((await put(t.salesman, mine.id, [inst('S1', '1', { openValue: '12.34' })])).status).toBe(200);
    expect((await put(t.admin, theirs.id, [inst('S2', '1')])).status).toBe(200);

    const own = await api('GET', `/api/clients/${mine.id}/financial`, { token: t.salesman });
    expect(own.status).toBe(200);
    expect(own.body.totals.open).toBe('12.34');
    for (const path of [`/api/clients/${theirs.id}/financial`, `/api/clients/${theirs.id}/scrap`, `/api/clients/${theirs.id}/punctuality`]) {
      expect((await api('GET', path, { token: t.salesman })).status, path).toBe(404);
    }
    expect((await put(t.salesman, theirs.id, [inst('S2', '1', { openValue: '0.00' })])).status).toBe(404);
    expect((await api('POST', `/api/clients/${theirs.id}/scrap`, { token: t.salesman, body: { history: 'x', credit: '1' } })).status).toBe(404);
    // Untouched.
    const still = await api('GET', `/api/clients/${theirs.id}/financial`, { token: t.admin });
    expect(still.body.totals.open).toBe('100.00');
  });
});

describe('scrap ledger', () => {
  it('adds credits and debits in kg with a running balance, newest first', async () => {
    const client = await createClient(t.admin);
    const empty = await api('GET', `/api/clients/${client.id}/scrap`, { token: t.admin });
    expect(empty.body).toEqual({ balance: '0.000', entries: [], nextCursor: null });

    const first = await api('POST', `/api/clients/${client.id}/scrap`, { token: t.admin, body: { history: 'Entrega de sucata', credit: '10,5', type: 'Cobre' } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.balance).toBe('10.500');
    expect(first.body.entry).toMatchObject({ history: 'Entrega de sucata', type: 'Cobre', credit: '10.500', debit: '0.000', balance: '10.500', userId: w.admin.id });
    const second = await api('POST', `/api/clients/${client.id}/scrap`, { token: t.admin, body: { history: 'Abatimento no pedido', debit: '0.1' } });
    const third = await api('POST', `/api/clients/${client.id}/scrap`, { token: t.admin, body: { history: 'Abatimento no pedido', debit: '0.2' } });
    expect(second.body.balance).toBe('10.400');
    expect(third.body.balance).toBe('10.200');

    const ledger = await api('GET', `/api/clients/${client.id}/scrap`, { token: t.admin });
    expect(ledger.body.balance).toBe('10.200');
    expect(ledger.body.entries.map((e: { credit: string; debit: string; balance: string }) => [e.credit, e.debit, e.balance])).toEqual([
      ['0.000', '0.200', '10.200'],
      ['0.000', '0.100', '10.400'],
      ['10.500', '0.000', '10.500'],
    ]);
    // A page at a time.
    const page = await api('GET', `/api/clients/${client.id}/scrap?limit=2`, { token: t.admin });
    expect(page.body.entries).toHaveLength(2);
    const rest = await api('GET', `/api/clients/${client.id}/scrap?limit=2&cursor=${encodeURIComponent(page.body.nextCursor)}`, { token: t.admin });
    expect(rest.body.entries.map((e: { balance: string }) => e.balance)).toEqual(['10.500']);
    // The balance is bookkeeping: the client's version did not move, and it is not in the client's answer.
    const c = await api('GET', `/api/clients/${client.id}`, { token: t.admin });
    expect(c.body.version).toBe(1);
    expect(c.body).not.toHaveProperty('scrapBalance');
  });

  it('wants exactly one of credit and debit, positive, with up to 3 places, and a history', async () => {
    const client = await createClient(t.admin);
    const cases = [
      { history: 'x', credit: '1', debit: '1' },
      { history: 'x' },
      { history: 'x', credit: '0,000' },
    ];
    for (const body of cases) {
      const res = await api('POST', `/api/clients/${client.id}/scrap`, { token: t.admin, body });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([{ field: 'credit', message: FinancialMessages.scrapOneSide }]);
    }
    const places = await api('POST', `/api/clients/${client.id}/scrap`, { token: t.admin, body: { history: 'x', credit: '1,2345' } });
    expect(places.body.fields).toEqual([{ field: 'credit', message: 'O campo Crédito (kg) deve ser um número com até 3 casas decimais.' }]);
    const noHistory = await api('POST', `/api/clients/${client.id}/scrap`, { token: t.admin, body: { credit: '1' } });
    expect(noHistory.body.fields).toEqual([{ field: 'history', message: 'O campo Histórico é obrigatório.' }]);
    expect(await stored(w, client.id, 'SCRAP#')).toEqual([]);
  });

  it('keeps the balance right under concurrent posts: every entry counted once, balances form a chain', async () => {
    const client = await createClient(t.admin);
    const posts = Array.from({ length: 8 }, (_, i) =>
      api('POST', `/api/clients/${client.id}/scrap`, { token: t.admin, body: i % 2 ? { history: `Débito ${i}`, debit: '0.333' } : { history: `Crédito ${i}`, credit: '1.111' } }),
    );
    const reads = vi.spyOn(ClientsRepository, 'get');
    const results = await Promise.all(posts);
    // One read per post to check the scope, plus one per lost race: the posts did race.
    const calls = reads.mock.calls.filter(([id]) => id === client.id).length;
    reads.mockRestore();
    expect(calls).toBeGreaterThan(8);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const ledger = await api('GET', `/api/clients/${client.id}/scrap?limit=100`, { token: t.admin });
    // 4 × 1.111 − 4 × 0.333
    expect(ledger.body.balance).toBe('3.112');
    const entries = ledger.body.entries as { credit: string; debit: string; balance: string }[];
    expect(entries).toHaveLength(8);
    expect(entries[0]!.balance).toBe('3.112');
    // Oldest to newest, each balance is the previous one plus its credit minus its debit.
    let running = 0;
    for (const e of [...entries].reverse()) {
      running = Math.round((running + Number(e.credit) * 1000 - Number(e.debit) * 1000));
      expect(Math.round(Number(e.balance) * 1000)).toBe(running);
    }
    expect(new Set(entries.map((e) => e.balance)).size).toBe(8);
  });

  it('a post that read a balance since moved loses its condition, reads again and retries', async () => {
    const client = await createClient(t.admin);
    await api('POST', `/api/clients/${client.id}/scrap`, { token: t.admin, body: { history: 'Primeira', credit: '2' } });
    // The next post is handed the client as it was before that entry (no balance yet): a stale read.
    const real = Clients.visible;
    const spy = vi.spyOn(Clients, 'visible').mockImplementationOnce(async (id: string) => {
      const seen = await real(id);
      return { ...seen, client: { ...seen.client, scrapBalance: undefined } };
    });
    try {
      const res = await api('POST', `/api/clients/${client.id}/scrap`, { token: t.admin, body: { history: 'Segunda', credit: '3' } });
      expect(res.status).toBe(201);
      expect(res.body.balance).toBe('5.000');
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    const ledger = await api('GET', `/api/clients/${client.id}/scrap`, { token: t.admin });
    expect(ledger.body.entries.map((e: { balance: string }) => e.balance)).toEqual(['5.000', '2.000']);
  });
});

describe('POST /api/clients/installments/import', () => {
  const HEADER = 'Cliente;Documento;Parcela;Tipo;Emissão;Vencimento;Valor da parcela;Valor em aberto;Valor pago;Pagamento;Filial';

  /** The file as the web sends it: the raw bytes (or text) with `text/csv`. */
  async function upload(token: string, csv: string | Uint8Array, dryRun: boolean) {
    const res = await app.request(`/api/clients/installments/import?dryRun=${dryRun}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv; charset=utf-8' },
      // A copy on its own ArrayBuffer: what the DOM's BodyInit accepts (pdfkit's types bring the DOM lib in).
      body: typeof csv === 'string' ? csv : new Uint8Array(csv),
    });
    const body = (await res.json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (res.status >= 400) expect(body).toMatchObject({ status: 'error', code: expect.any(String), message: expect.any(String) });
    return { status: res.status, body };
  }

  it('dry run: reports each rejected line with its reason and writes nothing; then imports, and a re-import leaves the same items', async () => {
    const a = await createClient(t.admin, { creditLimit: '5000' });
    const b = await createClient(t.salesman);
    const lines = [
      HEADER,
      `${a.document};NF-1;1/3;Título;01/02/2026;10/03/2026;1.234,56;1.234,56;;;`, // 2 ok, masked document
      `${bare(a.document)};NF-1;2/3;cheque;01/02/2026;10/04/2026;0,10;0,10;;;Matriz`, // 3 ok, bare document, branch by name
      `${b.id};NF-7;1;;;15/03/2026;20;0;20;16/03/2026;`, // 4 ok, by id, paid late
      `${cpf(999_888_777)};NF-2;1;;;10/03/2026;10,00;10,00;;;`, // 5 unknown client
      `${a.document};NF-3;1;;;31/02/2026;10,00;10,00;;;`, // 6 invalid date
      `${a.document};NF-4;1;;;10/03/2026;10.5;10,00;;;`, // 7 invalid value
      `${a.document};NF-5;1;;;;10,00;10,00;;;`, // 8 missing column (empty due date)
      `${a.document};NF-6;1;boleto;;10/03/2026;10,00;10,00;;;`, // 9 invalid type
      '', // 10 blank: skipped, not counted
      `${a.document};NF-1;1/3;;;10/03/2026;1,00;1,00;;;`, // 11 repeats line 2
      `${a.document};NF-8`, // 12 short line
      `123;NF-9;1;;;10/03/2026;1,00;1,00;;;`, // 13 not a document
      `${a.document};NF-10;1;;;10/03/2026;1,00;1,00;;;Filial Fantasma`, // 14 unknown branch
    ];
    const csv = `\uFEFF${lines.join('\r\n')}\r\n`;
    const dry = await upload(t.admin, csv, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, lines: 12, accepted: 3, written: 0 });
    const reasons = Object.fromEntries(dry.body.rejected.map((r: { line: number; reason: string }) => [r.line, r.reason]));
    expect(Object.keys(reasons).map(Number)).toEqual([5, 6, 7, 8, 9, 11, 12, 13, 14]);
    expect(reasons[5]).toMatch(/^Cliente não encontrado/);
    expect(reasons[6]).toBe('Data inválida na coluna Vencimento: "31/02/2026". Use dd/mm/aaaa.');
    expect(reasons[7]).toMatch(/^Valor inválido na coluna Valor da parcela: "10.5"/);
    expect(reasons[8]).toBe('Falta a coluna obrigatória Vencimento.');
    expect(reasons[9]).toMatch(/^Tipo inválido: "boleto"/);
    expect(reasons[11]).toBe('Parcela repetida no arquivo: o mesmo documento, parcela e filial já estão na linha 2.');
    expect(reasons[12]).toBe('Faltam as colunas obrigatórias Parcela, Vencimento, Valor da parcela, Valor em aberto.');
    expect(reasons[13]).toMatch(/^CPF\/CNPJ inválido na coluna Cliente/);
    expect(reasons[14]).toMatch(/^Filial não encontrada: "Filial Fantasma"/);
    expect(await stored(w, a.id, 'INST#')).toEqual([]);
    expect(await stored(w, b.id, 'INST#')).toEqual([]);

    const real = await upload(t.admin, csv, false);
    expect(real.body).toMatchObject({ dryRun: false, lines: 12, accepted: 3, written: 3 });
    expect(real.body.rejected).toEqual(dry.body.rejected);
    const posA = await api('GET', `/api/clients/${a.id}/financial`, { token: t.admin });
    expect(posA.body.installments).toHaveLength(2);
    expect(posA.body.installments[0]).toMatchObject({ document: 'NF-1', installment: '1/3', type: 'title', issueDate: '2026-02-01', dueDate: '2026-03-10', installmentValue: '1234.56', openValue: '1234.56', paidValue: '0.00', branchId: null });
    expect(posA.body.installments[1]).toMatchObject({ type: 'check', openValue: '0.10', branchId: w.branches.find((x) => x.name === 'Matriz')!.id });
    const posB = await api('GET', `/api/clients/${b.id}/financial`, { token: t.salesman });
    expect(posB.body.installments).toEqual([expect.objectContaining({ document: 'NF-7', status: 'paid', paidLate: true, paidValue: '20.00', type: 'title' })]);

    const itemsA = await stored(w, a.id, 'INST#');
    const itemsB = await stored(w, b.id, 'INST#');
    const again = await upload(t.admin, csv, false);
    expect(again.body).toEqual(real.body);
    expect(await stored(w, a.id, 'INST#')).toEqual(itemsA);
    expect(await stored(w, b.id, 'INST#')).toEqual(itemsB);
  });

  it('takes UTF-8 without BOM, LF line ends, any column order and quoted cells with line breaks', async () => {
    const a = await createClient(t.admin);
    const csv = ['Valor em aberto;vencimento;VALOR DA PARCELA;parcela;documento;cliente;Complemento', `"5,00";01/12/2026;5;01;NF-Ç;${a.document};"linha 1\nlinha 2"`, `x;01/12/2026;5;02;NF-Ç;${a.document};`].join('\n');
    const res = await upload(t.admin, new TextEncoder().encode(csv), false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ lines: 2, accepted: 1, written: 1 });
    // The quoted cell spans two lines: the next row starts on line 4.
    expect(res.body.rejected).toEqual([
      { line: 4, reason: expect.stringMatching(/^Valor inválido na coluna Valor em aberto/), texts: [{ key: 'financial.lineDecimal', params: { column: 'Valor em aberto', value: 'x' } }] },
    ]);
    const pos = await api('GET', `/api/clients/${a.id}/financial`, { token: t.admin });
    expect(pos.body.installments[0]).toMatchObject({ document: 'NF-Ç', installment: '01', complement: 'linha 1\nlinha 2' });
  });

  it('refuses the whole file when a required header is missing, it is empty, not UTF-8 or longer than 20,000 lines', async () => {
    const missing = await upload(t.admin, 'Cliente;Documento;Parcela\n1;2;3\n', true);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(FinancialMessages.importMissingHeaders(['Vencimento', 'Valor da parcela', 'Valor em aberto']));
    expect((await upload(t.admin, `${HEADER}\n`, true)).body.message).toBe(FinancialMessages.importEmpty);
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\n`), 0x4e, 0x46, 0xc7, 0x0a]);
    expect((await upload(t.admin, latin1, true)).body.message).toBe(FinancialMessages.importNotUtf8);
    const long = `${HEADER}\n${'x\n'.repeat(20_001)}`;
    const tooLong = await upload(t.admin, long, true);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(FinancialMessages.importTooManyLines);
  });

  it('takes a file above the 1 MB body limit of the API, up to 5 MB; past 5 MB it is a 413', async () => {
    // 12,000 lines of about 150 bytes: 1.8 MB, every line naming an unknown client.
    const line = `${cpf(999_888_777)};NF-${'9'.repeat(100)};1;;;10/03/2026;10,00;10,00;;;`;
    const big = `${HEADER}\n${Array.from({ length: 12_000 }, () => line).join('\n')}\n`;
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(t.admin, big, true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lines: 12_000, accepted: 0 });
    const huge = await upload(t.admin, `${HEADER}\n${'x;'.repeat(3 * 1024 * 1024)}\n`, true);
    expect(huge.status).toBe(413);
    // Any other route keeps the 1 MB limit.
    const other = await app.request('/api/clients', { method: 'POST', headers: { authorization: `Bearer ${t.admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(1100 * 1024) }) });
    expect(other.status).toBe(413);
  });

  it('is only for users who see the whole company: a salesman gets 403, the read-only employee too', async () => {
    const csv = `${HEADER}\n`;
    const salesman = await upload(t.salesman, csv, true);
    expect(salesman.status).toBe(403);
    expect(salesman.body.message).toBe(FinancialMessages.importForbidden);
    expect((await upload(t.employee, csv, true)).status).toBe(403);
  });

  it('never reaches another company’s clients: their document or id is an unknown client', async () => {
    const a = await createClient(t.admin);
    const csv = [HEADER, `${a.document};NF-1;1;;;10/03/2026;1,00;1,00;;;`, `${a.id};NF-1;2;;;10/03/2026;1,00;1,00;;;`].join('\n');
    const res = await upload(t.otherAdmin, csv, false);
    expect(res.body).toMatchObject({ lines: 2, accepted: 0, written: 0 });
    expect(res.body.rejected.map((r: { reason: string }) => r.reason)).toEqual([expect.stringMatching(/^Cliente não encontrado/), expect.stringMatching(/^Cliente não encontrado/)]);
    expect(await stored(w, a.id, 'INST#')).toEqual([]);
  });
});
