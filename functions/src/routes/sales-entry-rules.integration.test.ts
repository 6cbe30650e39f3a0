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
