import type { Bank } from '@ev/shared/banks';

/**
 * The web's stand-in for `@ev/shared/banks` (vite.config.ts redirects the registries' imports of
 * `../banks` here): the list of Brazilian banks is a 380 kB JSON, so it is loaded only where a
 * bank-code field renders (`loadBanks()`), never with the login page or the other registries. Until
 * it has loaded, no code is known; the bank-code field awaits `loadBanks()` before it renders.
 */
let table: Map<string, Bank> | null = null;
let loading: Promise<void> | null = null;

export function loadBanks(): Promise<void> {
  loading ??= import('@ev/shared/banks').then((m) => {
    table = new Map(m.banks().map((b) => [b.code, b]));
  });
  return loading;
}

export const banksLoaded = () => table !== null;

export function normalizeBankCode(value: string): string {
  const v = value.trim();
  return /^\d{1,3}$/.test(v) ? v.padStart(3, '0') : v;
}

export function findBank(code: string | null | undefined): Bank | undefined {
  if (!code || !table) return undefined;
  return table.get(normalizeBankCode(code));
}

export function bankName(code: string | null | undefined): string | null {
  return findBank(code)?.name ?? null;
}

export function banks(): Bank[] {
  return [...(table?.values() ?? [])];
}
