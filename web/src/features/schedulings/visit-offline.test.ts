import { describe, expect, it } from 'vitest';
import type { OfflineSyncItem } from '@ev/shared/schemas/offline';
import type { QueueRow, ReviewRow } from '@/lib/offline';
import { deviceKey, deviceNow, deviceVisit, deviceVisits, refusedVisit, statusShown, withDeviceVisit } from './visit-offline';

const AT = '2026-11-30 15:00:00';
const fix = { latitude: -22.3246, longitude: -49.0871, accuracy: 20, takenAt: Date.UTC(2026, 10, 30, 14, 59, 50) };
const start = (version = 1) => ({ version, position: fix, offline: { key: `start-${version}-abcdefgh`, at: AT } });
const close = { version: 2, occurrenceTypeId: 'occ-1', closingObservations: 'Pedido tirado', nextContactDate: '2026-12-15', position: null, offline: { key: 'close-abcdefgh', at: '2026-11-30 15:25:00' } };
const visit = (key: string, schedulingId: string, parts: { start?: unknown; close?: unknown }): QueueRow => ({
  seq: 1,
  key,
  kind: 'visit',
  queuedAt: AT,
  label: 'Visita',
  item: { kind: 'visit', key, queuedAt: AT, schedulingId, ...parts } as OfflineSyncItem,
});
const order: QueueRow = { seq: 2, key: 'order-abcdefgh', kind: 'order', queuedAt: AT, label: 'Pedido', item: { kind: 'order', key: 'order-abcdefgh', queuedAt: AT, draft: {} } as OfflineSyncItem };

describe('a visit waiting on the device: the state derived from the queue', () => {
  it('is nothing when no visit item names the scheduling (orders and other schedulings aside)', () => {
    expect(deviceVisit([order, visit('visit-aaaaaaaa', 'other', { start: start() })], 's1')).toBeNull();
  });

  it('a start queued: under way on the device, a close is added to that item, over the version after the start', () => {
    const v = deviceVisit([order, visit('visit-aaaaaaaa', 's1', { start: start(3) })], 's1')!;
    expect(v.start).toEqual({ itemKey: 'visit-aaaaaaaa', at: AT, position: fix, version: 3 });
    expect(v.close).toBeNull();
    expect(v.amendable).toBe('visit-aaaaaaaa');
    expect(statusShown('pending', v)).toBe('active');
    expect(withDeviceVisit({ status: 'pending' as const, version: 3 }, v)).toEqual({ status: 'active', version: 4 });
  });

  it('a start and its close in one item: completed on the device, nothing more to add to it', () => {
    const v = deviceVisit([visit('visit-aaaaaaaa', 's1', { start: start(1), close })], 's1')!;
    expect(v.close).toMatchObject({ itemKey: 'visit-aaaaaaaa', at: '2026-11-30 15:25:00', occurrenceTypeId: 'occ-1', closingObservations: 'Pedido tirado', nextContactDate: '2026-12-15', position: null });
    expect(v.amendable).toBeNull();
    expect(statusShown('pending', v)).toBe('completed');
  });

  it('a close alone (the start already sent): completed on the device, the record version kept', () => {
    const v = deviceVisit([visit('visit-bbbbbbbb', 's1', { close })], 's1')!;
    expect(v.start).toBeNull();
    expect(v.amendable).toBeNull();
    expect(withDeviceVisit({ status: 'active' as const, version: 2 }, v)).toEqual({ status: 'completed', version: 2 });
  });

  it('the list: each scheduling with its own items', () => {
    const all = deviceVisits([visit('visit-aaaaaaaa', 's1', { start: start() }), order, visit('visit-bbbbbbbb', 's2', { start: start(), close })]);
    expect([...all.keys()]).toEqual(['s1', 's2']);
    expect(statusShown('pending', all.get('s1')!)).toBe('active');
    expect(statusShown('pending', all.get('s2')!)).toBe('completed');
    expect(statusShown('pending', all.get('s3') ?? null)).toBe('pending');
  });

  it('finds the latest refusal of the scheduling in the review list', () => {
    const refused = (key: string, id: string, movedAt: string): ReviewRow => {
      const { seq: _seq, ...row } = visit(key, id, { start: start() });
      return { ...row, error: { status: 'error', code: 'conflict', message: key }, movedAt };
    };
    const rows = [refused('visit-11111111', 's1', '2026-11-30 10:00:00'), refused('visit-22222222', 's2', '2026-11-30 11:00:00'), refused('visit-33333333', 's1', '2026-11-30 12:00:00')];
    expect(refusedVisit(rows, 's1')?.key).toBe('visit-33333333');
    expect(refusedVisit(rows, 's9')).toBeNull();
  });

  it('the device time and keys are as the contract takes them', () => {
    expect(deviceNow(Date.UTC(2026, 10, 30, 15, 4, 5, 678))).toBe('2026-11-30 15:04:05');
    expect(deviceKey('visit')).toMatch(/^visit-[0-9a-f-]{36}$/);
  });
});
