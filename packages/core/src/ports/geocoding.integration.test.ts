import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putCacheItem } from './cep';
import { addressLine, HttpGeocoder, LocalGeocoder } from './geocoding';

/**
 * The geocoding port: the local adapter against the table's CEP cache, the HTTP adapter against a
 * local server that answers as MapTiler's geocoding API does (a GeoJSON FeatureCollection whose
 * features carry `center` as [longitude, latitude]). The cache is platform-wide: each case uses
 * streets and CEPs of its own.
 */
type Reply = { status: number; body?: unknown };
const replies = new Map<string, Reply>();
const hits: { path: string; key: string | null; country: string | null }[] = [];
let server: http.Server;
let baseUrl: string;
const run = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const query = decodeURIComponent(/^\/geocoding\/(.+)\.json$/.exec(url.pathname)?.[1] ?? '');
    hits.push({ path: query, key: url.searchParams.get('key'), country: url.searchParams.get('country') });
    const reply = [...replies.entries()].find(([street]) => query.includes(street))?.[1] ?? { status: 200, body: { type: 'FeatureCollection', features: [] } };
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const feature = (longitude: number, latitude: number) => ({ type: 'Feature', center: [longitude, latitude], geometry: { type: 'Point', coordinates: [longitude, latitude] }, place_name: 'x' });
const cepOf = (n: number) => `98${run.slice(-5)}${n}`.slice(0, 8);

describe('geocoding', () => {
  it('locally: the address’s own coordinates, else its CEP’s place in the cache, else nothing', async () => {
    const local = new LocalGeocoder();
    expect(await local.locate({ street: 'Rua A', city: 'Bauru', latitude: -22.3, longitude: -49.1 })).toEqual({ latitude: -22.3, longitude: -49.1 });
    const cep = cepOf(1);
    await putCacheItem(cep, { found: true, address: { cep, street: 'Rua B', neighborhood: 'Centro', city: 'Bauru', state: 'SP', complement: '', ibge: '3506003' }, location: { latitude: -22.31, longitude: -49.07 } });
    expect(await local.locate({ street: 'Rua B', city: 'Bauru', cep: `${cep.slice(0, 5)}-${cep.slice(5)}` })).toEqual({ latitude: -22.31, longitude: -49.07 });
    expect(await local.locate({ street: 'Rua C', city: 'Bauru', cep: cepOf(2) })).toBeNull();
    expect(await local.locate({ street: 'Rua C', city: 'Bauru' })).toBeNull();
  });

  it('over HTTP: asks once with the token and the country, then answers from the cache', async () => {
    const street = `Rua Geocodada ${run}`;
    replies.set(street, { status: 200, body: { type: 'FeatureCollection', features: [feature(-49.0712, -22.3301), feature(0, 0)] } });
    const geocoder = new HttpGeocoder({ token: 'token-da-empresa', baseUrl });
    const address = { street, number: '12', neighborhood: 'Centro', city: 'Bauru', state: 'SP', cep: '17010120' };
    expect(await geocoder.locate(address)).toEqual({ latitude: -22.3301, longitude: -49.0712 });
    expect(await geocoder.locate(address)).toEqual({ latitude: -22.3301, longitude: -49.0712 });
    const mine = hits.filter((h) => h.path.includes(street));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ key: 'token-da-empresa', country: 'br', path: addressLine(address) });
    expect(mine[0]!.path).toBe(`${street}, 12, Centro, Bauru - SP, 17010-120, Brasil`);
  });

  it('over HTTP: an address with coordinates is not asked; a failure or an unknown place falls back to what is stored', async () => {
    const before = hits.length;
    const geocoder = new HttpGeocoder({ token: 't', baseUrl });
    expect(await geocoder.locate({ street: 'Rua X', city: 'Bauru', latitude: -22, longitude: -49 })).toEqual({ latitude: -22, longitude: -49 });
    expect(hits.length).toBe(before);

    const cep = cepOf(3);
    await putCacheItem(cep, { found: true, address: { cep, street: '', neighborhood: '', city: 'Agudos', state: 'SP', complement: '', ibge: '3500709' }, location: { latitude: -22.47, longitude: -48.99 } });
    const failing = `Rua Falha ${run}`;
    replies.set(failing, { status: 500, body: { message: 'erro' } });
    expect(await geocoder.locate({ street: failing, city: 'Agudos', state: 'SP', cep })).toEqual({ latitude: -22.47, longitude: -48.99 });
    const unknown = `Rua Desconhecida ${run}`;
    expect(await geocoder.locate({ street: unknown, city: 'Agudos', state: 'SP', cep })).toEqual({ latitude: -22.47, longitude: -48.99 });
    expect(await geocoder.locate({ street: unknown, city: 'Agudos', state: 'SP' })).toBeNull();
    const malformed = `Rua Estranha ${run}`;
    replies.set(malformed, { status: 200, body: { features: [{ center: ['a', 'b'] }] } });
    expect(await geocoder.locate({ street: malformed, city: 'Agudos', state: 'SP' })).toBeNull();
    // The failure is not cached: the next try asks again.
    const asked = hits.filter((h) => h.path.includes(failing)).length;
    await geocoder.locate({ street: failing, city: 'Agudos', state: 'SP', cep });
    expect(hits.filter((h) => h.path.includes(failing)).length).toBe(asked + 1);
  });
});
