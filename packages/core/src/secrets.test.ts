import { afterEach, describe, expect, it } from 'vitest';
import { resetEnv } from './env';
import { derivedSecret, resetSecret, seal, unseal } from './secrets';

const TOKEN = 'EAAG-token-de-acesso-da-meta-0123456789';
const ALFA = 'tenant-alfa:messaging.accessToken';

afterEach(() => {
  resetSecret();
  resetEnv();
});

describe('sealed credentials', () => {
  it('open to what was sealed, and never hold the text itself', () => {
    const sealed = seal(TOKEN, ALFA);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(TOKEN);
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('EAAG');
    expect(unseal(sealed, ALFA)).toBe(TOKEN);
    // A fresh nonce each time: the same token sealed twice looks different.
    expect(seal(TOKEN, ALFA)).not.toBe(sealed);
    expect(unseal(seal('', ALFA), ALFA)).toBe('');
  });

  it('do not open for another company or field, changed by one byte, or under another application secret', () => {
    const sealed = seal(TOKEN, ALFA);
    expect(() => unseal(sealed, 'tenant-beta:messaging.accessToken')).toThrow();
    expect(() => unseal(sealed, 'tenant-alfa:messaging.appSecret')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => unseal(`v1.${raw.toString('base64url')}`, ALFA)).toThrow();
    expect(() => unseal('texto-qualquer', ALFA)).toThrow('Not a sealed value.');
    expect(() => unseal('v1.AAAA', ALFA)).toThrow('Not a sealed value.');

    const before = process.env.APP_SECRET;
    try {
      process.env.APP_SECRET = 'outro-segredo-0123456789abcdef0123456789abcdef';
      resetEnv();
      resetSecret();
      expect(() => unseal(sealed, ALFA)).toThrow();
    } finally {
      if (before === undefined) delete process.env.APP_SECRET;
      else process.env.APP_SECRET = before;
    }
  });
});

describe('derived secrets', () => {
  it('are the same for one company and use, another for another company or use', () => {
    const verify = derivedSecret('whatsapp.verify', 'tenant-alfa');
    expect(verify).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(derivedSecret('whatsapp.verify', 'tenant-alfa')).toBe(verify);
    expect(derivedSecret('whatsapp.verify', 'tenant-beta')).not.toBe(verify);
    expect(derivedSecret('whatsapp.sandbox', 'tenant-alfa')).not.toBe(verify);
  });
});
