import { describe, expect, it } from 'vitest';
import { UFS, formatStateRegistration, isStateRegistration, normalizeStateRegistration } from './ie';

/**
 * Valid numbers per UF: SINTEGRA's own examples where it publishes one, numbers reported as real in
 * public bug trackers (marked "real"), and numbers computed by hand from each rule and re-checked with
 * a separate script.
 */
const VALID: Record<(typeof UFS)[number], readonly string[]> = {
  AC: ['0100482300112'],
  AL: ['240000048', '243000006'],
  AP: ['030123459', '030170071', '030190290', '031000002'],
  AM: ['041559851', '053343050' /* real */],
  BA: ['12345663', '61234557', '100000306', '123456748', '162345651', '077028884' /* real */],
  CE: ['060000015'],
  DF: ['0730000100109', '0759713000214' /* real */, '0812345678952'],
  ES: ['301188327', '082184313'],
  GO: ['109876547', '200214624' /* real */, '200245210' /* real */, '101100061', '100000070'],
  MA: ['120000385'],
  MT: ['00130000019'],
  MS: ['280405383', '283037598' /* real */, '501234560'],
  MG: ['0623079040081', '7029855470002' /* real */],
  PA: ['159999995', '751234567'],
  PB: ['060000015', '160000017'],
  PR: ['1234567850', '7010435883' /* real */, '9025821693' /* real */],
  PE: ['032141840', '18100100000049', '18115003378427' /* real */],
  PI: ['193016567'],
  RJ: ['99999993'],
  RN: ['200400401', '2000400400'],
  RS: ['2243658792', '4680001479' /* real */],
  RO: ['101625213', '00000000625213', '00000000000141'],
  RR: ['240066281'],
  SC: ['251040852'],
  SP: ['110042490114', 'P011004243002'],
  SE: ['271234563'],
  TO: ['29010227836', '290227836', '32034106890' /* real */],
};

/** The lengths (in digits) each state issues. */
const LENGTHS: Record<(typeof UFS)[number], readonly number[]> = {
  AC: [13], AL: [9], AP: [9], AM: [9], BA: [8, 9], CE: [9], DF: [13], ES: [9], GO: [9], MA: [9], MT: [9, 10, 11], MS: [9], MG: [13], PA: [9],
  PB: [9], PR: [10], PE: [9, 14], PI: [9], RJ: [8], RN: [9, 10], RS: [10], RO: [9, 14], RR: [9], SC: [9], SP: [12], SE: [9], TO: [9, 11],
};

/** The same number with its last digit moved by one (for SP's rural form, the check digit in the 10th place). */
function lastDigitChanged(ie: string): string {
  const at = ie.startsWith('P') ? 9 : ie.length - 1;
  return ie.slice(0, at) + String((Number(ie[at]) + 1) % 10) + ie.slice(at + 1);
}

describe('normalizeStateRegistration', () => {
  it('keeps digits and P, upper case, and drops the mask', () => {
    expect(normalizeStateRegistration('110.042.490.114')).toBe('110042490114');
    expect(normalizeStateRegistration(' 062.307.904/0081 ')).toBe('0623079040081');
    expect(normalizeStateRegistration('p-01100424.3/002')).toBe('P011004243002');
    expect(normalizeStateRegistration('abc')).toBe('');
  });

  it('turns any case of "isento" into ISENTO', () => {
    expect(normalizeStateRegistration(' isento ')).toBe('ISENTO');
    expect(normalizeStateRegistration('Isento')).toBe('ISENTO');
    expect(normalizeStateRegistration('ISENTO')).toBe('ISENTO');
  });
});

