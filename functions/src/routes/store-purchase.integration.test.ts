import { runAs } from '@ev/core/context';
import { Clock } from '@ev/core/clock';
import { addDays } from '@ev/shared/calendar';
import { Ports } from '@ev/core/ports';
import { SandboxProcessor } from '@ev/core/ports/payments';
import { startMercadoPago } from '@ev/core/ports/testing/mercadopago-server';
import { resetEnv } from '@ev/core/env';
import { Logs } from '@ev/core/logs';
import { Sales } from '@ev/core/sales/index';
import { decodeBrCode } from '@ev/shared/pix/brcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { salesCompany } from '../testing/sales';
import { storeOf } from '../testing/store';
import { makeWorld, type World } from '../testing/world';

/**
 * The store's purchase and its Pix (issue 44 items 3 and 4, docs/store.md "The purchase" and
 * "Payment"): the public catalogue up to the product limit, the client's prices, the cart figured
 * by the entry's own pieces, the purchase through the one close (once per key, a refusal leaving
 * nothing), the sandbox's Pix paid through its signed webhook read back, a forged or repeated
 * notice changing nothing, another amount or a late payment to review, an expired Pix releasing
 * the stock and a new one taking it again.
 */
const api = checkedCall;
const tag = Math.random().toString(36).slice(2, 7);
let w: World;
let s: Awaited<ReturnType<typeof salesCompany>>;
let slug: string;
let st: Awaited<ReturnType<typeof storeOf>>;
let storeToken: string;
let clientId: string;
let aVista: string;
let agua: string;
let acucar: string;
let cafe: string;
const fields = (res: { body: { fields?: { field: string; message: string }[] } }) => Object.fromEntries((res.body.fields ?? []).map((f) => [f.field, f.message]));
const store = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => api(method, `/api/store/${slug}${path}`, { token: storeToken, body, headers });
const order = (body: unknown, key?: string) => st.order(storeToken, body, key);
const setFurther = (further: Record<string, unknown>) => st.setFurther(further);


/** A client of the salesman with store access, signed in: its token. */
const storeClient = async (id: string, password?: string) => st.signIn(await st.grant(id, password), password);

beforeAll(async () => {
  w = await makeWorld('Distribuidora Loja Compra');
  s = await salesCompany(w);
  slug = `compra-${tag}`;
  st = await storeOf(s, slug);
  aVista = (await s.post('/api/payments-conditions', { name: `À vista ${tag}`, terms: ['000'], minimumInvoice: '50.00' })).id;
  [agua, acucar, cafe] = await Promise.all([s.product(`Água mineral 500ml cx ${tag}`, '18.90', '100'), s.product(`Açúcar cristal fardo ${tag}`, '42.50', '3'), s.product(`Café torrado 500g ${tag}`, '15.75', '40')]);
  clientId = await s.client(`Mercearia Loja ${tag}`);
  storeToken = await storeClient(clientId);
});

