import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { CachedCepLookup, CEP_FOUND_TTL_SECONDS, CEP_NOT_FOUND_TTL_SECONDS, ViaCepLookup } from './cep';
import { DEMO_CEPS, seedDemoCeps } from './cep-demo';
import { Ports } from './index';

/**
 * The CEP port against a local server that plays ViaCEP (no network in tests). The cache is
 * platform-wide and shared by every test file of the run, so each case uses CEPs of its own.
 */
type Reply = { status: number; body?: unknown; raw?: string; delayMs?: number };
const replies = new Map<string, Reply>();
const hits = new Map<string, number>();
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const cep = /^\/ws\/([^/]+)\/json\/$/.exec(req.url ?? '')?.[1] ?? '';
    hits.set(cep, (hits.get(cep) ?? 0) + 1);
    const reply = replies.get(cep) ?? { status: 200, body: { erro: true } };
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
    }, reply.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  Clock.reset();
  Ports.reset();
});

let seq = 0;
/** A fresh 8-digit CEP for one case (random block, counter), never one of the demo's. */
const block = String(Math.floor(Math.random() * 9000) + 1000);
function freshCep(): string {
  seq += 1;
  return `9${block}${String(seq).padStart(3, '0')}`;
}

/** A ViaCEP answer for a found CEP, as the service sends it (masked CEP, extra fields). */
function viaCep(cep: string, overrides: Record<string, unknown> = {}) {
  return {
    cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
    logradouro: 'Avenida Getúlio Vargas',
    complemento: 'de 19001/19002 a 21999/22000',
    unidade: '',
    bairro: 'Jardim Europa',
    localidade: 'Bauru',
    uf: 'SP',
    estado: 'São Paulo',
    regiao: 'Sudeste',
    ibge: '3506003',
    gia: '2094',
    ddd: '14',
    siafi: '6219',
    ...overrides,
  };
}

const adapter = (timeoutMs = 2000) => new ViaCepLookup({ baseUrl, timeoutMs });

async function cacheItem(cep: string) {
  const { Item } = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: Keys.cache('cep', cep), ConsistentRead: true }));
  return Item;
}

