import list from 'bancos-brasileiros/bancos.json' with { type: 'json' };

/**
 * Brazilian banks by COMPE code, from `bancos-brasileiros` (the Central Bank's participants list,
 * about 500 institutions; the package is a 380 kB JSON, so a web page that needs it should load this
 * module lazily). A bearer's bank code is looked up here: found gives the bank's name.
 */
export interface Bank {
  code: string;
  name: string;
  shortName: string;
}

/**
 * The fields of the list read here: the Lambda bundles carry these alone (infra/bundle.ts), so a
 * field read below must be named here.
 */
export const BANK_FIELDS = ['COMPE', 'LongName', 'ShortName', 'DateRemoved'] as const;

type Entry = Partial<Record<(typeof BANK_FIELDS)[number], string | null>>;

const BANKS = new Map<string, Bank>();
for (const entry of list as Entry[]) {
  if (!entry.COMPE || !/^\d{3}$/.test(entry.COMPE) || entry.DateRemoved) continue;
  if (BANKS.has(entry.COMPE)) continue;
  BANKS.set(entry.COMPE, { code: entry.COMPE, name: (entry.LongName || entry.ShortName || '').trim(), shortName: (entry.ShortName || '').trim() });
}

/** A bank code as stored: three digits ("1" → "001"); anything that is not 1 to 3 digits as typed. */
export function normalizeBankCode(value: string): string {
  const v = value.trim();
  return /^\d{1,3}$/.test(v) ? v.padStart(3, '0') : v;
}

export function findBank(code: string | null | undefined): Bank | undefined {
  if (!code) return undefined;
  return BANKS.get(normalizeBankCode(code));
}

export function bankName(code: string | null | undefined): string | null {
  return findBank(code)?.name ?? null;
}

export function banks(): Bank[] {
  return [...BANKS.values()];
}
