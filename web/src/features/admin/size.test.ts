import { describe, expect, it } from 'vitest';
import { formatCount, formatMegabytes } from './size';

const pt = 'pt-BR';
const en = 'en-US';

describe('formatMegabytes', () => {
  it('writes MB with one place in the locale, a few bytes as under 0.1 MB, nothing counted as a dash', () => {
    expect(formatMegabytes(12_897_485, pt)).toBe('12,3 MB');
    expect(formatMegabytes(12_897_485, en)).toBe('12.3 MB');
    expect(formatMegabytes(1_500 * 1024 * 1024, pt)).toBe('1.500,0 MB');
    expect(formatMegabytes(2_048, pt)).toBe('< 0,1 MB');
    expect(formatMegabytes(0, pt)).toBe('0,0 MB');
    expect(formatMegabytes(null, pt)).toBe('—');
  });

  it('groups counts, a dash before the first count', () => {
    expect(formatCount(12_345, pt)).toBe('12.345');
    expect(formatCount(12_345, en)).toBe('12,345');
    expect(formatCount(null, pt)).toBe('—');
  });
});
