import { describe, expect, it } from 'vitest';
import type { OfflineSyncItem } from '@ev/shared/schemas/offline';
import type { Scheduling } from '@ev/shared/schemas/schedulings';
import { amendRow, planBatch, type QueueRow } from './queue-plan';

const AT = '2026-11-30 15:00:00';
const start = { version: 1, position: null, offline: { key: 'start-abcdefgh', at: AT } };
const close = { version: 2, occurrenceTypeId: 'occ-1', offline: { key: 'close-abcdefgh', at: '2026-11-30 15:25:00' } };
const visit = (key: string, parts: { start?: unknown; close?: unknown }): QueueRow => ({
  seq: 1,
  key,
  kind: 'visit',
  queuedAt: AT,
  label: 'Visita',
  item: { kind: 'visit', key, queuedAt: AT, schedulingId: 's1', ...parts } as OfflineSyncItem,
});
const order = { kind: 'order', key: 'order-abcdefgh', queuedAt: AT, draft: {} } as OfflineSyncItem;

describe('amending a queued item in place', () => {
  it('keeps its place, key, kind and time; replaces the item and the label', () => {
    const row = { ...visit('visit-aaaaaaaa', { start }), seq: 7 };
    const item = { ...(row.item as object), close } as OfflineSyncItem;
    const next = amendRow(row, { item, label: 'Visita iniciada e encerrada' });
    expect(next).toEqual({ ...row, item, label: 'Visita iniciada e encerrada' });
    expect(amendRow(row, { item }).label).toBe('Visita');
  });

  it('refuses an amendment that would make it another item', () => {
    const row = visit('visit-aaaaaaaa', { start });
    expect(() => amendRow(row, { item: { ...(row.item as object), key: 'visit-zzzzzzzz' } as OfflineSyncItem })).toThrow(/key and kind/);
    expect(() => amendRow(row, { item: order })).toThrow(/key and kind/);
  });
});

describe("a batch's visits done", () => {
  it("carries the server's record of each visit done, for the device's copy; none for an order, a refusal or a retry", () => {
    const record = { id: 's1', status: 'completed', version: 3 } as unknown as Scheduling;
    const rows = [visit('visit-aaaaaaaa', { start }), visit('visit-bbbbbbbb', { close }), { ...visit('order-cccccccc', {}), kind: 'order' as const, item: { ...order, key: 'order-cccccccc' } }];
    const result = (key: string, status: 'done' | 'refused' | 'retry', scheduling: Scheduling | null = null) => ({ key, status, sale: null, scheduling, error: status === 'refused' ? { status: 'error' as const, code: 'conflict', message: 'x' } : null });
    const plan = planBatch(rows, [result('visit-aaaaaaaa', 'done', record), result('visit-bbbbbbbb', 'refused'), result('order-cccccccc', 'retry')], AT);
    expect(plan.schedulings).toEqual([record]);
    expect(plan.sent.map((r) => r.schedulingId)).toEqual(['s1']);
  });
});
