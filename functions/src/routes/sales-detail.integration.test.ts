import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@ev/shared/calendar';
import { cpfDigits } from '../testing/documents';
import { makeWorld } from '../testing/world';
import { salesCompany, salesWorld, type SaleBody } from '../testing/sales';

/**
 * The sale's page (docs/sales.md "The sale's page"): `GET /sales/{id}` answers the shipping address
 * as it was when the sale was closed (a copy, not the client's address now), the names of what the
 * sale points to and the map only where the company has a token; the list answers each row's payment
 * state from the client's financial position (docs/sales.md "Payment state on the list"). Nobody
 * sees another salesman's or another company's sale through them.
 */

let s: Awaited<ReturnType<typeof salesWorld>>;
let arroz: string;

beforeAll(async () => {
  s = await salesWorld('Detalhe de Pedidos');
  arroz = await s.product('Arroz Tipo 1 5kg', '24.90', '200');
}, 90_000);

let doc = 730_410_520;

const addresses = [
  { main: true, delivery: false, street: 'Rua das Flores', number: '100', neighborhood: 'Centro', city: 'Bauru', state: 'SP', cep: '17010-000' },
  { main: false, delivery: true, nickname: 'Depósito', street: 'Avenida Getúlio Vargas', number: '2000', neighborhood: 'Jardim Europa', city: 'Bauru', state: 'SP', cep: '17017-000' },
];

