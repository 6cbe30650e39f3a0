import { cnpj, cpf } from 'cpf-cnpj-validator';
import { documentKey } from './text';

/**
 * Brazilian registry numbers, shared by the API (validation of what is stored) and the web (masks
 * and the same messages while typing). CPF and CNPJ come from `cpf-cnpj-validator`, which follows
 * the Receita Federal's alphanumeric CNPJ (Nota Técnica 49/2024: letters allowed in the first 12
 * characters, each character worth its ASCII code minus 48, check digits numeric); RENAVAM, plates,
 * chassis (VIN) and CFOP are small enough to state here.
 */

/** A CPF (11 digits) with valid check digits; masks and spaces are ignored. */
export function isCpf(value: string): boolean {
  const key = documentKey(value);
  return /^\d{11}$/.test(key) && cpf.isValid(key, true);
}

/** A CNPJ, numeric or alphanumeric, with valid check digits; masks, spaces and case are ignored. */
export function isCnpj(value: string): boolean {
  const key = documentKey(value);
  return /^[0-9A-Z]{12}\d{2}$/.test(key) && cnpj.isValid(key, true);
}

export function isCpfOrCnpj(value: string): boolean {
  return isCpf(value) || isCnpj(value);
}

/** The official mask: 000.000.000-00 for a CPF, AA.AAA.AAA/AAAA-00 for a CNPJ; anything else as typed. */
export function formatCpfOrCnpj(value: string): string {
  const key = documentKey(value);
  if (key.length === 11 && /^\d+$/.test(key)) return cpf.format(key);
  if (key.length === 14) return cnpj.format(key);
  return value.trim();
}

/** The check digit of the first ten digits of a RENAVAM: weights 3298765432, (sum × 10) mod 11, 10 → 0. */
export function renavamCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new Error('RENAVAM base must be 10 digits');
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first10[i]), 0);
  const mod = (sum * 10) % 11;
  return mod === 10 ? 0 : mod;
}

/** RENAVAM as stored: 11 digits (the older 9-digit numbers are left-padded with zeros). */
export function normalizeRenavam(value: string): string {
  const d = value.replace(/\D/g, '');
  return d.length >= 9 && d.length < 11 ? d.padStart(11, '0') : d;
}

export function isRenavam(value: string): boolean {
  const d = normalizeRenavam(value);
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  return renavamCheckDigit(d.slice(0, 10)) === Number(d[10]);
}

/** Plates as stored: upper case, letters and digits only ("abc-1234" → "ABC1234"). */
export function normalizePlate(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** The old Brazilian plate (AAA9999) or the Mercosul one (AAA9A99). */
export function isPlate(value: string): boolean {
  return /^[A-Z]{3}\d[A-Z0-9]\d{2}$/.test(normalizePlate(value));
}

/** "ABC1234" → "ABC-1234"; a Mercosul plate is shown as it is ("ABC1D23"). */
export function formatPlate(value: string): string {
  const p = normalizePlate(value);
  return /^[A-Z]{3}\d{4}$/.test(p) ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}

/** Chassis as stored: the VIN in upper case, without spaces or dashes. */
export function normalizeChassis(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

/** A VIN: 17 characters, letters and digits, never I, O or Q (ISO 3779). */
export function isChassis(value: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(normalizeChassis(value));
}

/** CFOP as stored: four digits ("5.102" → "5102"). */
export function normalizeCfop(value: string): string {
  return value.replace(/\D/g, '');
}

/** Entries are CFOPs 1xxx to 3xxx, exits 5xxx to 7xxx; anything else is not a CFOP. */
export function cfopType(value: string): 'entry' | 'exit' | null {
  const c = normalizeCfop(value);
  if (!/^\d{4}$/.test(c)) return null;
  const first = Number(c[0]);
  if (first >= 1 && first <= 3) return 'entry';
  if (first >= 5 && first <= 7) return 'exit';
  return null;
}

/** "5102" → "5.102", as CFOPs are printed. */
export function formatCfop(value: string): string {
  const c = normalizeCfop(value);
  return c.length === 4 ? `${c[0]}.${c.slice(1)}` : value;
}
