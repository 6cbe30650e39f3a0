import { describe, expect, it } from 'vitest';
import { idsDigest } from './digest';

describe('idsDigest', () => {
  it('is the same for the same ids in any order, and differs when one is missing, added or changed', () => {
    const ids = ['a1', 'b2', 'c3'];
    expect(idsDigest(ids)).toBe(idsDigest(['c3', 'a1', 'b2']));
    expect(idsDigest(ids)).not.toBe(idsDigest(['a1', 'b2']));
    expect(idsDigest(ids)).not.toBe(idsDigest([...ids, 'd4']));
    expect(idsDigest(ids)).not.toBe(idsDigest(['a1', 'b2', 'c4']));
    // The separator counts: ['ab', 'c'] is not ['a', 'bc'].
    expect(idsDigest(['ab', 'c'])).not.toBe(idsDigest(['a', 'bc']));
  });
});