/** A draft of the salesman with a shipping address, closed. */
async function closedWith(clientId: string, shippingAddressId: string | null) {
  const d = await s.post<SaleBody>('/api/sales', { clientId, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', priceTableId: s.ids.table, transport: { costing: 1, carrier: 'Rápido Bauru' }, shippingAddressId, items: [{ productId: arroz, quantity: '3', unitPrice: '24.90' }] }, s.tokens.salesman);
  const res = await s.api('POST', `/api/sales/${d.id}/close`, { token: s.tokens.salesman, body: { version: d.version, geolocation: { latitude: -22.3145, longitude: -49.0587, accuracy: 35 } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SaleBody;
}

describe("the sale's page", () => {
  it('keeps the shipping address as it was at the close: the client changing it later does not move the sale; an edit choosing another copies that one', async () => {
    const made = await s.api('POST', '/api/clients', {
      token: s.tokens.admin,
      body: { name: 'Mercado Endereço Ltda', nickname: 'Endereço', email: 'entregas@mercadoendereco.com.br', document: cpfDigits(doc++), birthDate: '1990-05-05', salesmanId: s.w.salesman.id, addresses },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const client = made.body;
    const [main, depot] = client.addresses as { id: string }[];
    const sale = await closedWith(client.id, depot!.id);
    expect(sale.shippingAddress).toMatchObject({ id: depot!.id, street: 'Avenida Getúlio Vargas', number: '2000', city: 'Bauru', state: 'SP' });

    // The client's delivery address changes afterwards.
    const now = (await s.api('GET', `/api/clients/${client.id}`, { token: s.tokens.admin })).body;
    const moved = now.addresses.map((a: { id: string }) => (a.id === depot!.id ? { ...a, street: 'Rua Nova do Depósito', number: '5' } : a));
    const changed = await s.api('PUT', `/api/clients/${client.id}`, { token: s.tokens.admin, body: { ...now, addresses: moved, version: now.version } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    // The sale still answers where the goods went.
    const read = await s.read(sale.id, s.tokens.salesman);
    expect(read.shippingAddress).toMatchObject({ street: 'Avenida Getúlio Vargas', number: '2000' });
    expect(read.details.shippingAddress).toMatchObject({ street: 'Avenida Getúlio Vargas', number: '2000', neighborhood: 'Jardim Europa', cep: '17017000' });
    expect(read.details.shippingAddressKept).toBe(true);

    // The names of what it points to, read by the API (no request per field), and no map without a maps token.
    expect(read.details.names).toEqual({
      salesman: s.w.salesman.name,
      supervisor: s.w.supervisor.name,
      branch: s.w.branches[0]!.name,
      productCompany: null,
      nature: expect.stringContaining('Venda de mercadoria'),
      priceTable: expect.stringContaining('Varejo'),
      paymentCondition: expect.stringContaining('0/30/60'),
      vehicle: null,
    });
    expect(read.geolocation).toEqual({ latitude: -22.3145, longitude: -49.0587, accuracy: 35 });
    expect(read.details.map).toBeNull();
    // What the slip and the message head with: the company and the client's phones as they are now
    // (a landline first is the slip's phone; the mobile after it is WhatsApp's, with 55).
    expect(read.details.company).toEqual({ name: s.w.tenant.name, document: null });
    expect(read.details.contact).toEqual({ phone: null, mobile: null });
    const withPhones = (await s.api('GET', `/api/clients/${client.id}`, { token: s.tokens.admin })).body;
    const phoned = await s.api('PUT', `/api/clients/${client.id}`, { token: s.tokens.admin, body: { ...withPhones, phone1: '(14) 3232-1000', phone2: '14 99123-4567', version: withPhones.version } });
    expect(phoned.status, JSON.stringify(phoned.body)).toBe(200);
    expect((await s.read(sale.id, s.tokens.salesman)).details.contact).toEqual({ phone: '1432321000', mobile: '5514991234567' });

    // An edit that chooses the main address copies it as it is now; one that keeps the address keeps the copy.
    const edit = (body: Record<string, unknown>, version: number) =>
      s.api('PUT', `/api/sales/${sale.id}`, {
        token: s.tokens.admin,
        body: { version, clientId: client.id, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', priceTableId: s.ids.table, transport: { costing: 1, carrier: 'Rápido Bauru' }, items: [{ productId: arroz, quantity: '3', unitPrice: '24.90', index: 0 }], ...body },
      });
    const kept = await edit({ shippingAddressId: depot!.id, observations: { invoice: 'Entregar pela manhã', internal: null } }, read.version);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.shippingAddress).toMatchObject({ street: 'Avenida Getúlio Vargas' });
    const other = await edit({ shippingAddressId: main!.id }, kept.body.version);
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.shippingAddress).toMatchObject({ id: main!.id, street: 'Rua das Flores', number: '100' });
    expect((await s.read(sale.id)).details.shippingAddress).toMatchObject({ street: 'Rua das Flores' });
  });

  it('shows a draft the client address as it is now, said so', async () => {
    const made = await s.api('POST', '/api/clients', {
      token: s.tokens.admin,
      body: { name: 'Empório Rascunho Ltda', nickname: 'Empório', email: 'compras@emporiorascunho.com.br', document: cpfDigits(doc++), birthDate: '1990-05-05', salesmanId: s.w.salesman.id, addresses },
    });
    const depot = made.body.addresses[1].id;
    const d = await s.post<SaleBody>('/api/sales', { clientId: made.body.id, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', shippingAddressId: depot, items: [] }, s.tokens.salesman);
    const read = await s.read(d.id, s.tokens.salesman);
    expect(read.shippingAddress ?? null).toBeNull();
    expect(read.details.shippingAddress).toMatchObject({ id: depot, street: 'Avenida Getúlio Vargas' });
    expect(read.details.shippingAddressKept).toBe(false);
  });
});

describe('the payment state on the list', () => {
  it('follows the client: open, partly paid after a payment recorded on the client, overdue when a due date passes, paid when all is paid', async () => {
    const clientId = await s.client('Mercado Pagamentos');
    const sale = await closedWith(clientId, null);
    const row = async () => {
      const res = await s.api('GET', `/api/sales?clientId=${clientId}`, { token: s.tokens.salesman });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.items as { id: string; payment?: string | null }[]).find((r) => r.id === sale.id);
    };
    expect((await row())?.payment).toBe('open');

    // A payment recorded on the client (the financial position's route, as the ERP's integration does).
    const record = (i: { installment: string; dueDate: string; value: string }, paid: boolean) =>
      s.api('PUT', `/api/clients/${clientId}/installments`, {
        token: s.tokens.admin,
        body: [{ document: String(sale.number), installment: i.installment, branchId: sale.branchId, type: 'title', issueDate: sale.orderDate, dueDate: i.dueDate, installmentValue: i.value, openValue: paid ? '0' : i.value, paidValue: paid ? i.value : '0', paymentDate: paid ? sale.orderDate : null }],
      });
    const pay = (i: { installment: string; dueDate: string; value: string }) => record(i, true);
    const [first, second, third] = sale.installments as { installment: string; dueDate: string; value: string }[];
    expect((await pay(first!)).status).toBe(200);
    expect((await row())?.payment).toBe('partly_paid');

    // The second installment's due date moved to yesterday by the ERP, still open: overdue wins.
    const due = { ...second!, dueDate: addDays(sale.orderDate, -1) };
    expect((await record(due, false)).status).toBe(200);
    expect((await row())?.payment).toBe('overdue');

    expect((await pay(due)).status).toBe(200);
    expect((await pay(third!)).status).toBe(200);
    expect((await row())?.payment).toBe('paid');
    // The same state as the sale's own page.
    expect((await s.read(sale.id)).payment).toBe('paid');

    // A draft has none.
    const d = await s.draft(clientId, [{ productId: arroz, quantity: '1', unitPrice: '24.90' }]);
    const drafts = await s.api('GET', `/api/sales?drafts=true&clientId=${clientId}`, { token: s.tokens.salesman });
    expect((drafts.body.items as { id: string; payment?: string }[]).find((r) => r.id === d.id)?.payment).toBeUndefined();
  });

  it("never shows another salesman's or another company's sale through the new fields", async () => {
    const clientId = await s.client('Mercado Escopo');
    const sale = await closedWith(clientId, null);
    // Another salesman of the company: not in his list, and its page is a 404 (names, address, map included).
    const others = await s.api('GET', '/api/sales', { token: s.tokens.other });
    expect(others.status).toBe(200);
    expect((others.body.items as { id: string }[]).some((r) => r.id === sale.id)).toBe(false);
    expect((await s.api('GET', `/api/sales/${sale.id}`, { token: s.tokens.other })).status).toBe(404);

    // Another company: its administrator does not find it, and its list holds only its own (with their payment).
    const b = await salesCompany(await makeWorld('Detalhe de Pedidos B'));
    expect((await b.api('GET', `/api/sales/${sale.id}`, { token: b.tokens.admin })).status).toBe(404);
    const theirs = await b.api('GET', '/api/sales', { token: b.tokens.admin });
    expect((theirs.body.items as { id: string }[]).some((r) => r.id === sale.id)).toBe(false);
  });
});