describe('isStateRegistration', () => {
  it('covers the 27 UFs', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS).size).toBe(27);
    expect(Object.keys(VALID).sort()).toEqual([...UFS].sort());
  });

  describe.each(UFS.map((uf) => [uf, VALID[uf]] as const))('%s', (uf, numbers) => {
    it.each(numbers)('accepts %s', (ie) => {
      expect(isStateRegistration(uf, ie)).toBe(true);
    });

    it.each(numbers)('refuses %s with its check digit changed', (ie) => {
      expect(isStateRegistration(uf, lastDigitChanged(ie))).toBe(false);
    });

    it(`refuses every length but ${LENGTHS[uf].join(' or ')}`, () => {
      const digits = numbers.filter((ie) => /^\d+$/.test(ie));
      for (const ie of digits) expect(LENGTHS[uf]).toContain(ie.length);
      // At each other length, the start of a valid number (so the prefix is right) with all 100 possible last two digits.
      const source = (digits[0] ?? '').repeat(2);
      for (let length = 2; length <= 16; length++) {
        if (LENGTHS[uf].includes(length)) continue;
        const tries = Array.from({ length: 100 }, (_, i) => source.slice(0, length - 2) + String(i).padStart(2, '0'));
        expect(tries.filter((ie) => isStateRegistration(uf, ie))).toEqual([]);
      }
    });

    it('accepts ISENTO in any case', () => {
      expect(isStateRegistration(uf, 'ISENTO')).toBe(true);
      expect(isStateRegistration(uf, ' isento ')).toBe(true);
    });

    it('refuses empty and non-numeric input', () => {
      expect(isStateRegistration(uf, '')).toBe(false);
      expect(isStateRegistration(uf, 'isento 1')).toBe(false);
      expect(isStateRegistration(uf, 'ABCDEFGHI')).toBe(false);
    });
  });

  it('ignores masks and the case of the UF', () => {
    expect(isStateRegistration('SP', '110.042.490.114')).toBe(true);
    expect(isStateRegistration('sp', 'P-01100424.3/002')).toBe(true);
    expect(isStateRegistration('MG', '062.307.904/0081')).toBe(true);
    expect(isStateRegistration('PE', '18.1.001.0000004-9')).toBe(true);
  });

  it('refuses unknown UFs, even for ISENTO', () => {
    expect(isStateRegistration('XX', '110042490114')).toBe(false);
    expect(isStateRegistration('', 'ISENTO')).toBe(false);
    expect(isStateRegistration('BR', 'ISENTO')).toBe(false);
  });

  it('is per UF: a valid number of one state is not valid in another', () => {
    expect(isStateRegistration('SP', '0623079040081')).toBe(false);
    expect(isStateRegistration('MG', '110042490114')).toBe(false);
    expect(isStateRegistration('RJ', '1234567850')).toBe(false);
  });

  it('checks the fixed prefixes', () => {
    // Each has the right check digit for its own weights but a prefix the state never issues.
    expect(isStateRegistration('AC', '0200482300194')).toBe(false);
    expect(isStateRegistration('AL', '241000009')).toBe(false); // third digit 1 is no company type
    expect(isStateRegistration('AP', '040123451')).toBe(false);
    expect(isStateRegistration('DF', '0930000100144')).toBe(false);
    expect(isStateRegistration('GO', '129876542')).toBe(false);
    expect(isStateRegistration('MA', '130000388')).toBe(false);
    expect(isStateRegistration('MS', '271234563')).toBe(false);
    expect(isStateRegistration('PA', '161234569')).toBe(false);
    expect(isStateRegistration('RN', '210400404')).toBe(false);
    expect(isStateRegistration('RR', '250066283')).toBe(false);
    expect(isStateRegistration('TO', '29040227836')).toBe(false); // 04 is no TO type
  });

  it('SP: the rural form checks only the 10th character, and needs the P', () => {
    expect(isStateRegistration('SP', 'P011004243999')).toBe(true);
    expect(isStateRegistration('SP', 'P011004244002')).toBe(false);
    expect(isStateRegistration('SP', '011004243002')).toBe(false);
  });

  it('BA: the digit before the last seven chooses modulus 10 or 11', () => {
    // 8 digits, first digit 1 → modulus 10; 6 → modulus 11. The other modulus gives other digits.
    expect(isStateRegistration('BA', '123456-63')).toBe(true);
    expect(isStateRegistration('BA', '123456-10')).toBe(false);
    expect(isStateRegistration('BA', '612345-57')).toBe(true);
    expect(isStateRegistration('BA', '612345-18')).toBe(false);
    // 9 digits, second digit 6 or 7 → modulus 11, whatever the first digit.
    expect(isStateRegistration('BA', '1623456-51')).toBe(true);
    expect(isStateRegistration('BA', '1623456-30')).toBe(false);
    expect(isStateRegistration('BA', '0770288-84')).toBe(true);
    expect(isStateRegistration('BA', '0770288-71')).toBe(false);
  });

  it('GO: remainder 1 gives 1 inside 10103105–10119997 and 0 outside; 11094402 takes 0 or 1', () => {
    expect(isStateRegistration('GO', '10.110.006-1')).toBe(true);
    expect(isStateRegistration('GO', '10.110.006-0')).toBe(false);
    expect(isStateRegistration('GO', '10.000.007-0')).toBe(true);
    expect(isStateRegistration('GO', '10.000.007-1')).toBe(false);
    expect(isStateRegistration('GO', '11.094.402-0')).toBe(true);
    expect(isStateRegistration('GO', '11.094.402-1')).toBe(true);
    expect(isStateRegistration('GO', '11.094.402-2')).toBe(false);
  });

  it('AP: the constants p and d depend on the range', () => {
    // 03017007: p = 9 and 11 − remainder = 11, so the digit is d = 1.
    expect(isStateRegistration('AP', '030170071')).toBe(true);
    expect(isStateRegistration('AP', '030170070')).toBe(false);
    // 03019029: p = 0 and 11 − remainder = 11, so the digit is d = 0.
    expect(isStateRegistration('AP', '030190290')).toBe(true);
    expect(isStateRegistration('AP', '030190291')).toBe(false);
  });

  it('RO: 11 − remainder of 10 or 11 loses 10, in the old and the new form', () => {
    expect(isStateRegistration('RO', '101.62521-3')).toBe(true);
    expect(isStateRegistration('RO', '0000000062521-3')).toBe(true);
    expect(isStateRegistration('RO', '0000000000014-1')).toBe(true);
    expect(isStateRegistration('RO', '0000000000014-0')).toBe(false);
  });

  it('MT: numbers shorter than 11 digits are left-padded with zeros', () => {
    expect(isStateRegistration('MT', '13.000.001-9')).toBe(true);
    expect(isStateRegistration('MT', '13.000.001-8')).toBe(false);
    expect(isStateRegistration('MT', '13000019')).toBe(false);
  });
});

