import fc from 'fast-check';
import { cnpj as cnpjLib } from 'cpf-cnpj-validator';
import { describe, expect, it } from 'vitest';
import { cfopType, formatCfop, formatCpfOrCnpj, formatPlate, isChassis, isCnpj, isCpf, isCpfOrCnpj, isPlate, isRenavam, normalizeChassis, normalizePlate, normalizeRenavam, renavamCheckDigit } from './br';

/** The Receita Federal's rule for the alphanumeric CNPJ, written out: each character is its ASCII code minus 48, weights 2..9 from the right, mod 11. */
function cnpjDigit(base: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = base.length - 1; i >= 0; i--) {
    sum += (base.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const mod = sum % 11;
  return mod < 2 ? 0 : 11 - mod;
}

describe('CPF and CNPJ', () => {
  it('accepts valid CPFs with or without the mask and refuses wrong check digits and repeated digits', () => {
    expect(isCpf('529.982.247-25')).toBe(true);
    expect(isCpf('52998224725')).toBe(true);
    expect(isCpf('529.982.247-26')).toBe(false);
    expect(isCpf('111.111.111-11')).toBe(false);
    expect(isCpf('5299822472')).toBe(false);
  });

  it('accepts numeric CNPJs', () => {
    expect(isCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCnpj('11222333000181')).toBe(true);
    expect(isCnpj('11.222.333/0001-82')).toBe(false);
    expect(isCnpj('00000000000000')).toBe(false);
  });

  it("accepts the Receita Federal's alphanumeric CNPJ (letters in the first 12 characters, numeric check digits)", () => {
    // The example of Nota Técnica 49/2024: 12.ABC.345/01DE-35.
    expect(cnpjDigit('12ABC34501DE')).toBe(3);
    expect(cnpjDigit('12ABC34501DE3')).toBe(5);
    expect(isCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isCnpj('12abc34501de35')).toBe(true);
    expect(isCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isCnpj('12ABC34501DEA5')).toBe(false);
    expect(isCnpj('12ÁBC34501DE35')).toBe(false);
  });

  it('agrees with the ASCII-48 rule on random alphanumeric bases (property)', () => {
    const char = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
    fc.assert(
      fc.property(fc.array(char, { minLength: 12, maxLength: 12 }), fc.integer({ min: 0, max: 99 }), (chars, wrong) => {
        const base = chars.join('');
        const d1 = cnpjDigit(base);
        const d2 = cnpjDigit(`${base}${d1}`);
        const right = `${base}${d1}${d2}`;
        const blacklisted = /^(\d)\1{13}$/.test(right);
        expect(isCnpj(right)).toBe(!blacklisted);
        expect(isCnpj(cnpjLib.format(right))).toBe(!blacklisted);
        const other = String(wrong).padStart(2, '0');
        if (other !== `${d1}${d2}`) expect(isCnpj(`${base}${other}`)).toBe(false);
      }),
    );
  });

  it('formats CPF and CNPJ with their masks', () => {
    expect(formatCpfOrCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatCpfOrCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCpfOrCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(isCpfOrCnpj('529.982.247-25') && isCpfOrCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isCpfOrCnpj('123')).toBe(false);
  });
});

describe('RENAVAM', () => {
  it('computes the check digit: weights 3298765432, (sum × 10) mod 11, 10 becomes 0', () => {
    expect(renavamCheckDigit('2682764996')).toBe(0);
    expect(renavamCheckDigit('0063988496')).toBe(2);
    expect(isRenavam('26827649960')).toBe(true);
    expect(isRenavam('00639884962')).toBe(true);
    expect(isRenavam('00639884961')).toBe(false);
    expect(isRenavam('11111111111')).toBe(false);
    expect(isRenavam('1234')).toBe(false);
  });

  it('pads the older 9-digit numbers', () => {
    expect(normalizeRenavam('639884962')).toBe('00639884962');
    expect(isRenavam('639884962')).toBe(true);
  });

  it('every base has exactly one valid check digit (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (base) => {
        const valid = [...'0123456789'].filter((d) => isRenavam(`${base}${d}`));
        if (!/^(\d)\1{9}$/.test(base)) expect(valid).toEqual([String(renavamCheckDigit(base))]);
      }),
    );
  });
});

describe('plates, chassis and CFOP', () => {
  it('accepts the old plate and the Mercosul one, normalised', () => {
    for (const p of ['ABC1234', 'abc-1234', 'ABC 1234', 'BRA2E19', 'bra2e19']) expect(isPlate(p), p).toBe(true);
    for (const p of ['AB12345', 'ABCD123', 'ABC12345', 'ABC1D2E', '1234ABC', '']) expect(isPlate(p), p).toBe(false);
    expect(normalizePlate('abc-1234')).toBe('ABC1234');
    expect(formatPlate('ABC1234')).toBe('ABC-1234');
    expect(formatPlate('BRA2E19')).toBe('BRA2E19');
  });

  it('accepts a VIN of 17 characters without I, O and Q', () => {
    expect(isChassis('9BWZZZ377VT004251')).toBe(true);
    expect(isChassis('9bwzzz377vt004251')).toBe(true);
    expect(normalizeChassis('9bw zzz377-vt004251')).toBe('9BWZZZ377VT004251');
    for (const v of ['9BWZZZ377VT00425I', '9BWZZZ377VTO04251', '9BWZZZ377VTQ04251', '9BWZZZ377VT00425', '9BWZZZ377VT0042511']) expect(isChassis(v), v).toBe(false);
  });

  it('gives the CFOP its type: 1-3 entries, 5-7 exits', () => {
    expect(cfopType('1202')).toBe('entry');
    expect(cfopType('3.102')).toBe('entry');
    expect(cfopType('5102')).toBe('exit');
    expect(cfopType('7101')).toBe('exit');
    for (const c of ['4102', '8102', '0102', '510', '51020']) expect(cfopType(c), c).toBeNull();
    expect(formatCfop('5102')).toBe('5.102');
  });
});
