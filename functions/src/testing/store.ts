import { runAs } from '@ev/core/context';
import { Ports } from '@ev/core/ports';
import { expect } from 'vitest';
import type { salesCompany } from './sales';

/**
 * A company's store for the store's tests, integration and browser alike (docs/store.md): the
 * company's further settings changed over the version read (the store turned on at `slug`), a
 * client given access and signed in, a purchase as the store sends it, and the sandbox paying an
 * order's Pix through the signed webhook, as a payer's bank would.
 */
type SalesCompany = Awaited<ReturnType<typeof salesCompany>>;

export const STORE_PASSWORD = 'senha-da-loja-1';

/** The buyer's address and browser the store's tests send (what a store order records). */
export const BUYER = { 'x-ev-client-address': '200.150.10.7', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Loja' };

export async function storeOf(s: SalesCompany, slug: string) {
  const { api } = s;
  const tenantId = s.w.tenant.id;

  /** The company's further settings changed over the version GET answers now. */
  const setFurther = async (further: Record<string, unknown>) => {
    const c = (await api('GET', '/api/company', { token: s.tokens.admin })).body;
    const { name, nickname, document, observations, taxRegime, settings, version } = c;
    const res = await api('PUT', '/api/company', { token: s.tokens.admin, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, further: { ...settings.further, ...further } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  /** The client's access given with `password` (its sessions end); its e-mail, the login. */
  const grant = async (clientId: string, password = STORE_PASSWORD) => {
    const email = (await api('GET', `/api/clients/${clientId}`, { token: s.tokens.admin })).body.email as string;
    expect((await api('PUT', `/api/clients/${clientId}/store-access`, { token: s.tokens.admin, body: { password, confirmation: password } })).status).toBe(200);
    return email;
  };

  /** A store session of the e-mail: its token. */
  const signIn = async (email: string, password = STORE_PASSWORD) => {
    const res = await api('POST', `/api/store/${slug}/login`, { body: { email, password } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.token as string;
  };

  /** A purchase as the store sends it (a new key unless given), answered as the API answers it. */
  const order = (token: string, body: unknown, key = `compra-${Math.random().toString(36).slice(2)}`) => api('POST', `/api/store/${slug}/orders`, { token, body, headers: { 'idempotency-key': key, ...BUYER } });

  /** The sandbox's payer paying `amount` of a store order's Pix (default: what it charged); its signed notice through the webhook. */
  const payInSandbox = async (chargeId: string, amount?: string) => {
    const notice = await runAs({ tenantId }, () => Ports.sandbox().pay(chargeId, amount));
    return api('POST', `/api/payments/sandbox/${tenantId}/webhook`, { headers: notice!.headers, body: notice!.body });
  };

  await setFurther({ selfCheckout: true, storeSlug: slug });
  return { slug, setFurther, grant, signIn, order, payInSandbox, off: () => setFurther({ selfCheckout: false, storeSlug: '' }) };
}