describe('the store’s catalogue', () => {
  it('is public (no price, no stock), searchable, cached at the CDN, and ends at the product limit', async () => {
    const page = await api('GET', `/api/store/${slug}/products?q=${tag}&limit=10`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    expect(page.body.items.map((p: { name: string }) => p.name).sort()).toEqual([`Açúcar cristal fardo ${tag}`, `Café torrado 500g ${tag}`, `Água mineral 500ml cx ${tag}`].sort());
    expect(JSON.stringify(page.body)).not.toMatch(/price|available|18\.90/);
    // The limit: two products at most, then no further page.
    await setFurther({ virtualStoreProductLimit: 2 });
    const first = await api('GET', `/api/store/${slug}/products?limit=2`);
    expect([first.body.items.length, first.body.limited, first.body.nextCursor]).toEqual([2, true, null]);
    await setFurther({ virtualStoreProductLimit: 500 });
    // A store of no company answers nothing of this one's.
    expect((await api('GET', `/api/store/nenhuma-${tag}/products`)).status).toBe(404);
  });

  it('prices and stock are the signed-in client’s, never a staff token’s nor anyone’s', async () => {
    const res = await store('POST', '/prices', { productIds: [agua, cafe] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items).toEqual([
      { productId: agua, price: '18.9000', listPrice: '18.9000', campaign: null, available: '100.0000' },
      { productId: cafe, price: '15.7500', listPrice: '15.7500', campaign: null, available: '40.0000' },
    ]);
    expect((await api('POST', `/api/store/${slug}/prices`, { body: { productIds: [agua] } })).status).toBe(401);
    expect((await api('POST', `/api/store/${slug}/prices`, { token: s.tokens.admin, body: { productIds: [agua] } })).status).toBe(403);
  });
});

describe('the store’s cart', () => {
  it('is figured as the close figures it, with the installments and what would refuse it on its field', async () => {
    const res = await store('POST', '/cart', { items: [{ productId: agua, quantity: '2' }], paymentConditionId: aVista });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totals.total).toBe('37.80');
    expect(res.body.installments).toEqual([{ installment: '1/1', dueDate: expect.any(String), value: '37.80' }]);
    expect(res.body.problems).toEqual([
      {
        field: 'paymentConditionId',
        message: 'O total do pedido (R$ 37,80) está abaixo do faturamento mínimo da condição de pagamento (R$ 50,00): faltam R$ 12,20. Inclua mais itens ou mude a condição de pagamento.',
        // Keyed, so the store says it in the client's language.
        key: 'sales.minimumInvoice',
        params: { total: 'R$ 37,80', minimum: 'R$ 50,00', difference: 'R$ 12,20' },
      },
    ]);
    const short = await store('POST', '/cart', { items: [{ productId: acucar, quantity: '5' }], paymentConditionId: aVista });
    expect(short.body.problems).toContainEqual(expect.objectContaining({ field: 'items.0.quantity', message: `Estoque insuficiente para Açúcar cristal fardo ${tag}: disponível 3. Mude a quantidade ou retire o item.` }));
    const pixOnTerms = await store('POST', '/cart', { items: [{ productId: agua, quantity: '3' }], paymentConditionId: s.ids.prazo, paymentMethod: 'pix' });
    expect(pixOnTerms.body.problems).toContainEqual(expect.objectContaining({ field: 'paymentConditionId', message: 'O Pix paga o pedido à vista: escolha uma condição de pagamento de uma parcela, ou pague no prazo combinado.', key: 'store.pixSingle' }));
    expect(pixOnTerms.body.installments.map((i: { value: string }) => i.value)).toEqual(['18.90', '18.90', '18.90']);
  });
});

describe('the store’s purchase', () => {
  it('closes through the one close once per key, marked as the store’s, with a Pix laid out as the manual says', async () => {
    const before = await s.balance(agua);
    const body = { items: [{ productId: agua, quantity: '3' }], paymentConditionId: aVista, paymentMethod: 'pix', note: 'Entregar pela manhã' };
    const key = `compra-${tag}-um`;
    const [a, b] = await Promise.all([order(body, key), order(body, key)]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length, JSON.stringify([a.body, b.body])).toBeGreaterThanOrEqual(1);
    const sale = ok[0]!.body;
    expect(sale).toMatchObject({ status: 'pending', total: '56.70', store: { status: 'payment', paymentMethod: 'pix' } });
    expect(sale.number).toEqual(expect.any(Number));
    const again = await order(body, key);
    expect([again.status, again.body.id]).toEqual([200, sale.id]);
    expect(await s.balance(agua)).toEqual({ available: String(Number(before.available) - 3), reserved: String(Number(before.reserved) + 3) });
    // The code: the amount with two decimals, the txid, a CRC that checks.
    const code = decodeBrCode(sale.store.pix.code);
    expect(code.amount).toBe('56.70');
    expect(sale.store.pix.amount).toBe('56.70');
    // The staff see a store order of the client's salesman, with the buyer's address.
    const staff = await s.read(sale.id);
    expect(staff.salesmanId).toBe(w.salesman.id);
    expect(staff.store).toMatchObject({ slug, status: 'payment', processor: 'sandbox', paymentMethod: 'pix' });
    expect(staff.store).toMatchObject({ buyerIp: '200.150.10.7', details: { userAgent: 'Mozilla/5.0 (Linux; Android 14) Loja' } });
    expect(staff.history.at(-1)).toMatchObject({ to: 'pending', userName: 'Loja virtual' });
    // Another client of the store sees none of it.
    const other = await storeClient(await s.client(`Bar Outro ${tag}`));
    expect((await api('GET', `/api/store/${slug}/sales/${sale.id}`, { token: other })).status).toBe(404);
  });

  it('is refused whole: without a key, a Pix on installments, short stock (nothing left behind), a client that may not buy', async () => {
    expect(fields(await store('POST', '/orders', { items: [{ productId: agua, quantity: '3' }], paymentConditionId: aVista }))).toEqual({ 'Idempotency-Key': 'Falta o cabeçalho Idempotency-Key: ele garante que o pedido seja feito uma vez só.' });
    expect(fields(await order({ items: [{ productId: agua, quantity: '3' }], paymentConditionId: s.ids.prazo, paymentMethod: 'pix' }))).toEqual({
      paymentConditionId: 'O Pix paga o pedido à vista: escolha uma condição de pagamento de uma parcela, ou pague no prazo combinado.',
    });
    const before = await s.balance(acucar);
    const drafts = async () => (await api('GET', `/api/sales?status=typing&clientId=${clientId}`, { token: s.tokens.admin })).body.items.length;
    const draftsBefore = await drafts();
    const short = await order({ items: [{ productId: acucar, quantity: '5' }], paymentConditionId: aVista });
    expect(short.status, JSON.stringify(short.body)).toBe(409);
    expect(await s.balance(acucar)).toEqual(before);
    expect(await drafts()).toBe(draftsBefore);
    // A condition that is not the client's own (its record names others): refused on its field, as the entry refuses it.
    const picky = await s.client(`Mercado Condição ${tag}`);
    const pickyRecord = (await api('GET', `/api/clients/${picky}`, { token: s.tokens.admin })).body;
    expect((await api('PUT', `/api/clients/${picky}`, { token: s.tokens.admin, body: { ...pickyRecord, paymentConditionIds: [s.ids.prazo] } })).status).toBe(200);
    const pickyToken = await storeClient(picky);
    const notHis = await st.order(pickyToken, { items: [{ productId: agua, quantity: '3' }], paymentConditionId: aVista, paymentMethod: 'terms' });
    expect([notHis.status, fields(notHis)]).toEqual([400, { paymentConditionId: 'Esta condição de pagamento não está disponível para o seu cadastro.' }]);
    expect((await api('POST', `/api/store/${slug}/cart`, { token: pickyToken, body: { items: [{ productId: agua, quantity: '3' }] } })).body.conditions.map((c: { id: string }) => c.id)).toEqual([s.ids.prazo]);
    // A client put in analysis after it had access: it still logs in, and cannot close.
    const blockedId = await s.client(`Bar Bloqueado ${tag}`);
    const token = await storeClient(blockedId);
    const record = (await api('GET', `/api/clients/${blockedId}`, { token: s.tokens.admin })).body;
    const put = await api('PUT', `/api/clients/${blockedId}`, { token: s.tokens.admin, body: { ...record, situation: 'analysis' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const res = await api('POST', `/api/store/${slug}/orders`, { token, body: { items: [{ productId: agua, quantity: '3' }], paymentConditionId: aVista }, headers: { 'idempotency-key': `bloq-${tag}-1` } });
    expect([res.status, res.body.message]).toEqual([409, 'O seu cadastro está com restrição e não pode fazer pedidos pela loja agora. Você ainda vê os seus pedidos; fale com a empresa.']);
    expect((await api('GET', `/api/store/${slug}/me`, { token })).body.canBuy).toBe(false);
  });
});

describe('the store’s Pix', () => {
  const buy = async (quantity = '4') => {
    const res = await order({ items: [{ productId: cafe, quantity }], paymentConditionId: aVista, paymentMethod: 'pix' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const hook = (body: string, headers: Record<string, string>) => api('POST', `/api/payments/sandbox/${w.tenant.id}/webhook`, { body, headers });

  it('paid in the sandbox moves the order to paid with its installments, read back from the processor', async () => {
    const sale = await buy();
    const paid = await store('POST', `/sales/${sale.id}/sandbox-pay`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', payment: 'paid', store: { status: 'paid' } });
    const staff = await s.read(sale.id);
    expect(staff.status).toBe('paid');
    expect(staff.installments.map((i: { status: string }) => i.status)).toEqual(['paid']);
    expect(staff.history.at(-1)).toMatchObject({ to: 'paid', reason: expect.stringContaining('Pix confirmado (sandbox') });
  });

  it('a forged notice is refused, a repeated one changes nothing, another amount goes to review', async () => {
    const sale = await buy();
    const chargeId = (await s.read(sale.id)).store.paymentId as string;
    const forged = SandboxProcessor.webhook(w.tenant.id, chargeId);
    const bad = await hook(forged.body, { ...forged.headers, 'x-sandbox-signature': '0'.repeat(64) });
    expect([bad.status, bad.body.message]).toEqual([401, 'Assinatura do aviso de pagamento inválida.']);
    // Another company's secret does not sign this company's notice.
    const elsewhere = SandboxProcessor.webhook('outra-empresa', chargeId);
    expect((await hook(elsewhere.body, elsewhere.headers)).status).toBe(401);
    // The payer pays less than the total: the notice is real, the sale does not go to paid.
    const notice = await runAs({ tenantId: w.tenant.id }, () => Ports.sandbox().pay(chargeId, '10.00'));
    const first = await hook(notice!.body, notice!.headers);
    expect(first.body).toEqual({ received: true });
    const review = await s.read(sale.id);
    expect(review.status).toBe('pending');
    expect(review.store).toMatchObject({ status: 'review', details: { review: { reason: 'amount', amount: '10.00', paymentId: chargeId } } });
    const repeated = await hook(notice!.body, notice!.headers);
    expect(repeated.body).toEqual({ received: false });
    expect((await s.read(sale.id)).version).toBe(review.version);
  });

  it('expired releases the stock; paid after it goes to review; a new Pix takes the stock again', async () => {
    const before = await s.balance(cafe);
    const sale = await buy('4');
    expect((await s.balance(cafe)).reserved).toBe(String(Number(before.reserved) + 4));
    const later = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 19);
    const expired = await runAs({ tenantId: w.tenant.id }, () => Sales.store.expireDue(later));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await s.read(sale.id)).store.status).toBe('expired');
    expect(await s.balance(cafe)).toEqual(before);
    // A new Pix from "Meus pedidos": the stock reserved again, a new code.
    const renewed = await store('POST', `/sales/${sale.id}/pix`);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.store.status).toBe('payment');
    expect(renewed.body.store.pix.code).not.toBe(sale.store.pix.code);
    expect((await s.balance(cafe)).reserved).toBe(String(Number(before.reserved) + 4));
    // Expired again, then the old charge paid late: review, never paid, the stock not taken.
    await runAs({ tenantId: w.tenant.id }, () => Sales.store.expireDue(later));
    await st.payInSandbox(sale.store.pix.txid);
    const late = await s.read(sale.id);
    expect(late.status).toBe('pending');
    expect(late.store).toMatchObject({ status: 'review', details: { review: { reason: 'late' } } });
    expect(await s.balance(cafe)).toEqual(before);
  });
});

describe('the staff’s approval', () => {
  it('holds a store order as a draft until the staff close it; then the client pays its Pix', async () => {
    await setFurther({ storeApproval: true });
    try {
      const before = await s.balance(cafe);
      const res = await order({ items: [{ productId: cafe, quantity: '4' }], paymentConditionId: aVista, paymentMethod: 'pix' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: 'typing', number: null, store: { status: 'approval', pix: null } });
      // Nothing reserved, nothing counted, until the staff close it; "Meus pedidos" shows it waiting.
      expect(await s.balance(cafe)).toEqual(before);
      const listed = (await store('GET', '/sales')).body.items;
      expect(listed.find((o: { id: string }) => o.id === res.body.id)).toMatchObject({ number: null, status: 'typing', store: 'approval' });
      expect((await store('GET', `/sales/${res.body.id}`)).body.store.status).toBe('approval');
      const draft = await s.read(res.body.id);
      const closed = await api('POST', `/api/sales/${draft.id}/close`, { token: s.tokens.admin, body: { version: draft.version, geolocation: { latitude: -22.3, longitude: -49.06, accuracy: 20 } } });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body.store).toMatchObject({ status: 'payment', details: { pix: null } });
      const paid = await store('POST', `/sales/${draft.id}/pix`);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.store).toMatchObject({ status: 'payment', pix: { amount: '63.00' } });
      expect((await s.balance(cafe)).reserved).toBe(String(Number(before.reserved) + 4));
      const after = (await store('GET', '/sales')).body.items.find((o: { id: string }) => o.id === res.body.id);
      expect(after).toMatchObject({ number: closed.body.number, status: 'pending', store: 'payment' });
    } finally {
      await setFurther({ storeApproval: false });
    }
  });
});

describe('the store’s Pix by Mercado Pago', () => {
  const TOKEN = 'APP_USR-7781-loja-teste';
  const SECRET = 'assinatura-dos-webhooks-da-loja';
  let mp: Awaited<ReturnType<typeof startMercadoPago>>;
  const account = (body: unknown, token = s.tokens.admin) => api('PUT', '/api/company/store-payments', { token, body });
  const hook = (notice: { body: string; headers: Record<string, string> }) => api('POST', `/api/payments/mercadopago/${w.tenant.id}/webhook`, { body: notice.body, headers: notice.headers });

  beforeAll(async () => {
    mp = await startMercadoPago(TOKEN, SECRET);
    process.env.MERCADOPAGO_BASE_URL = mp.baseUrl;
    process.env.MERCADOPAGO_TIMEOUT_MS = '400';
    resetEnv();
  });
  afterAll(async () => {
    const now = (await api('GET', '/api/company/store-payments', { token: s.tokens.admin })).body;
    await account({ processor: 'sandbox', version: now.version });
    delete process.env.MERCADOPAGO_BASE_URL;
    delete process.env.MERCADOPAGO_TIMEOUT_MS;
    resetEnv();
    await mp.close();
  });

  it('is set by the administrator with the company’s token and secret, never answered back', async () => {
    const first = await api('GET', '/api/company/store-payments', { token: s.tokens.admin });
    expect(first.body).toMatchObject({ processor: 'sandbox', hasAccessToken: false, version: null, webhookUrl: expect.stringContaining(`/api/payments/mercadopago/${w.tenant.id}/webhook`) });
    expect((await api('GET', '/api/company/store-payments', { token: s.tokens.salesman })).status).toBe(403);
    expect((await account({ processor: 'mercadopago' }, s.tokens.salesman)).status).toBe(403);
    expect(fields(await account({ processor: 'mercadopago' }))).toEqual({ accessToken: 'Informe o access token do Mercado Pago (APP_USR-… ou TEST-…).' });
    expect(fields(await account({ processor: 'mercadopago', accessToken: TOKEN }))).toEqual({ webhookSecret: 'Informe a assinatura secreta dos webhooks do Mercado Pago (Suas integrações > Webhooks).' });
    expect(fields(await account({ processor: 'mercadopago', accessToken: 'token-qualquer', webhookSecret: SECRET }))).toEqual({ accessToken: 'Informe o access token do Mercado Pago (APP_USR-… ou TEST-…).' });
    const saved = await account({ processor: 'mercadopago', accessToken: TOKEN, webhookSecret: SECRET });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ processor: 'mercadopago', hasAccessToken: true, hasWebhookSecret: true, version: 1 });
    expect(saved.text).not.toContain(TOKEN);
    expect(saved.text).not.toContain(SECRET);
    // Another tab's save over the version it read: 409.
    expect((await account({ processor: 'mercadopago', version: null })).status).toBe(409);
  });

  it('issues the dynamic code as received, and a signed notice read back pays the order; a forged one is refused', async () => {
    const res = await order({ items: [{ productId: cafe, quantity: '4' }], paymentConditionId: aVista, paymentMethod: 'pix' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const staff = await s.read(res.body.id);
    expect(staff.store).toMatchObject({ processor: 'mercadopago', paymentId: expect.any(String) });
    const sent = mp.payments.get(Number(staff.store.paymentId))!;
    const qr = (sent.point_of_interaction as { transaction_data: { qr_code: string } }).transaction_data.qr_code;
    expect(res.body.store.pix.code).toBe(qr);
    expect(decodeBrCode(qr)).toMatchObject({ amount: '63.00', url: expect.stringContaining('pix.mercadopago.com.br') });
    expect(mp.seen.find((r) => r.method === 'POST')?.idempotencyKey).toContain(res.body.id);
    // A notice before the payment changes nothing (the charge read back is still pending).
    expect((await hook(mp.notice(staff.store.paymentId, '9001'))).body).toEqual({ received: true });
    expect((await s.read(res.body.id)).status).toBe('pending');
    const forged = mp.notice(staff.store.paymentId, '9002');
    expect((await hook({ body: forged.body, headers: { ...forged.headers, 'x-signature': 'ts=1,v1=' + '0'.repeat(64) } })).status).toBe(401);
    mp.settle(staff.store.paymentId, 63, 'E18236120202611301607s0a1b2c3d4e5');
    expect((await hook(mp.notice(staff.store.paymentId, '9003'))).body).toEqual({ received: true });
    const paid = await s.read(res.body.id);
    expect(paid).toMatchObject({ status: 'paid', store: { status: 'paid', processor: 'mercadopago' } });
  });

  it('a processor that answers late leaves the order made and waiting, and its Pix is asked again', async () => {
    mp.next.delayMs = 2000;
    const res = await order({ items: [{ productId: cafe, quantity: '4' }], paymentConditionId: aVista, paymentMethod: 'pix' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'pending', store: { status: 'payment', pix: null } });
    const again = await store('POST', `/sales/${res.body.id}/pix`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.store.pix.code).toMatch(/^000201/);
  });
});

describe('Meus dados', () => {
  it('shows the client’s record and saves its phones, contact and delivery addresses over the version read, in its history', async () => {
    const id = await s.client(`Empório Dados ${tag}`);
    const token = await storeClient(id);
    const call = (method: string, body?: unknown) => api(method, `/api/store/${slug}/profile`, { token, body });
    const read = await call('GET');
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toMatchObject({ name: `Empório Dados ${tag}`, mainAddress: null, deliveryAddresses: [] });
    const address = { nickname: 'Depósito', cep: '17012-000', street: 'Rua Primeiro de Agosto', number: '1200', neighborhood: 'Centro', city: 'Bauru', state: 'SP' };
    const bad = await call('PUT', { phone1: '14991234567', deliveryAddresses: [{ ...address, cep: '170' }], version: read.body.version });
    expect(bad.status).toBe(400);
    expect(Object.keys(fields(bad))).toEqual(['deliveryAddresses.0.cep']);
    const saved = await call('PUT', { phone1: '14991234567', contact: 'Dona Cida', deliveryAddresses: [address], version: read.body.version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Its first address is its main one; the next ones are delivery addresses.
    expect(saved.body).toMatchObject({ phone1: '14991234567', contact: 'Dona Cida', mainAddress: { nickname: 'Depósito', city: 'Bauru' }, deliveryAddresses: [] });
    const more = await call('PUT', { phone1: '14991234567', contact: 'Dona Cida', deliveryAddresses: [{ ...address, nickname: 'Loja 2', number: '15' }], version: saved.body.version });
    expect(more.body.deliveryAddresses).toEqual([expect.objectContaining({ nickname: 'Loja 2', id: expect.any(String) })]);
    expect(more.body.mainAddress.nickname).toBe('Depósito');
    // Another tab's save over the version it read: 409, nothing changed.
    const stale = await call('PUT', { phone1: '14990000000', deliveryAddresses: [], version: saved.body.version });
    expect(stale.status).toBe(409);
    const staff = (await api('GET', `/api/clients/${id}`, { token: s.tokens.admin })).body;
    expect(staff.phone1).toBe('14991234567');
    expect(staff.addresses.map((a: { nickname: string }) => a.nickname)).toEqual(['Depósito', 'Loja 2']);
    const history = await runAs({ tenantId: w.tenant.id }, () => Logs.history('clients', id, { limit: 10 }));
    expect(history.items.filter((e) => e.event === 'clients.store_profile').flatMap((e) => e.changes)).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'contact', before: null, after: 'Dona Cida' }), expect.objectContaining({ field: 'deliveryAddresses', after: 'Loja 2, Rua Primeiro de Agosto, 15, Bauru' })]));
    // The cart offers the client's addresses.
    const cart = await api('POST', `/api/store/${slug}/cart`, { token, body: { items: [{ productId: agua, quantity: '3' }] } });
    expect(cart.body.addresses.map((a: { label: string }) => a.label)).toEqual([expect.stringContaining('Depósito'), expect.stringContaining('Loja 2')]);
  });

  it('changes the password with the current one; the other sessions end, this one goes on', async () => {
    const id = await s.client(`Bar Senha ${tag}`);
    const token = await storeClient(id);
    const { email } = (await api('GET', `/api/clients/${id}`, { token: s.tokens.admin })).body;
    const other = (await api('POST', `/api/store/${slug}/login`, { body: { email, password: 'senha-da-loja-1' } })).body.token as string;
    const change = (body: unknown, t = token) => api('POST', `/api/store/${slug}/password`, { token: t, body });
    expect(fields(await change({ current: 'senha-errada-1', password: 'nova-senha-da-loja', confirmation: 'nova-senha-da-loja' }))).toEqual({ current: 'A senha atual não confere.' });
    expect(fields(await change({ current: 'senha-da-loja-1', password: 'nova-senha-da-loja', confirmation: 'outra' }))).toEqual({ confirmation: 'A confirmação não confere com a nova senha.' });
    const changed = await change({ current: 'senha-da-loja-1', password: 'nova-senha-da-loja', confirmation: 'nova-senha-da-loja' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await api('GET', `/api/store/${slug}/me`, { token: other })).status).toBe(401);
    expect((await api('GET', `/api/store/${slug}/me`, { token: changed.body.token })).status).toBe(200);
    expect(changed.body.client.email).toBe(email);
    expect((await api('POST', `/api/store/${slug}/login`, { body: { email, password: 'senha-da-loja-1' } })).status).toBe(401);
    expect((await api('POST', `/api/store/${slug}/login`, { body: { email, password: 'nova-senha-da-loja' } })).status).toBe(200);
  });
});

