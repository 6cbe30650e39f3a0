import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, tokensFor, type World } from '../testing/world';

/**
 * The store's address (issue 44 item 1, docs/store.md): chosen by the administrator with the
 * self-checkout switch, checked for its form, unique across the platform (a race for one address
 * gives it to one company), let go when changed; the public call answers the company's name only
 * while its store is on, and the same plain 404 for anything else.
 */
const api = checkedCall;
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
