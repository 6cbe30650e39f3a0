import { afterEach, describe, expect, it } from 'vitest';
import { Clock, timestamp } from './clock';

describe('clock', () => {
  afterEach(() => Clock.reset());

  it("takes today in the company's zone from the one clock, around midnight UTC", () => {
    Clock.set(() => Date.parse('2026-03-01T00:30:00Z'));
    expect(Clock.today('America/Sao_Paulo')).toBe('2026-02-28');
    expect(Clock.today('Asia/Tokyo')).toBe('2026-03-01');
    Clock.set(() => Date.parse('2026-02-28T15:30:00Z'));
    expect(Clock.today('Asia/Tokyo')).toBe('2026-03-01');
    expect(Clock.today('America/Sao_Paulo')).toBe('2026-02-28');
  });

  it('writes the API timestamp of now in UTC', () => {
    Clock.set(() => Date.parse('2024-02-29T23:59:59.999Z'));
    expect(timestamp()).toBe('2024-02-29 23:59:59');
  });
});
