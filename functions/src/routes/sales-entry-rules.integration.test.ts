import { beforeAll, describe, expect, it } from 'vitest';
import { salesWorld } from '../testing/sales';

/**
 * The entry's rules beyond the order's own (docs/sales.md "Geolocation" and "The entry"): the
 * location asked for where the company enables it and required only where it says so; the sale
 * types offered (active sale natures); the vehicle; the client's last purchase after a cancel.
 */

let s: Awaited<ReturnType<typeof salesWorld>>;
let arroz: string;
const here = { latitude: -22.3145, longitude: -49.0587, accuracy: 35 };

beforeAll(async () => {
  s = await salesWorld('Regras da Entrada');
  arroz = await s.product('Arroz Tipo 1 5kg', '24.90', '500');
}, 90_000);

const line = () => ({ productId: arroz, quantity: '1', unitPrice: '24.90' });

/** The company's sales settings changed by its administrator. */
async function salesSettings(change: Record<string, unknown>) {
  const c = (await s.api('GET', '/api/company', { token: s.tokens.admin })).body;
  const { name, nickname, document, observations, taxRegime, settings, version } = c;
  const res = await s.api('PUT', '/api/company', { token: s.tokens.admin, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, sales: { ...settings.sales, ...change } } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const close = (id: string, version: number, body: Record<string, unknown>) => s.api('POST', `/api/sales/${id}/close`, { token: s.tokens.salesman, body: { version, ...body } });

describe('geolocation: enabled captures, only required refuses', () => {
  it('with geolocation enabled but not required (the default), an order closes without a position, and one given is stored', async () => {
    const company = (await s.api('GET', '/api/company', { token: s.tokens.admin })).body;
    expect(company.settings.sales).toMatchObject({ geolocationEnabled: true, geolocationRequired: false });
    const client = await s.client();

    const d = await s.draft(client, [line()]);
    const without = await close(d.id, d.version, {});
    expect(without.status, JSON.stringify(without.body)).toBe(200);
    expect(without.body).toMatchObject({ status: 'pending', geolocation: null });

    const e = await s.draft(client, [line()]);
    const located = await close(e.id, e.version, { geolocation: here });
    expect(located.status).toBe(200);
    expect((await s.read(e.id)).geolocation).toEqual(here);

    // Not required: a coarse position is kept with its accuracy, not refused.
    const f = await s.draft(client, [line()]);
    const coarse = await close(f.id, f.version, { geolocation: { ...here, accuracy: 1200 } });
    expect(coarse.status).toBe(200);
    expect((await s.read(f.id)).geolocation).toEqual({ ...here, accuracy: 1200 });
  });

  it('where the company requires it, a close without a position or with a worse precision is refused and changes nothing; with one it closes', async () => {
    await salesSettings({ geolocationRequired: true });
    try {
      const client = await s.client();
      const d = await s.draft(client, [line()]);
      const none = await close(d.id, d.version, {});
      expect(none.status).toBe(400);
      expect(none.body.fields[0]).toMatchObject({ field: 'geolocation', message: 'A empresa exige a localização para fechar o pedido. Permita o acesso à localização e tente novamente.' });
      const vague = await close(d.id, d.version, { geolocation: { ...here, accuracy: 1200 } });
      expect(vague.status).toBe(400);
      expect(vague.body.fields[0].message).toBe('A localização veio com precisão de 1200 m, acima dos 500 m que a empresa aceita. Tente de novo em um lugar aberto.');
      const still = await s.read(d.id);
      expect(still).toMatchObject({ status: 'typing', number: null, version: d.version });

      const closed = await close(d.id, d.version, { geolocation: here });
      expect(closed.status).toBe(200);
      expect((await s.read(d.id)).geolocation).toEqual(here);
    } finally {
      await salesSettings({ geolocationRequired: false });
    }
  });
});

describe('the sale type, the vehicle, the last purchase', () => {
  it('refuses a purchase (entry) nature and an inactive one as the sale type, changing nothing', async () => {
    const client = await s.client();
    const [compra, inativa] = await Promise.all([
      s.post('/api/natures', { name: 'Compra para comercialização', cfop: '1102', financialMovement: true }),
      s.post('/api/natures', { name: 'Venda antiga', cfop: '5102', financialMovement: true, status: 'inactive' }),
    ]);
    const d = await s.draft(client, [line()]);
    for (const [nature, message] of [
      [compra.id, 'O tipo de venda Compra para comercialização é uma natureza fiscal de entrada (compra), não de venda. Escolha uma natureza de saída.'],
      [inativa.id, 'O tipo de venda Venda antiga está inativo. Escolha um tipo de venda ativo.'],
    ] as const) {
      const created = await s.api('POST', '/api/sales', { token: s.tokens.salesman, body: { clientId: client, natureId: nature, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [line()] } });
      expect(created.status).toBe(400);
      expect(created.body.fields[0]).toMatchObject({ field: 'natureId', message });
      const saved = await s.api('PUT', `/api/sales/${d.id}`, { token: s.tokens.salesman, body: { version: d.version, clientId: client, natureId: nature, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [line()] } });
      expect(saved.status).toBe(400);
      expect(saved.body.fields[0]).toMatchObject({ field: 'natureId', message });
    }
    expect(await s.read(d.id)).toMatchObject({ version: d.version, natureId: s.ids.venda });
  });

  it('keeps the vehicle chosen on the order', async () => {
    const client = await s.client();
    const truck = await s.post('/api/vehicles', { plate: 'BRA2E19', name: 'Caminhão baú' });
    const d = await s.post('/api/sales', { clientId: client, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1, vehicleId: truck.id }, items: [line()] }, s.tokens.salesman);
    expect((await s.read(d.id)).transport).toMatchObject({ costing: 1, vehicleId: truck.id });
  });

  it("gives the client back its last purchase when a sale is cancelled: the other sale's date, then none", async () => {
    const client = await s.client();
    const lastPurchase = async () => (await s.api('GET', `/api/clients/${client}`, { token: s.tokens.admin })).body.lastPurchaseDate as string | null;
    expect(await lastPurchase()).toBeNull();
    const first = await s.closed(client, [line()]);
    const second = await s.closed(client, [line()]);
    // A draft of the client does not count as a purchase.
    await s.draft(client, [line()]);
    expect(await lastPurchase()).toBe(second.orderDate);

    const cancel = async (sale: { id: string; version: number }) => {
      const res = await s.api('POST', `/api/sales/${sale.id}/status`, { token: s.tokens.admin, body: { version: sale.version, to: 'cancelled', reason: 'Cliente desistiu' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await cancel(second);
    expect(await lastPurchase()).toBe(first.orderDate);
    await cancel(first);
    expect(await lastPurchase()).toBeNull();
  });
});
