/**
 * The Brazilian state registration (Inscrição Estadual, IE): normalisation, check-digit validation
 * and display masks for the 27 UFs. Each state's rule (lengths, fixed prefixes, weights, modulus and
 * special cases) follows its SEFAZ definition as published on SINTEGRA's "Conferência de Inscrições
 * Estaduais" pages, with the prefixes the states added since (GO 20–29, MS 50, PA 75–79, DF 08).
 * "ISENTO" (exempt) is accepted for every state.
 */

export const UFS = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;

export type Uf = (typeof UFS)[number];

const EXEMPT = 'ISENTO';

/** Upper case, digits and the letter P only (SP's rural producer form); "isento" in any case → "ISENTO". */
export function normalizeStateRegistration(value: string): string {
  const upper = value.trim().toUpperCase();
  if (upper === EXEMPT) return EXEMPT;
  return upper.replace(/[^0-9P]/g, '');
}

/** True for "ISENTO" or a valid IE of that UF; false for an unknown UF or anything else. */
export function isStateRegistration(uf: string, value: string): boolean {
  const rule = ufRule(uf);
  if (!rule) return false;
  const ie = normalizeStateRegistration(value);
  return ie === EXEMPT || rule(ie);
}

/** The customary display mask of a valid IE (SP, MG, PR, RS, BA, RJ, AC, GO); other states, "ISENTO" and invalid input as normalised. */
export function formatStateRegistration(uf: string, value: string): string {
  const ie = normalizeStateRegistration(value);
  if (ie === EXEMPT || !isStateRegistration(uf, ie)) return ie;
  const masks = MASKS[uf.trim().toUpperCase() as Uf] ?? [];
  const mask = masks.find((m) => m.replace(/[^#P]/g, '').length === ie.length);
  return mask ? applyMask(mask, ie) : ie;
}

/* ------------------------------------------------------------------------------------------------ */
/* Arithmetic                                                                                        */
/* ------------------------------------------------------------------------------------------------ */

/** Σ digit × weight, left to right; `digits` and `weights` have the same length. */
function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  return sum;
}

/** Weights from `first` down to 2: descending(9) → [9, 8, …, 2]. */
function descending(first: number): number[] {
  return Array.from({ length: first - 1 }, (_, i) => first - i);
}

/** The usual modulus 11 digit: remainder 0 or 1 → 0, otherwise 11 − remainder. */
function mod11(sum: number): number {
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Modulus 11 where 11 − remainder of 10 or 11 loses 10 (RO, PE's old form): remainder 0 → 1, 1 → 0. */
function mod11Minus10(sum: number): number {
  const d = 11 - (sum % 11);
  return d > 9 ? d - 10 : d;
}

/** Modulus 10: 10 − remainder, remainder 0 → 0. */
function mod10(sum: number): number {
  const r = sum % 10;
  return r === 0 ? 0 : 10 - r;
}

/** (sum × 10) mod 11, 10 → 0 (AL, RN). */
function times10Mod11(sum: number): number {
  const r = (sum * 10) % 11;
  return r === 10 ? 0 : r;
}

function digitAt(ie: string, index: number): number {
  return Number(ie[index]);
}

function hasPrefix(ie: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => ie.startsWith(p));
}

function isDigits(ie: string, ...lengths: number[]): boolean {
  return /^\d+$/.test(ie) && lengths.includes(ie.length);
}

/* ------------------------------------------------------------------------------------------------ */
/* The states                                                                                        */
/* ------------------------------------------------------------------------------------------------ */

type Rule = (ie: string) => boolean;

/** 9 digits, one check digit over the first 8 with weights 9..2 and the usual modulus 11. */
function nineDigitMod11(prefixes: readonly string[] = []): Rule {
  return (ie) => isDigits(ie, 9) && (prefixes.length === 0 || hasPrefix(ie, prefixes)) && mod11(weightedSum(ie, descending(9))) === digitAt(ie, 8);
}

/** AC and DF: 13 digits, two modulus 11 digits with weights 4,3,2,9..2 and 5,4,3,2,9..2. */
function thirteenDigitTwoDv(prefixes: readonly string[]): Rule {
  return (ie) => {
    if (!isDigits(ie, 13) || !hasPrefix(ie, prefixes)) return false;
    const dv1 = mod11(weightedSum(ie, [4, 3, 2, ...descending(9)]));
    const dv2 = mod11(weightedSum(ie, [5, 4, 3, 2, ...descending(9)]));
    return dv1 === digitAt(ie, 11) && dv2 === digitAt(ie, 12);
  };
}

/** AL: 24, then the company type (0 normal, 3 rural producer, 5 substitute, 7 itinerant micro, 8 micro). */
function isAl(ie: string): boolean {
  return isDigits(ie, 9) && ie.startsWith('24') && '03578'.includes(ie[2] ?? '') && times10Mod11(weightedSum(ie, descending(9))) === digitAt(ie, 8);
}

/** AP: 03, and a constant p added to the sum (and d when 11 − remainder is 11) by range of the first 8 digits. */
function isAp(ie: string): boolean {
  if (!isDigits(ie, 9) || !ie.startsWith('03')) return false;
  const base = Number(ie.slice(0, 8));
  const [p, d] = base <= 3_017_000 ? [5, 0] : base <= 3_019_022 ? [9, 1] : [0, 0];
  const dv = 11 - ((p + weightedSum(ie, descending(9))) % 11);
  return (dv === 10 ? 0 : dv === 11 ? d : dv) === digitAt(ie, 8);
}

/**
 * BA: 8 digits (6 + 2 check digits) or 9 (7 + 2). The digit before the last seven (the first of 8,
 * the second of 9) chooses modulus 11 when it is 6, 7 or 9, modulus 10 otherwise. The second check
 * digit is computed first; the first one is then computed over the base plus the second.
 */
function isBa(ie: string): boolean {
  if (!isDigits(ie, 8, 9)) return false;
  const n = ie.length;
  const calc = '679'.includes(ie[n - 8] ?? '') ? mod11 : mod10;
  const base = ie.slice(0, n - 2);
  const dv2 = calc(weightedSum(base, descending(n - 1)));
  const dv1 = calc(weightedSum(base + String(dv2), descending(n)));
  return dv1 === digitAt(ie, n - 2) && dv2 === digitAt(ie, n - 1);
}

/** GO: 10, 11, 15 or 20..29; remainder 1 gives 1 in 10103105..10119997, 0 elsewhere; 11094402 takes 0 or 1. */
function isGo(ie: string): boolean {
  if (!isDigits(ie, 9) || !/^(1[015]|2\d)/.test(ie)) return false;
  const base = Number(ie.slice(0, 8));
  const dv = digitAt(ie, 8);
  if (base === 11_094_402) return dv === 0 || dv === 1;
  const r = weightedSum(ie, descending(9)) % 11;
  const expected = r === 0 ? 0 : r === 1 ? (base >= 10_103_105 && base <= 10_119_997 ? 1 : 0) : 11 - r;
  return expected === dv;
}

/** MT: 11 digits (shorter numbers are left-padded with zeros), weights 3,2,9..2. */
function isMt(ie: string): boolean {
  if (!isDigits(ie, 9, 10, 11)) return false;
  const full = ie.padStart(11, '0');
  return mod11(weightedSum(full, [3, 2, ...descending(9)])) === digitAt(full, 10);
}

/**
 * MG: 13 digits, municipality (3) + number (6) + order (2) + 2 check digits. The first: a 0 is put
 * after the municipality, the 12 digits are weighted 1,2,1,2…, the digits of the products are
 * added, and the check digit is what takes the sum to the next multiple of ten. The second: the
 * first 12 digits with weights 3,2,11..2, modulus 11.
 */
function isMg(ie: string): boolean {
  if (!isDigits(ie, 13)) return false;
  const padded = `${ie.slice(0, 3)}0${ie.slice(3, 11)}`;
  let sum = 0;
  for (let i = 0; i < padded.length; i++) {
    const product = Number(padded[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 10) + (product % 10);
  }
  const dv1 = mod10(sum);
  const dv2 = mod11(weightedSum(ie, [3, 2, ...descending(11)]));
  return dv1 === digitAt(ie, 11) && dv2 === digitAt(ie, 12);
}

/** PR: 10 digits, two modulus 11 digits with weights 3,2,7..2 and 4,3,2,7..2. */
function isPr(ie: string): boolean {
  if (!isDigits(ie, 10)) return false;
  const dv1 = mod11(weightedSum(ie, [3, 2, ...descending(7)]));
  const dv2 = mod11(weightedSum(ie, [4, 3, 2, ...descending(7)]));
  return dv1 === digitAt(ie, 8) && dv2 === digitAt(ie, 9);
}

/** PE: 9 digits (7 + two modulus 11 digits, weights 8..2 then 9..2) or the old 14-digit CACEPE number. */
function isPe(ie: string): boolean {
  if (isDigits(ie, 9)) {
    const dv1 = mod11(weightedSum(ie, descending(8)));
    const dv2 = mod11(weightedSum(ie, descending(9)));
    return dv1 === digitAt(ie, 7) && dv2 === digitAt(ie, 8);
  }
  if (isDigits(ie, 14)) return mod11Minus10(weightedSum(ie, [5, 4, 3, 2, 1, ...descending(9)])) === digitAt(ie, 13);
  return false;
}

/** RJ: 8 digits, weights 2,7..2. */
function isRj(ie: string): boolean {
  return isDigits(ie, 8) && mod11(weightedSum(ie, [2, ...descending(7)])) === digitAt(ie, 7);
}

/** RN: 20, then 9 digits (weights 9..2) or 10 (weights 10..2), (sum × 10) mod 11. */
function isRn(ie: string): boolean {
  if (!isDigits(ie, 9, 10) || !ie.startsWith('20')) return false;
  const n = ie.length;
  return times10Mod11(weightedSum(ie, descending(n))) === digitAt(ie, n - 1);
}

/** RS: 10 digits, municipality (3) + number (6) + check digit, weights 2,9..2. */
function isRs(ie: string): boolean {
  return isDigits(ie, 10) && mod11(weightedSum(ie, [2, ...descending(9)])) === digitAt(ie, 9);
}

/** RO: 14 digits since 08/2000 (weights 6..2,9..2); before, 9 digits where only digits 4 to 8 are weighted (6..2). */
function isRo(ie: string): boolean {
  if (isDigits(ie, 14)) return mod11Minus10(weightedSum(ie, [...descending(6), ...descending(9)])) === digitAt(ie, 13);
  if (isDigits(ie, 9)) return mod11Minus10(weightedSum(ie.slice(3), descending(6))) === digitAt(ie, 8);
  return false;
}

/** RR: 24, 9 digits, weights 1..8, modulus 9. */
function isRr(ie: string): boolean {
  return isDigits(ie, 9) && ie.startsWith('24') && weightedSum(ie, [1, 2, 3, 4, 5, 6, 7, 8]) % 9 === digitAt(ie, 8);
}

/** SP's check digit: the units digit of the remainder of the sum divided by 11. */
function spDigit(sum: number): number {
  return (sum % 11) % 10;
}

const SP_WEIGHTS_1 = [1, 3, 4, 5, 6, 7, 8, 10];

/**
 * SP: 12 digits with check digits in the 9th (weights 1,3,4,5,6,7,8,10) and 12th (3,2,10..2)
 * places; the rural producer form is P + 8 digits + check digit (same weights) + 3 digits.
 */
function isSp(ie: string): boolean {
  if (/^P\d{12}$/.test(ie)) return spDigit(weightedSum(ie.slice(1), SP_WEIGHTS_1)) === digitAt(ie, 9);
  if (!isDigits(ie, 12)) return false;
  const dv1 = spDigit(weightedSum(ie, SP_WEIGHTS_1));
  const dv2 = spDigit(weightedSum(ie, [3, 2, ...descending(10)]));
  return dv1 === digitAt(ie, 8) && dv2 === digitAt(ie, 11);
}

/** TO: 9 digits (weights 9..2), or 11 where the 3rd–4th (01, 02, 03 or 99) are left out of the sum. */
function isTo(ie: string): boolean {
  if (isDigits(ie, 11)) return ['01', '02', '03', '99'].includes(ie.slice(2, 4)) && nineDigitMod11()(ie.slice(0, 2) + ie.slice(4));
  return nineDigitMod11()(ie);
}

const RULES: Record<Uf, Rule> = {
  AC: thirteenDigitTwoDv(['01']),
  AL: isAl,
  AP: isAp,
  AM: nineDigitMod11(),
  BA: isBa,
  CE: nineDigitMod11(),
  DF: thirteenDigitTwoDv(['07', '08']),
  ES: nineDigitMod11(),
  GO: isGo,
  MA: nineDigitMod11(['12']),
  MT: isMt,
  MS: nineDigitMod11(['28', '50']),
  MG: isMg,
  PA: nineDigitMod11(['15', '75', '76', '77', '78', '79']),
  PB: nineDigitMod11(),
  PR: isPr,
  PE: isPe,
  PI: nineDigitMod11(),
  RJ: isRj,
  RN: isRn,
  RS: isRs,
  RO: isRo,
  RR: isRr,
  SC: nineDigitMod11(),
  SP: isSp,
  SE: nineDigitMod11(),
  TO: isTo,
};

function ufRule(uf: string): Rule | undefined {
  const key = uf.trim().toUpperCase();
  return (UFS as readonly string[]).includes(key) ? RULES[key as Uf] : undefined;
}

/* ------------------------------------------------------------------------------------------------ */
/* Masks                                                                                             */
/* ------------------------------------------------------------------------------------------------ */

/** '#' takes a digit, 'P' the letter P, anything else is written as is. */
const MASKS: Partial<Record<Uf, readonly string[]>> = {
  AC: ['##.###.###/###-##'],
  BA: ['######-##', '#######-##'],
  GO: ['##.###.###-#'],
  MG: ['###.###.###/####'],
  PR: ['########-##'],
  RJ: ['##.###.##-#'],
  RS: ['###/#######'],
  SP: ['###.###.###.###', 'P-########.#/###'],
};

function applyMask(mask: string, ie: string): string {
  let i = 0;
  let out = '';
  for (const ch of mask) out += ch === '#' || ch === 'P' ? (ie[i++] ?? '') : ch;
  return out;
}
