import type { Formatter } from '@/lib/format';

/** A price table's validity window ("de 01/01/2026 até 31/12/2026"), in the user's date format; null for none. */
export function validityText(t: (key: string, options?: Record<string, string>) => string, format: Formatter, window: { validFrom: string | null; validUntil: string | null }): string | null {
  const { validFrom, validUntil } = window;
  if (validFrom && validUntil) return t('window.both', { from: format.date(validFrom), until: format.date(validUntil) });
  if (validFrom) return t('window.from', { from: format.date(validFrom) });
  if (validUntil) return t('window.until', { until: format.date(validUntil) });
  return null;
}
