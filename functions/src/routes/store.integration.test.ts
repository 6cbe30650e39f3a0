import { Clock } from '@ev/core/clock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { cpfDigits } from '../testing/documents';
import { mailTo } from '../testing/mail';
import { salesCompany } from '../testing/sales';
import { registerEmailJob } from '@ev/core/ports';
import { makeWorld, tokensFor, type World } from '../testing/world';

/**
 * The store's address (issue 44 item 1, docs/store.md): chosen by the administrator with the
 * self-checkout switch, checked for its form, unique across the platform (a race for one address
 * gives it to one company), let go when changed; the public call answers the company's name only
 * while its store is on, and the same plain 404 for anything else.
 */
const api = checkedCall;
// The e-mails go through the queue: its e-mail handler, without the rest of the jobs consumer.
registerEmailJob();
let worlds: World[];
const tokens: string[] = [];
const tag = Math.random().toString(36).slice(2, 7);
const slug = (name: string) => `${name}-${tag}`;

beforeAll(async () => {
  worlds = await Promise.all([makeWorld('Loja Um'), makeWorld('Loja Dois'), makeWorld('Loja Tres')]);
  const t = await tokensFor({ a: [worlds[0]!, worlds[0]!.admin], b: [worlds[1]!, worlds[1]!.admin], c: [worlds[2]!, worlds[2]!.admin] });
  tokens.push(t.a, t.b, t.c);
});

/** A PUT of the company with its further settings changed, over the version GET answers now. */
async function setStore(token: string, further: Record<string, unknown>) {
  const c = (await api('GET', '/api/company', { token })).body;
  const { name, nickname, document, observations, taxRegime, settings, version } = c;
  return api('PUT', '/api/company', { token, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, further: { ...settings.further, ...further } } } });
}
const fields = (res: { body: { fields?: { field: string; message: string }[] } }) => Object.fromEntries((res.body.fields ?? []).map((f) => [f.field, f.message]));

