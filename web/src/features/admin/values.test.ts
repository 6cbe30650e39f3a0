import { describe, expect, it } from 'vitest';
import { displayValue, flattenSettings } from './values';

const words = { yes: 'Sim', no: 'Não', none: '—' };

describe('displayValue', () => {
  it('writes nothing as a dash, flags as yes or no, plain lists joined and the rest as JSON', () => {
    expect(displayValue(null, words)).toBe('—');
    expect(displayValue('', words)).toBe('—');
    expect(displayValue(true, words)).toBe('Sim');
    expect(displayValue(false, words)).toBe('Não');
    expect(displayValue('1.5000', words)).toBe('1.5000');
    expect(displayValue(80, words)).toBe('80');
    expect(displayValue([30, 60], words)).toBe('30, 60');
    expect(displayValue([], words)).toBe('—');
    expect(displayValue([{ action: 'read', subject: 'Client' }], words)).toBe('[{"action":"read","subject":"Client"}]');
  });
});

describe('flattenSettings', () => {
  it('lists a group by dotted paths, nested groups flattened in order', () => {
    expect(flattenSettings({ showPending: false, required: { nickname: true, region: false }, socialNetworks: ['Instagram'] })).toEqual([
      { path: 'showPending', value: false },
      { path: 'required.nickname', value: true },
      { path: 'required.region', value: false },
      { path: 'socialNetworks', value: ['Instagram'] },
    ]);
  });
});
