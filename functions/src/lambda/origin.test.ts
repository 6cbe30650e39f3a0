import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, OriginSecrets } from './origin';

/**
 * The origin secret rotates without refusing CloudFront's requests (issue 17 item 5): while the
 * distribution moves to the new value, the old one (AWSPREVIOUS) is still accepted; a value put in
 * Secrets Manager after the cold start is read when a request first carries it.
 */
function secrets(initial: { AWSCURRENT: string; AWSPREVIOUS?: string }) {
  const store: Record<string, string | undefined> = { ...initial };
  let reads = 0;
  let now = 1_000_000;
  const origin = new OriginSecrets(
    async (stage) => {
      reads++;
      const v = store[stage];
      if (!v) throw new Error('ResourceNotFoundException');
      return v;
    },
    () => now,
  );
  return { origin, store, reads: () => reads, advance: (ms: number) => (now += ms) };
}
const from = (value: string) => ({ [ORIGIN_VERIFY_HEADER]: value });

describe('OriginSecrets', () => {
  it('accepts the current value, refuses any other or none', async () => {
    const s = secrets({ AWSCURRENT: 'atual-0123456789' });
    await s.origin.load();
    expect(await s.origin.accepts(from('atual-0123456789'))).toBe(true);
    expect(await s.origin.accepts(from('outro-0123456789'))).toBe(false);
    expect(await s.origin.accepts({})).toBe(false);
  });

  it('during a rotation accepts the new and the previous value; an unknown one reads the secret again at most every 30 s', async () => {
    const s = secrets({ AWSCURRENT: 'velho-0123456789' });
    await s.origin.load();
    const afterLoad = s.reads();
    // Rotated in Secrets Manager: CloudFront still sends the old value, then the new one once redeployed.
    Object.assign(s.store, { AWSCURRENT: 'novo-01234567890', AWSPREVIOUS: 'velho-0123456789' });
    expect(await s.origin.accepts(from('velho-0123456789'))).toBe(true);
    // Within 30 s of the last read, an unknown value does not make it read again (no read per forged request).
    expect(await s.origin.accepts(from('novo-01234567890'))).toBe(false);
    expect(s.reads()).toBe(afterLoad);
    s.advance(31_000);
    expect(await s.origin.accepts(from('novo-01234567890'))).toBe(true);
    expect(await s.origin.accepts(from('velho-0123456789'))).toBe(true);
    // Once the previous value is dropped, it is refused after the next refresh.
    Object.assign(s.store, { AWSPREVIOUS: undefined });
    s.advance(5 * 60_000 + 1);
    expect(await s.origin.accepts(from('velho-0123456789'))).toBe(false);
    expect(await s.origin.accepts(from('novo-01234567890'))).toBe(true);
  });
});
