import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, scryptCost, verifyPassword } from './password';

const saved = process.env.PASSWORD_SCRYPT_N;
afterEach(() => {
  if (saved === undefined) delete process.env.PASSWORD_SCRYPT_N;
  else process.env.PASSWORD_SCRYPT_N = saved;
});

describe('password hashes', () => {
  it('hash at scrypt cost 2^14 unless told otherwise, and verify only the right password', async () => {
    delete process.env.PASSWORD_SCRYPT_N;
    const hash = await hashPassword('senha-forte-123');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(await verifyPassword('senha-forte-123', hash)).toBe(true);
    expect(await verifyPassword('senha-forte-124', hash)).toBe(false);
    expect(await verifyPassword('senha-forte-123', null)).toBe(false);
  });

  it('take a cheaper cost from PASSWORD_SCRYPT_N for new hashes; an older hash keeps verifying at its own cost', async () => {
    delete process.env.PASSWORD_SCRYPT_N;
    const older = await hashPassword('senha-forte-123');
    process.env.PASSWORD_SCRYPT_N = '1024';
    const cheaper = await hashPassword('senha-forte-123');
    expect(cheaper.split('$')[1]).toBe('1024');
    expect(await verifyPassword('senha-forte-123', cheaper)).toBe(true);
    expect(await verifyPassword('senha-forte-123', older)).toBe(true);
    expect(await verifyPassword('outra', older)).toBe(false);
  });

  it('ignore a setting that is not a power of two from 2^10 to 2^16', () => {
    for (const value of ['512', '1000', '16385', '131072', 'muito', '']) {
      process.env.PASSWORD_SCRYPT_N = value;
      expect(scryptCost()).toBe(16384);
    }
    process.env.PASSWORD_SCRYPT_N = '65536';
    expect(scryptCost()).toBe(65536);
  });
});