describe('the store’s address', () => {
  it('is checked for its form, asked for by the self-checkout, and kept in lower case', async () => {
    const [a] = tokens as [string];
    expect(fields(await setStore(a, { selfCheckout: true, storeSlug: '' }))).toEqual({ 'settings.further.storeSlug': 'Informe o endereço da loja para ligar o autoatendimento.' });
    for (const bad of ['ab', 'mercado_central', '-mercado', 'mercado-', 'mercadão']) {
      expect(fields(await setStore(a, { storeSlug: bad })), bad).toEqual({
        'settings.further.storeSlug': 'O endereço da loja deve ter de 3 a 40 letras minúsculas sem acento, números ou hífens, começando e terminando com letra ou número.',
      });
    }
    expect(fields(await setStore(a, { storeSlug: 'vendas' }))).toEqual({ 'settings.further.storeSlug': 'O endereço "vendas" é reservado pelo sistema: escolha outro.' });
    const saved = await setStore(a, { selfCheckout: true, storeSlug: ` ${slug('Mercado-Um').toUpperCase()} ` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings.further).toMatchObject({ selfCheckout: true, storeSlug: slug('mercado-um') });
  });

  it('opens its company to anyone while the store is on, and nothing otherwise', async () => {
    const [a] = tokens as [string];
    const open = await api('GET', `/api/store/${slug('mercado-um')}`);
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ slug: slug('mercado-um'), name: 'Loja Um' });
    expect(open.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    // The address typed in capitals finds it too.
    expect((await api('GET', `/api/store/${slug('MERCADO-UM')}`)).status).toBe(200);
    for (const unknown of [slug('nenhuma'), 'x', 'a'.repeat(41)]) {
      const res = await api('GET', `/api/store/${unknown}`);
      expect(res.status, unknown).toBe(404);
      expect(res.body.message).toBe('Loja não encontrada: confira o endereço com a empresa.');
    }
    expect((await setStore(a, { selfCheckout: false })).status).toBe(200);
    const off = await api('GET', `/api/store/${slug('mercado-um')}`);
    expect(off.status).toBe(404);
    expect(JSON.stringify(off.body)).not.toContain('Loja Um');
    expect((await setStore(a, { selfCheckout: true })).status).toBe(200);
  });

  it('is one company’s: another is refused on the field and keeps its settings; an address given up is free again', async () => {
    const [a, b] = tokens as [string, string];
    const taken = await setStore(b, { selfCheckout: true, storeSlug: slug('mercado-um') });
    expect(taken.status).toBe(409);
    expect(fields(taken)).toEqual({ 'settings.further.storeSlug': 'Este endereço de loja já é de outra empresa: escolha outro.' });
    expect((await api('GET', '/api/company', { token: b })).body.settings.further).toMatchObject({ selfCheckout: false, storeSlug: '' });
    // A moves to another address: its old one is free, and B takes it.
    expect((await setStore(a, { storeSlug: slug('mercado-um-novo') })).status).toBe(200);
    expect((await setStore(b, { selfCheckout: true, storeSlug: slug('mercado-um') })).status).toBe(200);
    expect((await api('GET', `/api/store/${slug('mercado-um')}`)).body.name).toBe('Loja Dois');
    expect((await api('GET', `/api/store/${slug('mercado-um-novo')}`)).body.name).toBe('Loja Um');
  });

  it('raced for by two companies at once goes to one of them', async () => {
    const [, b, c] = tokens as [string, string, string];
    const wanted = slug('disputada');
    const answers = await Promise.all([setStore(b, { storeSlug: wanted }), setStore(c, { selfCheckout: true, storeSlug: wanted })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? 'Loja Dois' : 'Loja Tres';
    expect((await api('GET', `/api/store/${wanted}`)).body.name).toBe(winner);
  });
});

describe('the store’s client accounts', () => {
  let storeSlug: string;
  let admin: string;
  let salesman: string;
  let docSeq = 7_100_000 + Math.floor(Math.random() * 100_000);
  const client = async (name: string, email: string | null, extra: Record<string, unknown> = {}) => {
    const res = await api('POST', '/api/clients', { token: admin, body: { name, nickname: name.split(' ')[0], email, document: cpfDigits(docSeq++), birthDate: '1990-05-05', salesmanId: worlds[0]!.salesman.id, ...extra } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; version: number } & Record<string, unknown>;
  };
  const grant = (id: string, password = 'senha-da-loja-1', token = admin) => api('PUT', `/api/clients/${id}/store-access`, { token, body: { password, confirmation: password } });
  const login = (body: Record<string, unknown>, slug = storeSlug) => api('POST', `/api/store/${slug}/login`, { body });

  beforeAll(async () => {
    admin = tokens[0]!;
    salesman = (await worlds[0]!.login(worlds[0]!.salesman.email)).accessToken;
    storeSlug = slug('contas');
    expect((await setStore(admin, { selfCheckout: true, storeSlug })).status).toBe(200);
  });

  it('are given from the client’s record with a password the staff set, its e-mail the login', async () => {
    const c = await client('Mercearia Acesso Ltda', `acesso-${tag}@mercearia.com.br`);
    expect((await api('GET', `/api/clients/${c.id}/store-access`, { token: admin })).body).toEqual({ email: `acesso-${tag}@mercearia.com.br`, active: false, invited: false, updatedAt: null });
    const short = await api('PUT', `/api/clients/${c.id}/store-access`, { token: admin, body: { password: 'curta', confirmation: 'curta' } });
    expect(fields(short)).toEqual({ password: 'A nova senha deve ter pelo menos 8 caracteres.' });
    const mismatch = await api('PUT', `/api/clients/${c.id}/store-access`, { token: admin, body: { password: 'senha-da-loja-1', confirmation: 'outra-senha-1' } });
    expect(fields(mismatch)).toEqual({ confirmation: 'A confirmação não confere com a nova senha.' });
    const given = await grant(c.id);
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({ email: `acesso-${tag}@mercearia.com.br`, active: true });
    // A client without an e-mail cannot be given access.
    const noEmail = await client('Bar Sem Email', null);
    expect(fields(await grant(noEmail.id))).toEqual({ email: 'O cliente não tem e-mail no cadastro: informe um e-mail antes de dar acesso à loja.' });
    // Another salesman's client is not the salesman's to give.
    const theirs = await client('Padaria do Outro', `outro-${tag}@padaria.com.br`, { salesmanId: worlds[0]!.otherSalesman.id });
    expect((await grant(theirs.id, 'senha-da-loja-1', salesman)).status).toBe(404);
    // A company whose store is off gives none.
    const [, b] = tokens as [string, string];
    const bClient = await api('POST', '/api/clients', { token: b, body: { name: 'Cliente de B', nickname: 'B', email: `b-${tag}@b.com.br`, document: cpfDigits(docSeq++), birthDate: '1990-05-05' } });
    expect((await setStore(b, { selfCheckout: false })).status).toBe(200);
    const off = await grant(bClient.body.id, 'senha-da-loja-1', b);
    expect([off.status, off.body.message]).toEqual([409, 'A loja da empresa está desligada: ligue o autoatendimento e informe o endereço da loja em Configurações > Empresa.']);
  });

  it('log in by e-mail and password with the texts of each refusal; the session is the store’s alone', async () => {
    const email = `login-${tag}@emporio.com.br`;
    const c = await client('Empório Login Ltda', email);
    expect((await grant(c.id)).status).toBe(200);
    const unknown = await login({ email: `ninguem-${tag}@emporio.com.br`, password: 'senha-da-loja-1' });
    expect([unknown.status, unknown.body.message]).toEqual([401, 'Não encontramos cadastro de cliente com este e-mail nesta loja. Fale com a empresa para receber o acesso.']);
    const wrong = await login({ email, password: 'senha-errada-1' });
    expect([wrong.status, wrong.body.message]).toEqual([401, 'E-mail ou senha incorretos.']);
    const ok = await login({ email: email.toUpperCase(), password: 'senha-da-loja-1' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.client).toEqual({ id: c.id, name: 'Empório Login Ltda', nickname: 'Empório', email, canBuy: true });
    const token = ok.body.token as string;
    expect((await api('GET', `/api/store/${storeSlug}/me`, { token })).body).toMatchObject({ id: c.id, canBuy: true });
    // A store token opens no staff route, nor another store; a staff token opens no store route.
    expect((await api('GET', '/api/clients', { token })).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await api('GET', `/api/store/${slug('mercado-um')}/me`, { token })).status).toBe(401);
    const staff = await api('GET', `/api/store/${storeSlug}/me`, { token: admin });
    expect([staff.status, staff.body.message]).toEqual([403, 'Esta é a loja dos clientes: entre com o e-mail e a senha de cliente.']);
    expect((await api('GET', `/api/store/${storeSlug}/me`)).status).toBe(401);
    // The same e-mail and password in another company's store open nothing there.
    expect((await setStore(tokens[2]!, { selfCheckout: true, storeSlug: slug('terceira') })).status).toBe(200);
    const elsewhere = await login({ email, password: 'senha-da-loja-1' }, slug('terceira'));
    expect([elsewhere.status, elsewhere.body.code]).toEqual([401, 'store.no_record']);
    // Logged out: the token no longer opens the store.
    expect((await api('POST', `/api/store/${storeSlug}/logout`, { token })).status).toBe(200);
    expect((await api('GET', `/api/store/${storeSlug}/me`, { token })).status).toBe(401);
  });

  it('an e-mail of several clients asks which; the one chosen logs in', async () => {
    const email = `rede-${tag}@supermercados.com.br`;
    const [one, two, three] = [await client('Supermercado Rede Centro', email), await client('Supermercado Rede Bairro', email), await client('Supermercado Rede Vila', email)];
    await grant(one.id);
    await grant(two.id);
    await grant(three.id, 'outra-senha-da-loja');
    const asked = await login({ email, password: 'senha-da-loja-1' });
    expect([asked.status, asked.body.message]).toEqual([409, 'Este e-mail está no cadastro de mais de um cliente: escolha com qual deseja entrar.']);
    expect(asked.body.details.clients.map((c: { name: string }) => c.name).sort()).toEqual(['Supermercado Rede Bairro', 'Supermercado Rede Centro']);
    const chosen = await login({ email, password: 'senha-da-loja-1', clientId: two.id });
    expect(chosen.body.client.id).toBe(two.id);
    // The third's own password opens it alone; choosing a client the password does not open is the login error.
    expect((await login({ email, password: 'outra-senha-da-loja' })).body.client.id).toBe(three.id);
    expect((await login({ email, password: 'senha-da-loja-1', clientId: three.id })).status).toBe(401);
  });

  it('a client that may not buy logs in to see its orders; taking the access away or a new password ends its sessions', async () => {
    const email = `analise-${tag}@lanchonete.com.br`;
    const c = await client('Lanchonete em Análise', email);
    const now = (await api('GET', `/api/clients/${c.id}`, { token: admin })).body;
    expect((await api('PUT', `/api/clients/${c.id}`, { token: admin, body: { ...now, situation: 'analysis' } })).status).toBe(200);
    await grant(c.id);
    const ok = await login({ email, password: 'senha-da-loja-1' });
    expect(ok.status).toBe(200);
    expect(ok.body.client.canBuy).toBe(false);
    const token = ok.body.token as string;
    await grant(c.id, 'senha-nova-da-loja');
    expect((await api('GET', `/api/store/${storeSlug}/me`, { token })).status).toBe(401);
    const again = (await login({ email, password: 'senha-nova-da-loja' })).body.token as string;
    expect((await api('DELETE', `/api/clients/${c.id}/store-access`, { token: admin })).body).toEqual({ email, active: false, invited: false, updatedAt: null });
    expect((await api('GET', `/api/store/${storeSlug}/me`, { token: again })).status).toBe(401);
    expect((await login({ email, password: 'senha-nova-da-loja' })).status).toBe(401);
  });

  it('is throttled as the staff’s login: after 5 wrong passwords the right one waits', async () => {
    const email = `limite-${tag}@mercado.com.br`;
    const c = await client('Mercado Limite', email);
    await grant(c.id);
    for (let i = 0; i < 5; i++) expect((await login({ email, password: `errada-${i}-senha` })).status).toBe(401);
    const closed = await login({ email, password: 'senha-da-loja-1' });
    expect([closed.status, closed.body.message]).toEqual([429, 'Muitas tentativas de acesso sem sucesso. Aguarde alguns minutos e tente novamente.']);
  });
});

describe('the store’s passwords set by link', () => {
  let storeSlug: string;
  let admin: string;
  let docSeq = 7_300_000 + Math.floor(Math.random() * 100_000);
  const client = async (name: string, email: string) => {
    const res = await api('POST', '/api/clients', { token: admin, body: { name, nickname: name.split(' ')[0], email, document: cpfDigits(docSeq++), birthDate: '1990-05-05' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  const linkIn = async (email: string) => {
    const mails = await mailTo(email);
    const last = mails.at(-1);
    expect(last, `no e-mail to ${email}`).toBeDefined();
    const match = /\/vendas\/[a-z0-9-]+\/redefine#(\S+)/.exec(last!.text);
    expect(match, last!.text).not.toBeNull();
    return { token: match![1]!, mail: last!, count: mails.length };
  };
  const login = (email: string, password: string) => api('POST', `/api/store/${storeSlug}/login`, { body: { email, password } });
  const redefine = (token: string, password: string) => api('POST', `/api/store/${storeSlug}/redefine`, { body: { token, password, confirmation: password } });

  beforeAll(async () => {
    admin = tokens[0]!;
    storeSlug = slug('links');
    expect((await setStore(admin, { selfCheckout: true, storeSlug })).status).toBe(200);
  });
  afterEach(() => Clock.reset());

  it('an invitation sends the client a link to create its own password; until then it cannot log in', async () => {
    const email = `convite-${tag}@mercearia.com.br`;
    const c = await client('Mercearia Convidada', email);
    const invited = await api('POST', `/api/clients/${c.id}/store-access/invite`, { token: admin });
    expect(invited.body).toMatchObject({ email, active: false, invited: true });
    const { token, mail } = await linkIn(email);
    expect(mail.subject).toBe('Loja Um: o seu acesso à loja');
    expect(mail.text).toContain('Você recebeu acesso à loja de Loja Um');
    expect((await login(email, 'qualquer-senha-1')).body.message).toBe('E-mail ou senha incorretos.');
    const set = await redefine(token, 'minha-senha-nova');
    expect([set.status, set.body.message]).toEqual([200, 'Senha definida. Entre na loja com o seu e-mail e a nova senha.']);
    expect((await login(email, 'minha-senha-nova')).status).toBe(200);
    expect((await api('GET', `/api/clients/${c.id}/store-access`, { token: admin })).body).toMatchObject({ active: true, invited: false });
  });

  it('a forgotten password: the same answer for any e-mail, a link only to one with access, working once and in time, for every record of the e-mail', async () => {
    const email = `esqueci-${tag}@rede.com.br`;
    const [one, two] = [await client('Rede Esqueci Centro', email), await client('Rede Esqueci Bairro', email)];
    for (const c of [one, two]) expect((await api('PUT', `/api/clients/${c.id}/store-access`, { token: admin, body: { password: 'senha-antiga-1', confirmation: 'senha-antiga-1' } })).status).toBe(200);
    const session = (await api('POST', `/api/store/${storeSlug}/login`, { body: { email, password: 'senha-antiga-1', clientId: one.id } })).body.token as string;
    const neutral = 'Se o e-mail tiver acesso a esta loja, enviaremos em instantes um link para criar uma nova senha.';
    const unknown = `ninguem-${tag}@rede.com.br`;
    expect((await api('POST', `/api/store/${storeSlug}/forgot-password`, { body: { email: unknown } })).body.message).toBe(neutral);
    expect(await mailTo(unknown)).toHaveLength(0);
    expect((await api('POST', `/api/store/${storeSlug}/forgot-password`, { body: { email } })).body.message).toBe(neutral);
    const { token, mail } = await linkIn(email);
    expect(mail.subject).toBe('Loja Um: nova senha da loja');
    // A link of another store's address opens nothing there.
    expect((await api('POST', `/api/store/${slug('terceira')}/redefine`, { body: { token, password: 'senha-nova-123', confirmation: 'senha-nova-123' } })).status).toBe(400);
    expect((await redefine(token, 'senha-nova-123')).status).toBe(200);
    // Both records of the e-mail take it; the old password and the old session are gone.
    expect((await login(email, 'senha-antiga-1')).status).toBe(401);
    expect((await login(email, 'senha-nova-123')).status).toBe(409);
    expect((await api('GET', `/api/store/${storeSlug}/me`, { token: session })).status).toBe(401);
    // Once only.
    const again = await redefine(token, 'outra-senha-123');
    expect([again.status, again.body.fields]).toEqual([400, [{ field: 'token', message: 'Não foi possível redefinir a senha: o link é inválido ou expirou. Peça um novo em "Esqueci minha senha".' }]]);
    // And in time: an hour.
    expect((await api('POST', `/api/store/${storeSlug}/forgot-password`, { body: { email } })).status).toBe(200);
    const late = await linkIn(email);
    Clock.set(() => Date.now() + 61 * 60_000);
    expect((await redefine(late.token, 'tarde-demais-123')).status).toBe(400);
  });
});

describe('Meus pedidos', () => {
  it('lists the client’s own orders newest first with their payment, opens each, and no other client’s nor a draft', async () => {
    const s = await salesCompany(worlds[0]!);
    const storeSlug = slug('pedidos');
    expect((await setStore(s.tokens.admin, { selfCheckout: true, storeSlug })).status).toBe(200);
    const arroz = await s.product('Arroz Tipo 1 5kg', '24.90', '100');
    const [mine, theirs] = [await s.client(), await s.client()];
    const first = await s.closed(mine, [{ productId: arroz, quantity: '2', unitPrice: '24.90' }]);
    const second = await s.closed(mine, [{ productId: arroz, quantity: '1', unitPrice: '24.90' }]);
    const other = await s.closed(theirs, [{ productId: arroz, quantity: '3', unitPrice: '24.90' }]);
    const draft = await s.draft(mine, [{ productId: arroz, quantity: '5', unitPrice: '24.90' }]);
    const email = (await s.api('GET', `/api/clients/${mine}`, { token: s.tokens.admin })).body.email as string;
    expect((await s.api('PUT', `/api/clients/${mine}/store-access`, { token: s.tokens.admin, body: { password: 'senha-dos-pedidos', confirmation: 'senha-dos-pedidos' } })).status).toBe(200);
    const token = (await api('POST', `/api/store/${storeSlug}/login`, { body: { email, password: 'senha-dos-pedidos' } })).body.token as string;

    const list = await api('GET', `/api/store/${storeSlug}/sales`, { token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    expect(list.body.items[1]).toMatchObject({ number: first.number, status: 'pending', total: '49.80', count: 1, payment: 'open' });
    expect(JSON.stringify(list.body)).not.toContain(draft.id);
    const one = await api('GET', `/api/store/${storeSlug}/sales/${first.id}`, { token });
    expect(one.body).toMatchObject({ id: first.id, items: [{ name: 'Arroz Tipo 1 5kg', quantity: '2', total: '49.80', cancelled: false }], totals: { total: '49.80' } });
    expect(one.body.installments.map((i: { value: string }) => i.value)).toEqual(['16.60', '16.60', '16.60']);
    expect(Object.keys(one.body)).not.toContain('observations');
    for (const id of [other.id, draft.id]) expect((await api('GET', `/api/store/${storeSlug}/sales/${id}`, { token })).status).toBe(404);
    // The staff's token is no client's: the store's orders are not its.
    expect((await api('GET', `/api/store/${storeSlug}/sales`, { token: s.tokens.admin })).status).toBe(403);
  });
});
