import { describe, expect, it } from 'vitest';
import type { OfflineSyncItem } from '@ev/shared/schemas/offline';
import { amendRow, type QueueRow } from './queue-plan';

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
