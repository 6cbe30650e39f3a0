import { describe, expect, it } from 'vitest';
import pt from '../../locales/pt/admin.json';
import { formatUptime } from './uptime';

/** The Portuguese catalogue's own words, with i18next's plural keys (pt: one for 0 and 1). */
const t = (key: string, { count }: { count: number }) => {
  const path = key.split('.');
  const last = path.pop()!;
  const group = path.reduce<Record<string, unknown>>((o, k) => o[k] as Record<string, unknown>, pt) as Record<string, string | undefined>;
  const word = group[last] ?? group[`${last}_${count <= 1 ? 'one' : 'other'}`] ?? key;
  return word.replace('{{count}}', String(count));
};

describe('formatUptime', () => {
  it('says seconds under a minute, then minutes, hours and days, hours kept once there are days', () => {
    expect(formatUptime(18, t)).toBe('18 s');
    expect(formatUptime(59.9, t)).toBe('59 s');
    expect(formatUptime(60, t)).toBe('1 min');
    expect(formatUptime(3 * 3600 + 5 * 60 + 7, t)).toBe('3 h 5 min');
    expect(formatUptime(86_400 + 42 * 60, t)).toBe('1 dia 0 h 42 min');
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 12 * 60, t)).toBe('3 dias 4 h 12 min');
  });
});
