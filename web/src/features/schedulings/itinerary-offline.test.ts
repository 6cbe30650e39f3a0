import { describe, expect, it } from 'vitest';
import type { Scheduling } from '@ev/shared/schemas/schedulings';
import { deviceItinerariesOf, deviceItineraryOf } from './itinerary-offline';
import { activeOnDevice, type DeviceVisit } from './visit-offline';

const DAY = '2026-11-30';
const held = (id: string, over: Partial<Scheduling>): Scheduling => ({
  id,
  name: `Visita ${id}`,
  date: DAY,
  scheduledStart: null,
  scheduledEnd: null,
  status: 'pending',
  clientId: `c-${id}`,
  clientName: `Cliente ${id}`,
  city: 'Bauru',
  neighbourhood: null,
  routeId: null,
  salesmanId: 'u1',
  salesmanName: 'Vendedor',
  typeId: 't1',
  typeName: 'Visita',
  contactMode: 'visit',
  occurrenceTypeId: null,
  occurrenceTypeName: null,
  observations: null,
  closingObservations: null,
  start: null,
  end: null,
  duration: null,
  flagged: false,
  sequence: null,
  returnSequence: null,
  createdBy: 'u0',
  createdAt: '2026-11-29 10:00:00',
  updatedAt: '2026-11-29 10:00:00',
  version: 1,
  ...over,
});
const started = (at: string, version = 1): DeviceVisit => ({ start: { itemKey: `visit-${at}`, at, position: null, version }, close: null, amendable: `visit-${at}` });
const closed: DeviceVisit = { start: started('2026-11-30 11:00:00').start, close: { itemKey: 'visit-x', at: '2026-11-30 11:30:00', occurrenceTypeId: 'o', closingObservations: null, nextContactDate: null, position: null }, amendable: null };
const address = (over: object) => ({ main: true, street: 'Rua A', number: '1', neighborhood: 'Centro', city: 'Bauru', latitude: null, longitude: null, ...over });

describe("the day's itinerary from the device", () => {
  const day = [
    held('b', { sequence: 2, clientId: 'cb' }),
    held('a', { sequence: 1, clientId: 'ca' }),
    held('x', { sequence: 3, status: 'cancelled' }),
    held('c', { sequence: 4, clientId: 'cc' }),
    held('other-day', { date: '2026-12-01', sequence: 1 }),
    held('other-owner', { salesmanId: 'u2', sequence: 1 }),
  ];
  const clients = new Map([
    ['ca', { addresses: [address({ main: false, street: 'Rua Velha' }), address({ latitude: -22.3, longitude: -49.1 })] }],
    ['cb', { addresses: [address({ street: 'Rua Sem Mapa', number: null })] }],
    ['cc', null],
  ]);

  it('is the owner’s held stops of that day in sequence, each where its client’s main address is, the cancelled apart', () => {
    const it = deviceItineraryOf(DAY, 'u1', day, clients, new Map())!;
    expect(it.id).toBe(`${DAY}_u1`);
    expect(it.stops.map((s) => [s.id, s.latitude, s.longitude, s.address])).toEqual([
      ['a', -22.3, -49.1, 'Rua A, 1 - Centro - Bauru'],
      ['b', null, null, 'Rua Sem Mapa - Centro - Bauru'],
      ['c', null, null, null],
    ]);
    expect(it.cancelled.map((s) => s.id)).toEqual(['x']);
    expect(it).toMatchObject({ fromDevice: true, waiting: [], strictOrder: false, companyPoint: null, map: { token: null } });
  });

  it('shows each stop with what its visit has waiting to send', () => {
    const it = deviceItineraryOf(DAY, 'u1', day, clients, new Map([['a', closed], ['b', started('2026-11-30 12:00:00')]]))!;
    expect(it.stops.map((s) => s.status)).toEqual(['completed', 'active', 'pending']);
    expect(it.waiting).toEqual(['a', 'b']);
  });

  it('is nothing for a day or an owner the device does not hold', () => {
    expect(deviceItineraryOf('2026-12-02', 'u1', day, clients, new Map())).toBeNull();
    expect(deviceItineraryOf(DAY, 'u3', day, clients, new Map())).toBeNull();
  });

  it('lists the day’s itineraries per owner, as the server summarises them', () => {
    const list = deviceItinerariesOf(DAY, day, new Map([['a', closed]]));
    expect(list.map((i) => [i.salesmanId, i.stops, i.completed, i.first, i.last])).toEqual([
      ['u1', 3, 1, 'Cliente a', 'Cliente c'],
      ['u2', 1, 0, 'Cliente other-owner', 'Cliente other-owner'],
    ]);
  });
});

describe('the visit under way from the device', () => {
  it('is the last visit started on this device and not closed there', () => {
    const day = [held('a', {}), held('b', {}), held('c', {})];
    const v = activeOnDevice(day, new Map([['a', started('2026-11-30 09:00:00')], ['b', started('2026-11-30 10:00:00', 4)], ['c', closed]]));
    expect(v).toMatchObject({ id: 'b', status: 'active', version: 5 });
  });

  it('else the held one under way that no queued close ended; else nothing', () => {
    const day = [held('a', {}), held('b', { status: 'active' })];
    expect(activeOnDevice(day, new Map())?.id).toBe('b');
    expect(activeOnDevice(day, new Map([['b', { start: null, close: closed.close, amendable: null }]]))).toBeNull();
    expect(activeOnDevice([held('a', {})], new Map())).toBeNull();
  });
});
