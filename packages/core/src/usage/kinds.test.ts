import { describe, expect, it } from 'vitest';
import { attributeSize, itemSize } from '../db/item-size';
import { entityOf } from './kinds';

describe("an item's size", () => {
  it('counts names and values as DynamoDB does', () => {
    expect(attributeSize({ S: 'ação' })).toBe(6);
    expect(attributeSize({ N: '12345' })).toBe(4);
    expect(attributeSize({ N: '-0.50' })).toBe(2);
    expect(attributeSize({ BOOL: true })).toBe(1);
    expect(attributeSize({ NULL: true })).toBe(1);
    expect(attributeSize({ L: [{ S: 'ab' }, { N: '1' }] })).toBe(3 + 1 + 2 + 1 + 2);
    expect(attributeSize({ M: { a: { S: 'xy' } } })).toBe(3 + 1 + 1 + 2);
    expect(itemSize({ pk: { S: 'T#1' }, qty: { N: '10' } })).toBe(2 + 3 + 3 + 2);
    // An empty map as the table answers it, and as the stream's client does (no type at all).
    expect(attributeSize({ M: {} })).toBe(3);
    expect(attributeSize({} as never)).toBe(3);
  });
});

describe("an item's company and kind", () => {
  const id = '0193a0b4-7c1e-7000-8000-000000000001';
  it('reads the company from the key prefix and the kind from the partition, or the configuration item', () => {
    expect(entityOf(`T#${id}#CLIENT#abc`, 'CLIENT')).toEqual({ tenantId: id, entity: 'CLIENT' });
    expect(entityOf(`T#${id}#L#sales#all`, '2026-01-01 x')).toEqual({ tenantId: id, entity: 'L' });
    expect(entityOf(`T#${id}`, 'BRANCH#x')).toEqual({ tenantId: id, entity: 'BRANCH' });
    expect(entityOf(`T#${id}`, 'TENANT')).toEqual({ tenantId: id, entity: 'TENANT' });
    expect(entityOf('EMAIL#a@b.c', 'EMAIL')).toBeNull();
    expect(entityOf('USAGE#x', 'USAGE')).toBeNull();
  });
});
