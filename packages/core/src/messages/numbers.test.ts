import { describe, expect, it } from 'vitest';
import { localPhones, whatsappNumber } from './numbers';

describe('the WhatsApp number matched by', () => {
  it('gives a Brazilian mobile without its ninth digit (an older account’s WhatsApp ID) the digit back', () => {
    expect(whatsappNumber('553191230076')).toBe('5531991230076');
    expect(whatsappNumber('5531991230076')).toBe('5531991230076');
    expect(whatsappNumber('+55 (31) 9123-0076')).toBe('5531991230076');
  });

  it('leaves landlines, numbers already with nine digits and other countries as they are', () => {
    expect(whatsappNumber('551432221000')).toBe('551432221000');
    expect(whatsappNumber('5511988887777')).toBe('5511988887777');
    expect(whatsappNumber('14155552671')).toBe('14155552671');
    expect(whatsappNumber('550191230076')).toBe('550191230076');
  });

  it('finds a client’s phone registered with or without the ninth digit', () => {
    expect(localPhones('553191230076')).toEqual(['31991230076', '3191230076']);
    expect(localPhones('5531991230076')).toEqual(['31991230076', '3191230076']);
    expect(localPhones('551432221000')).toEqual(['1432221000']);
    expect(localPhones('14155552671')).toEqual(['14155552671']);
  });
});
