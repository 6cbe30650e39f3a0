/** Search normalisation shared by the API (search items) and the web (highlighting). */

/** Lower case, accents removed: "Ação" -> "acao". */
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The distinct words of a text, folded, in order of first appearance. */
export function words(value: string | null | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const word of fold(value).split(/[^\p{L}\p{N}@._-]+/u)) {
    const trimmed = word.replace(/^[._-]+|[._-]+$/g, '');
    if (trimmed && !out.includes(trimmed)) out.push(trimmed);
  }
  return out;
}

/** Document numbers (CPF, CNPJ, the alphanumeric CNPJ) as searched: [0-9A-Z] only. */
export function documentKey(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** Phone numbers as searched: digits only. */
export function digits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}
