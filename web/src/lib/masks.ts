/**
 * Input masks, written once for every form (the spec's notation, as maska reads it: `#` a digit,
 * `@` a letter, `*` a letter or digit; anything else is a literal the mask inserts).
 */

export const CPF_MASK = '###.###.###-##';
export const CNPJ_MASK = '**.***.***/****-##';
export const PHONE_MASKS = ['(##) ####-####', '(##) #####-####'] as const;
export const CEP_MASK = '#####-###';

/** What was typed shaped by a mask: letters upper-cased, characters a slot does not take skipped. */
export function applyMask(value: string, mask: string): string {
  const chars = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  let out = '';
  let i = 0;
  for (const m of mask) {
    if (i >= chars.length) break;
    if (m === '#' || m === '@' || m === '*') {
      // Skip what the slot does not take.
      while (i < chars.length) {
        const c = chars[i++]!;
        if ((m === '#' && /\d/.test(c)) || (m === '@' && /[A-Z]/.test(c)) || m === '*') {
          out += c;
          break;
        }
      }
    } else out += m;
  }
  return out;
}

/**
 * The mask for what was typed when a value may take two shapes (a CPF or a CNPJ): the first while
 * the value still fits it as digits only, else the second (the alphanumeric CNPJ).
 */
export function maskOf(masks: string | readonly string[], typed: string): string {
  if (typeof masks === 'string') return masks;
  const [first = '', second = first] = masks;
  const raw = typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const slots = first.replace(/[^#@*]/g, '').length;
  return raw.length <= slots && /^\d*$/.test(raw) ? first : second;
}

/** A CPF while it can still be one (up to 11 digits), else the CNPJ, letters allowed (alphanumeric CNPJ). */
export const maskDocument = (typed: string) => applyMask(typed, maskOf([CPF_MASK, CNPJ_MASK], typed));

/** A phone with its area code: 10 digits (landline) or 11 (mobile). */
export function maskPhone(typed: string): string {
  const d = typed.replace(/\D/g, '').slice(0, 11);
  return applyMask(d, d.length > 10 ? PHONE_MASKS[1] : PHONE_MASKS[0]);
}

export const maskCep = (typed: string) => applyMask(typed.replace(/\D/g, ''), CEP_MASK);

export const onlyDigits = (typed: string, max: number) => typed.replace(/\D/g, '').slice(0, max);

/**
 * Digits and one comma, at most `scale` digits after it (decimals are typed with a comma; a point is
 * read as the comma). `signed`: a leading minus is kept (a stock adjustment that lowers the stock).
 */
export function maskDecimal(typed: string, scale: number, signed = false): string {
  const sign = signed && typed.trimStart().startsWith('-') ? '-' : '';
  const v = typed.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const [int = '', ...rest] = v.split(',');
  return sign + (rest.length ? `${int},${rest.join('').slice(0, scale)}` : int);
}

/** A stored decimal ("12.50") as the form holds it ("12,50"). */
export const decimalText = (value: unknown) => (value === null || value === undefined ? '' : String(value).replace('.', ','));
