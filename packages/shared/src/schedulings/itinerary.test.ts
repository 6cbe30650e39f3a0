import { describe, expect, it } from 'vitest';
import type { SchedulingSummary } from '../schemas/schedulings';
import { inSequence, mainAddress, ownPoint, stopAddress, summariseDay } from './itinerary';

const stop = (id: string, over: Partial<SchedulingSummary>): SchedulingSummary => ({
  id,
  name: `Visita ${id}`,
  date: '2026-11-30',
  scheduledStart: null,
  status: 'pending',
  clientId: `c-${id}`,
  clientName: `Cliente ${id}`,
  city: null,
  neighbourhood: null,
  routeId: null,
  salesmanId: 'u1',
  salesmanName: 'Vendedor',
  typeId: 't1',
  typeName: 'Visita',
  contactMode: 'visit',
  flagged: false,
  sequence: null,
  returnSequence: null,
  updatedAt: '2026-11-30 10:00:00',
  ...over,
});

describe('an itinerary: the rules the server and the device share', () => {
  it('orders a day by sequence, the unsequenced after by time, then by client', () => {
    const day = [
      stop('d', { sequence: null, scheduledStart: null, clientName: 'Ágata' }),
      stop('c', { sequence: null, scheduledStart: '09:00', clientName: 'Zeca' }),
      stop('b', { sequence: 2 }),
      stop('a', { sequence: 1 }),
      stop('e', { sequence: null, scheduledStart: null, clientName: 'Bruno' }),
    ];
    expect(inSequence(day).map((s) => s.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('finds the main address (else the first) and reads it as the itinerary shows it', () => {
    const first = { main: false, street: 'Rua A', number: '10', neighborhood: 'Centro', city: 'Bauru', latitude: -22.3, longitude: -49.1 };
    const main = { main: true, street: 'Av. B', number: null, neighborhood: null, city: 'Agudos', latitude: null, longitude: null };
    expect(mainAddress({ addresses: [first, main] })).toBe(main);
    expect(mainAddress({ addresses: [first] })).toBe(first);
    expect(mainAddress({ addresses: [] })).toBeNull();
    expect(stopAddress(first)).toBe('Rua A, 10 - Centro - Bauru');
    expect(stopAddress(main)).toBe('Av. B - Agudos');
    expect(ownPoint(first)).toEqual({ latitude: -22.3, longitude: -49.1 });
    expect(ownPoint(main)).toBeNull();
    expect(ownPoint(null)).toBeNull();
  });

  it('summarises a day without its cancelled stops', () => {
    const day = [stop('b', { sequence: 2, status: 'completed', flagged: true }), stop('x', { sequence: 3, status: 'cancelled', clientName: 'Cancelado' }), stop('a', { sequence: 1 })];
    expect(summariseDay('2026-11-30', 'u1', day)).toEqual({
      id: '2026-11-30_u1',
      date: '2026-11-30',
      salesmanId: 'u1',
      salesmanName: 'Vendedor',
      stops: 2,
      completed: 1,
      flagged: 1,
      first: 'Cliente a',
      last: 'Cliente b',
    });
  });
});
