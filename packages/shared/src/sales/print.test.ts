import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WHATSAPP_MAX_URL } from '../whatsapp-link';
import { PRINT_COLUMNS, saleMessage, saleSlip, saleWhatsapp, wrap } from './print';
import { printFile } from './print-file';
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

  it('ends with the delivery link where the sale has one; the printed slip does not carry it', () => {
    const url = 'https://ev.example/sales/delivery#abc';
    expect(saleMessage({ ...SALE, deliveryUrl: url }, LABELS, { places: 2 })).toBe(`${expected('message')}\n\nConfirme a entrega: ${url}`);
    expect(saleSlip({ ...SALE, deliveryUrl: url }, LABELS, { columns: 80, places: 2 })).toBe(expected(80));
  });
});

describe("the sale's WhatsApp link", () => {
  const cutNote = (shown: number, total: number) => `… ${shown} de ${total} itens`;

  it("opens the client's mobile with the whole message when it fits", () => {
    const res = saleWhatsapp(SALE, LABELS, { places: 2, to: '5531991230076', cutNote });
    expect(res.cut).toBe(false);
    expect(res.text).toBe(expected('message'));
    expect(res.url).toBe(`https://wa.me/5531991230076?text=${encodeURIComponent(expected('message'))}`);
  });

  it('a long order keeps whole item lines under the cap, says how many, and keeps the totals and installments', () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ ...SALE.items[0]!, ref: `R${i + 1}`, cancelled: false }));
    const res = saleWhatsapp({ ...SALE, items }, LABELS, { places: 2, to: '5531991230076', cutNote });
    expect(res.url.length).toBeLessThanOrEqual(WHATSAPP_MAX_URL);
    expect(res.cut).toBe(true);
    expect(res.shown).toBeGreaterThan(5);
    expect(res.shown).toBeLessThan(200);
    expect(res.text).toContain(`… ${res.shown} de 200 itens`);
    expect(res.text).toContain(`R${res.shown} `);
    expect(res.text).not.toContain(`R${res.shown + 1} `);
    expect(res.text).toContain('*Parcelas*');
    expect(res.text.split('\n')).toContain('*Total do pedido: R$ 1.310,00*');
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

describe("the slip's file for the printer", () => {
  it('writes code page 850: one byte per accented letter, CR LF at each line, a form feed at the end', () => {
    const bytes = printFile('Nº 12 Ação\nÓleo açúcar é ê ô ú ª');
    const hex = (s: string) => [...s].map((c) => c.charCodeAt(0));
    expect([...bytes]).toEqual([
      ...hex('N'), 0xa7, ...hex(' 12 A'), 0x87, 0xc6, ...hex('o'), 0x0d, 0x0a,
      0xe0, ...hex('leo a'), 0x87, 0xa3, ...hex('car '), 0x82, 0x20, 0x88, 0x20, 0x93, 0x20, 0xa3, 0x20, 0xa6, 0x0d, 0x0a,
      0x0c,
    ]);
  });

  it('turns the quotes and dashes a phone types into plain ones, and what the code page lacks into "?"', () => {
    expect(new TextDecoder('latin1').decode(printFile('“Caixa” – 12… 😀'))).toBe('"Caixa" - 12... ?\r\n\f');
  });

  it('keeps every line of the 48-column slip, in the same order and length', () => {
    const slip = expected(48);
    const lines = new TextDecoder('latin1').decode(printFile(slip)).split('\r\n');
    expect(lines.pop()).toBe('\f');
    expect(lines.map((l) => l.length)).toEqual(slip.split('\n').map((l) => l.length));
  });
});