describe('ViaCepLookup', () => {
  it('maps every field of a found CEP', async () => {
    const cep = freshCep();
    replies.set(cep, { status: 200, body: viaCep(cep) });
    expect(await adapter().lookup(cep)).toEqual({
      cep,
      street: 'Avenida Getúlio Vargas',
      neighborhood: 'Jardim Europa',
      city: 'Bauru',
      state: 'SP',
      complement: 'de 19001/19002 a 21999/22000',
      ibge: '3506003',
    });
  });

  it('accepts the CEP with its mask and asks ViaCEP for the 8 digits', async () => {
    const cep = freshCep();
    replies.set(cep, { status: 200, body: viaCep(cep) });
    const masked = `${cep.slice(0, 5)}-${cep.slice(5)}`;
    expect((await adapter().lookup(masked))?.cep).toBe(cep);
    expect(hits.get(cep)).toBe(1);
  });

  it('answers 17012-000 written with its mask', async () => {
    replies.set('17012000', { status: 200, body: viaCep('17012000', { logradouro: 'Rua Araújo Leite', bairro: 'Vila Santa Tereza' }) });
    expect(await adapter().lookup('17012-000')).toMatchObject({ cep: '17012000', street: 'Rua Araújo Leite', city: 'Bauru', state: 'SP' });
  });

  it('fills absent fields with empty text (a city-wide CEP has no street)', async () => {
    const cep = freshCep();
    replies.set(cep, { status: 200, body: { cep, localidade: 'Agudos', uf: 'SP', ibge: '3500709' } });
    expect(await adapter().lookup(cep)).toEqual({ cep, street: '', neighborhood: '', city: 'Agudos', state: 'SP', complement: '', ibge: '3500709' });
  });

  it('is null for a 200 with "erro": true, and with "erro": "true"', async () => {
    const [a, b] = [freshCep(), freshCep()];
    replies.set(a, { status: 200, body: { erro: true } });
    replies.set(b, { status: 200, body: { erro: 'true' } });
    expect(await adapter().lookup(a)).toBeNull();
    expect(await adapter().lookup(b)).toBeNull();
  });

  it('is null for a 400 (ViaCEP refusing the format)', async () => {
    const cep = freshCep();
    replies.set(cep, { status: 400, raw: '<h1>Http 400</h1>' });
    expect(await adapter().lookup(cep)).toBeNull();
  });

  it('is null, without calling out, for what cannot be a CEP', async () => {
    const before = [...hits.values()].reduce((s, n) => s + n, 0);
    for (const bad of ['', '1234567', '123456789', 'abcdefgh', '17012-00']) expect(await adapter().lookup(bad)).toBeNull();
    expect([...hits.values()].reduce((s, n) => s + n, 0)).toBe(before);
  });

  it('is null when ViaCEP is slower than the timeout', async () => {
    const cep = freshCep();
    replies.set(cep, { status: 200, body: viaCep(cep), delayMs: 1000 });
    const started = Date.now();
    expect(await adapter(150).lookup(cep)).toBeNull();
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('is null for a server error, an unexpected body, and an unreachable host', async () => {
    const [a, b] = [freshCep(), freshCep()];
    replies.set(a, { status: 503, raw: 'indisponível' });
    replies.set(b, { status: 200, raw: '<html>manutenção</html>' });
    expect(await adapter().lookup(a)).toBeNull();
    expect(await adapter().lookup(b)).toBeNull();
    expect(await new ViaCepLookup({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 }).lookup(freshCep())).toBeNull();
  });
});

describe('CachedCepLookup', () => {
  it('asks ViaCEP once for a found CEP and keeps it 90 days', async () => {
    const cep = freshCep();
    replies.set(cep, { status: 200, body: viaCep(cep) });
    const lookup = new CachedCepLookup(adapter());
    const first = await lookup.lookup(cep);
    const second = await lookup.lookup(`${cep.slice(0, 5)}-${cep.slice(5)}`);
    expect(second).toEqual(first);
    expect(first?.street).toBe('Avenida Getúlio Vargas');
    expect(hits.get(cep)).toBe(1);
    const item = await cacheItem(cep);
    expect(item).toMatchObject({ found: true, address: first });
    expect(item!.ttl).toBeGreaterThanOrEqual(Clock.seconds() + CEP_FOUND_TTL_SECONDS - 5);
    expect(item!.ttl).toBeLessThanOrEqual(Clock.seconds() + CEP_FOUND_TTL_SECONDS);
  });

  it('remembers a not-found for a day, then asks again', async () => {
    const cep = freshCep();
    replies.set(cep, { status: 200, body: { erro: true } });
    const lookup = new CachedCepLookup(adapter());
    expect(await lookup.lookup(cep)).toBeNull();
    expect(await lookup.lookup(cep)).toBeNull();
    expect(hits.get(cep)).toBe(1);
    const item = await cacheItem(cep);
    expect(item).toMatchObject({ found: false });
    expect(item!.ttl).toBeLessThanOrEqual(Clock.seconds() + CEP_NOT_FOUND_TTL_SECONDS);

    // Past the ttl the item counts as gone even if DynamoDB has not deleted it yet.
    const later = Date.now() + (CEP_NOT_FOUND_TTL_SECONDS + 60) * 1000;
    Clock.set(() => later);
    replies.set(cep, { status: 200, body: viaCep(cep) });
    expect((await lookup.lookup(cep))?.cep).toBe(cep);
    expect(hits.get(cep)).toBe(2);
  });

  it('does not cache a timeout: the next lookup asks again and gets the address', async () => {
    const cep = freshCep();
    replies.set(cep, { status: 200, body: viaCep(cep), delayMs: 600 });
    const lookup = new CachedCepLookup(adapter(150));
    expect(await lookup.lookup(cep)).toBeNull();
    expect(await cacheItem(cep)).toBeUndefined();
    replies.set(cep, { status: 200, body: viaCep(cep) });
    expect((await lookup.lookup(cep))?.cep).toBe(cep);
    expect(hits.get(cep)).toBe(2);
  });

  it('does not call out for what cannot be a CEP', async () => {
    const lookup = new CachedCepLookup(adapter());
    expect(await lookup.lookup('170-12')).toBeNull();
  });
});

describe('Ports.cep and the demo CEPs', () => {
  it('swaps and forgets the adapter', async () => {
    const stub = { lookup: async () => null };
    Ports.set({ cep: stub });
    expect(Ports.cep()).toBe(stub);
    Ports.reset();
    expect(Ports.cep()).toBeInstanceOf(CachedCepLookup);
  });

  it('seeds Bauru and its neighbours, found from the cache with ViaCEP down, twice harmlessly', async () => {
    expect(DEMO_CEPS.length).toBeGreaterThanOrEqual(14);
    expect(DEMO_CEPS.filter((c) => c.city === 'Bauru').length).toBeGreaterThanOrEqual(12);
    for (const c of DEMO_CEPS) {
      expect(c.cep).toMatch(/^\d{8}$/);
      expect(c.state).toBe('SP');
      if (c.city === 'Bauru') expect(c.cep.startsWith('170')).toBe(true);
    }
    await seedDemoCeps();
    await seedDemoCeps();
    const down = new CachedCepLookup(new ViaCepLookup({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 200 }));
    const getulio = DEMO_CEPS.find((c) => c.street === 'Avenida Getúlio Vargas')!;
    expect(await down.lookup(`${getulio.cep.slice(0, 5)}-${getulio.cep.slice(5)}`)).toEqual(getulio);
    for (const c of DEMO_CEPS) expect(await down.lookup(c.cep)).toEqual(c);
    const item = await cacheItem(getulio.cep);
    expect(item).not.toHaveProperty('ttl');
  });
});
