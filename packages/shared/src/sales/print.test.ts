import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRINT_COLUMNS, saleMessage, saleSlip, wrap } from './print';
import { LABELS, SALE } from './slips/sample';

const expected = (name: number | string) => fs.readFileSync(path.join(import.meta.dirname, 'slips', `sample-${name}.txt`), 'utf8').replace(/\n$/, '');

describe('the printed slip', () => {
  it.each(PRINT_COLUMNS)('at %i columns is the expected file, to the character', (columns) => {
    expect(saleSlip(SALE, LABELS, { columns, places: 2 })).toBe(expected(columns));
  });

  it.each(PRINT_COLUMNS)('at %i columns: no line past the width, accents kept, every amount ending at the right edge', (columns) => {
    const lines = saleSlip(SALE, LABELS, { columns, places: 2 }).split('\n');
    expect(lines.filter((l) => l.length > columns)).toEqual([]);
    const text = lines.join('\n');
    for (const word of ['São', 'Conceição', 'Feijão', 'econômico', 'Óleo', 'Observações', 'manhã', 'papelão']) expect(text).toContain(word);
    for (const amount of ['R$ 298,80', 'R$ 20,83', '-R$ 9,63', 'R$ 1.310,00', 'R$ 436,66', 'cancelado']) {
      const line = lines.find((l) => l.includes(amount));
      expect(line, amount).toBeDefined();
      expect(line!.endsWith(amount), `${amount} in "${line}"`).toBe(true);
    }
  });

  it('prints a line cancelled as such, not its total, and leaves out discounts and increases that are zero', () => {
    const text = saleSlip({ ...SALE, totals: { ...SALE.totals, discounts: '0.00', increases: '0' } }, LABELS, { columns: 80, places: 2 });
    expect(text).not.toContain('R$ 22,50');
    expect(text).not.toContain('Descontos');
    expect(text).not.toContain('Acréscimos');
  });

  it("keeps a branch's 4 places and a price's own places", () => {
    const text = saleSlip({ ...SALE, items: [{ ...SALE.items[0]!, unitPrice: '12.3457', total: '24.3210' }] }, LABELS, { columns: 80, places: 4 });
    expect(text).toContain('12,3457');
    expect(text).toContain('R$ 24,3210');
  });
});

describe('the sale as a message', () => {
  it('is the expected file, to the character: bold headings and total, one line an item, a cancelled line struck through', () => {
    expect(saleMessage(SALE, LABELS, { places: 2 })).toBe(expected('message'));
  });

  it('leaves out what the sale has not: no payment, discounts, installments or observations', () => {
    const text = saleMessage({ ...SALE, condition: null, totals: { ...SALE.totals, discounts: '0' }, installments: [], observations: '  ' }, LABELS, { places: 2 });
    for (const word of ['Pagamento', 'Descontos', 'Parcelas', 'Observações']) expect(text).not.toContain(word);
    expect(text.split('\n').at(-1)).toBe('*Total do pedido: R$ 1.310,00*');
  });
});

describe('wrap', () => {
  it('never makes a line longer than the width and never loses a character, whatever the words', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'ç', 'ã', 'B', '1', '-', 'é'), minLength: 1, maxLength: 70 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), fc.constantFrom(...PRINT_COLUMNS), fc.integer({ min: 0, max: 4 }), (words, width, indent) => {
        const lines = wrap(words.join(' '), width, indent);
        expect(lines.every((l) => l.length <= width)).toBe(true);
        expect(lines.slice(1).every((l) => l.startsWith(' '.repeat(indent)))).toBe(true);
        expect(lines.join('').replace(/ /g, '')).toBe(words.join(''));
      }),
    );
  });

  it('breaks at spaces: a word moves whole to the next line when it fits there', () => {
    expect(wrap('Feijão Carioca Kicaldo 1kg', 14)).toEqual(['Feijão Carioca', 'Kicaldo 1kg']);
    expect(wrap('CEP 17016-000', 8, 2)).toEqual(['CEP', '  17016-', '  000']);
  });
});
