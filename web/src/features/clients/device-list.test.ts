import type { Client } from '@ev/shared/schemas/clients';
import { describe, expect, it } from 'vitest';
import { clientIndex, searchIndex } from '../../lib/offline/search';
import { clientSummaryOf, deviceClientRows } from './device-list';

const address = (city: string, state: string, main: boolean) => ({ id: `a-${city}`, main, city, state, street: 'Rua A', number: '1', neighborhood: 'Centro', cep: '17010120' });

const held = (id: string, name: string, more: Partial<Client> = {}): Client =>
  ({
    id,
    name,
    nickname: null,
    document: null,
    phone1: null,
    email: null,
    status: 'active',
    situation: 'normal',
    incomplete: false,
    blocked: false,
    salesmanId: 'sm-1',
    regionId: null,
    routeId: null,
    segmentId: null,
    walletId: null,
    addresses: [],
    ...more,
  }) as unknown as Client;

describe('the clients list from the device', () => {
  it('a held client is the list row the API answers: its fields, the main address’s city and state', () => {
    const c = held('c1', 'Mercado São José', {
      nickname: 'São José',
      document: '12345678000190',
      phone1: '14991234567',
      email: 'compras@mercado.test',
      situation: 'problem',
      blocked: true,
      regionId: 'r1',
      addresses: [address('Marília', 'SP', false), address('Bauru', 'SP', true)] as Client['addresses'],
    } as Partial<Client>);
    expect(clientSummaryOf(c)).toEqual({
      id: 'c1',
      name: 'Mercado São José',
      nickname: 'São José',
      document: '12345678000190',
      phone1: '14991234567',
      email: 'compras@mercado.test',
      city: 'Bauru',
      state: 'SP',
      status: 'active',
      situation: 'problem',
      incomplete: false,
      blocked: true,
      salesmanId: 'sm-1',
      regionId: 'r1',
      routeId: null,
      segmentId: null,
      walletId: null,
    });
    // No main address: the first; none at all: no place.
    expect(clientSummaryOf(held('c2', 'B', { addresses: [address('Jaú', 'SP', false)] as Client['addresses'] })).city).toBe('Jaú');
    expect(clientSummaryOf(held('c3', 'C'))).toMatchObject({ city: null, state: null });
  });

  it('filters as the API filters (each filter a field of the record), blank filters ignored', () => {
    const found = [held('a', 'Açougue', { status: 'inactive' } as Partial<Client>), held('b', 'Bar', { routeId: 'rt1' }), held('c', 'Casa', { routeId: 'rt1', situation: 'analysis' } as Partial<Client>)];
    expect(deviceClientRows(found, {}).items.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(deviceClientRows(found, { status: 'active' }).items.map((c) => c.id)).toEqual(['b', 'c']);
    expect(deviceClientRows(found, { routeId: 'rt1', situation: 'normal' }).items.map((c) => c.id)).toEqual(['b']);
    expect(deviceClientRows(found, { routeId: ' ', salesmanId: 'sm-1' }).items).toHaveLength(3);
    expect(deviceClientRows(found, { salesmanId: 'sm-2' })).toEqual({ items: [], total: 0 });
  });

  it('one page: at most `max` rows, with how many matched', () => {
    const found = Array.from({ length: 7 }, (_, i) => held(`c${i}`, `Cliente ${i}`));
    const page = deviceClientRows(found, {}, 5);
    expect(page.items.map((c) => c.id)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
    expect(page.total).toBe(7);
  });

  it('with the device’s search: words begin a word of the name, nickname or city; digits are in the document; by name', () => {
    const clients = [
      held('1', 'Padaria Estrela', { document: '12345678000190', addresses: [address('Bauru', 'SP', true)] as Client['addresses'] }),
      held('2', 'Mercado São José', { nickname: 'Zé do Mercado' }),
      held('3', 'Armazém Central', { addresses: [address('São Carlos', 'SP', true)] as Client['addresses'] }),
    ];
    const index = clientIndex(clients);
    const rows = (q: string) => deviceClientRows(searchIndex(index, q, Number.MAX_SAFE_INTEGER), {}).items.map((c) => c.name);
    expect(rows('')).toEqual(['Armazém Central', 'Mercado São José', 'Padaria Estrela']);
    expect(rows('sao')).toEqual(['Armazém Central', 'Mercado São José']);
    expect(rows('merc')).toEqual(['Mercado São José']);
    expect(rows('bauru')).toEqual(['Padaria Estrela']);
    expect(rows('12.345.678/0001-90')).toEqual(['Padaria Estrela']);
    expect(rows('5678')).toEqual(['Padaria Estrela']);
    expect(rows('ercado')).toEqual([]);
  });
});
