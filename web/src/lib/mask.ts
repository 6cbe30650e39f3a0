import type { FieldSpec } from '@ev/shared/registries/fields';

/** Applies a maska-style mask (# digit, @ letter, * letter or digit; anything else is literal). */
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

/** The field's mask for what was typed: a CPF while it can still be one, else the (alphanumeric) CNPJ. */
export function maskFor(spec: FieldSpec, value: string): string | null {
  if (!spec.mask) return null;
  if (typeof spec.mask === 'string') return spec.mask;
  const raw = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const [cpf, cnpj] = spec.mask;
  return raw.length <= 11 && /^\d*$/.test(raw) ? (cpf ?? null) : (cnpj ?? null);
}
