import { describe, expect, it } from 'vitest';
import { pick, pickOrNull } from './objects';

describe('pick and pickOrNull', () => {
  const stored: { id: string; name: string; note?: string | null; extra: number } = { id: 'a', name: 'Ana', extra: 1 };

  it('copies only the fields named, leaving the rest of the record out', () => {
    expect(pick(stored, ['id', 'name'])).toStrictEqual({ id: 'a', name: 'Ana' });
  });

  it('answers null for a field the record lacks and keeps the ones it has, falsy ones included', () => {
    expect(pickOrNull(stored, ['note'])).toStrictEqual({ note: null });
    expect(pickOrNull({ ...stored, note: '' }, ['note'])).toStrictEqual({ note: '' });
    expect(pickOrNull({ ...stored, extra: 0 }, ['extra'])).toStrictEqual({ extra: 0 });
  });
});
