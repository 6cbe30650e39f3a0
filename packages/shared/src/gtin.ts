/**
 * GTIN (EAN/UPC) barcodes: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14 (DUN-14), checked by
 * their check digit (GS1 mod 10: from the right, the digits before the check digit weigh 3, 1, 3, ...).
 */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** Digits only: "789 1234-56789 0" -> "7891234567890". Anything else is left for `isGtin` to refuse. */
export function normalizeGtin(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/** The check digit of a GTIN's body (all digits but the last). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A GTIN-8, 12, 13 or 14 whose last digit is its check digit. */
export function isGtin(value: string): boolean {
  if (!/^\d+$/.test(value) || !(GTIN_LENGTHS as readonly number[]).includes(value.length)) return false;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/** A body of 7, 11, 12 or 13 digits completed with its check digit (demo data, tests). */
export function withCheckDigit(body: string): string {
  return `${body}${gtinCheckDigit(body)}`;
}