describe('the store as an installable app', () => {
  it('has its own manifest and icon in the company’s name, public and cached; a store of no company has none', async () => {
    const manifest = await api('GET', `/api/store/${slug}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const m = JSON.parse(manifest.text);
    expect(m).toMatchObject({ id: `/vendas/${slug}`, name: 'Distribuidora Loja Compra', start_url: `/vendas/${slug}/sales/create`, scope: `/vendas/${slug}`, display: 'standalone' });
    expect(m.icons[0]).toEqual({ src: `/api/store/${slug}/icon.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' });
    const icon = await api('GET', `/api/store/${slug}/icon.svg`);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(icon.text).toMatch(/^<svg [^>]*>.*>DL<\/text><\/svg>$/);
    expect(manifest.headers.get('cache-control')).toContain('public');
    expect((await api('GET', `/api/store/nenhuma-${tag}/manifest.webmanifest`)).status).toBe(404);
  });
});

describe('a store where the installation offers no sandbox (production)', () => {
  beforeAll(() => {
    process.env.STORE_SANDBOX = 'off';
    resetEnv();
  });
  afterAll(() => {
    delete process.env.STORE_SANDBOX;
    resetEnv();
  });

  it('takes no Pix until the company sets its processor, nor a simulated payment; the terms still close', async () => {
    const cart = await store('POST', '/cart', { items: [{ productId: agua, quantity: '3' }], paymentConditionId: aVista, paymentMethod: 'pix' });
    expect(cart.body.pixAvailable).toBe(false);
    expect(cart.body.problems).toContainEqual(expect.objectContaining({ field: 'paymentMethod', message: 'Esta loja ainda não recebe Pix: escolha pagar no prazo combinado.' }));
    const before = await s.balance(agua);
    const refused = await order({ items: [{ productId: agua, quantity: '3' }], paymentConditionId: aVista, paymentMethod: 'pix' });
    expect([refused.status, fields(refused)]).toEqual([409, { paymentMethod: 'Esta loja ainda não recebe Pix: escolha pagar no prazo combinado.' }]);
    expect(await s.balance(agua)).toEqual(before);
    const terms = await order({ items: [{ productId: agua, quantity: '3' }], paymentConditionId: aVista, paymentMethod: 'terms' });
    expect(terms.status, JSON.stringify(terms.body)).toBe(200);
    expect(terms.body).toMatchObject({ status: 'pending', store: { status: 'terms', pix: null } });
    const simulated = await store('POST', `/sales/${terms.body.id}/sandbox-pay`);
    expect([simulated.status, simulated.body.message]).toEqual([403, 'O pagamento simulado existe só no ambiente de testes.']);
    // A sandbox notice, even signed, is no notice here.
    const notice = SandboxProcessor.webhook(w.tenant.id, 'QUALQUER');
    expect((await api('POST', `/api/payments/sandbox/${w.tenant.id}/webhook`, { body: notice.body, headers: notice.headers })).status).toBe(401);
  });
});

describe('the store’s campaigns', () => {
  it('shows a campaign in force for the client on its products, at its price, as the cart takes it', async () => {
    const today = Clock.today(w.tenant.timezone);
    const made = await s.api('POST', '/api/campaigns', { token: s.tokens.admin, body: { name: `Semana do Café ${tag}`, validFrom: addDays(today, -1), validUntil: addDays(today, 1), kind: 'discount', discountPercent: '10', productIds: [cafe] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    try {
      const res = await store('POST', '/prices', { productIds: [cafe, agua] });
      expect(res.body.items).toEqual([
        { productId: cafe, price: '14.1750', listPrice: '15.7500', campaign: `Semana do Café ${tag}`, available: expect.any(String) },
        { productId: agua, price: '18.9000', listPrice: '18.9000', campaign: null, available: expect.any(String) },
      ]);
      const cart = await store('POST', '/cart', { items: [{ productId: cafe, quantity: '4' }] });
      // A discount campaign keeps the table's unit and takes its percent off the line, as the entry shows it.
      expect(cart.body.lines[0]).toMatchObject({ unitPrice: '15.7500', campaign: `Semana do Café ${tag}`, total: '56.70' });
    } finally {
      await s.api('PUT', `/api/campaigns/${made.body.id}`, { token: s.tokens.admin, body: { name: `Semana do Café ${tag}`, validFrom: '2020-01-01', validUntil: '2020-01-01', kind: 'discount', discountPercent: '1', status: 'inactive', version: made.body.version } });
    }
  });
});

describe('a company that requires a campaign in its orders', () => {
  it('requires it of its salespeople, never of its store’s client', async () => {
    const today = Clock.today(w.tenant.timezone);
    const company = (await api('GET', '/api/company', { token: s.tokens.admin })).body;
    expect(company.settings.sales.campaignRequired).toBe(true);
    const made = await s.api('POST', '/api/campaigns', { token: s.tokens.admin, body: { name: `Obrigatória ${tag}`, validFrom: addDays(today, -1), validUntil: addDays(today, 1), kind: 'discount', discountPercent: '5', productIds: [cafe] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    try {
      // The salesman's order of water alone: refused, the campaign named.
      const draft = await s.draft(clientId, [{ productId: agua, quantity: '3', unitPrice: '18.90' }]);
      const closed = await api('POST', `/api/sales/${draft.id}/close`, { token: s.tokens.salesman, body: { version: draft.version, geolocation: { latitude: -22.3, longitude: -49.06, accuracy: 20 } } });
      expect([closed.status, closed.body.message]).toEqual([400, expect.stringContaining(`Obrigatória ${tag}`)]);
      // The store's client buys its water.
      const cart = await store('POST', '/cart', { items: [{ productId: agua, quantity: '3' }], paymentConditionId: aVista });
      expect(cart.body.problems).toEqual([]);
      const bought = await order({ items: [{ productId: agua, quantity: '3' }], paymentConditionId: aVista, paymentMethod: 'pix' });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    } finally {
      await s.api('PUT', `/api/campaigns/${made.body.id}`, { token: s.tokens.admin, body: { name: `Obrigatória ${tag}`, validFrom: '2020-01-01', validUntil: '2020-01-01', kind: 'discount', discountPercent: '1', status: 'inactive', version: made.body.version } });
    }
  });
});