describe('formatStateRegistration', () => {
  it('masks SP, both forms', () => {
    expect(formatStateRegistration('SP', '110042490114')).toBe('110.042.490.114');
    expect(formatStateRegistration('SP', 'p011004243002')).toBe('P-01100424.3/002');
  });

  it('masks MG, PR, RS, BA and RJ', () => {
    expect(formatStateRegistration('MG', '0623079040081')).toBe('062.307.904/0081');
    expect(formatStateRegistration('PR', '1234567850')).toBe('12345678-50');
    expect(formatStateRegistration('RS', '2243658792')).toBe('224/3658792');
    expect(formatStateRegistration('BA', '12345663')).toBe('123456-63');
    expect(formatStateRegistration('BA', '162345651')).toBe('1623456-51');
    expect(formatStateRegistration('RJ', '99999993')).toBe('99.999.99-3');
  });

  it('leaves the digits of states without a customary mask as they are', () => {
    expect(formatStateRegistration('CE', '06.000.001-5')).toBe('060000015');
    expect(formatStateRegistration('PE', '0321418-40')).toBe('032141840');
  });

  it('keeps ISENTO and returns invalid input normalised', () => {
    expect(formatStateRegistration('SP', ' isento ')).toBe('ISENTO');
    expect(formatStateRegistration('SP', '110.042.490.115')).toBe('110042490115');
    expect(formatStateRegistration('XX', '110.042.490.114')).toBe('110042490114');
  });
});
