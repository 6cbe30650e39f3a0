import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money';
import { WHATSAPP_MAX_URL } from '../whatsapp-link';
import { chartShareText, PriceMessages, PriceValue, type PriceChartRow } from './prices';

describe('PriceValue', () => {
  it('stores a positive decimal of up to 4 places at 4 places', () => {
    expect(PriceValue.parse('12,5')).toBe('12.5000');
    expect(PriceValue.parse('0,0001')).toBe('0.0001');
    expect(PriceValue.parse('1.234,5678')).toBe('1234.5678');
    expect(PriceValue.parse('7.50000')).toBe('7.5000');
  });
  it('refuses zero, negatives, more places, text and numbers, in Portuguese', () => {
    for (const bad of ['0', '-3', '1,23456', 'dez', '1.2.3,4']) expect(PriceValue.safeParse(bad).error?.issues[0]?.message, bad).toBe(PriceMessages.invalid);
    expect(PriceValue.safeParse(12.5).error?.issues[0]?.message).toBe(PriceMessages.invalid);
    expect(PriceValue.safeParse('').error?.issues[0]?.message).toBe(PriceMessages.required);
    expect(PriceValue.safeParse(undefined).error?.issues[0]?.message).toBe(PriceMessages.required);
    expect(PriceValue.safeParse('1234567890123').error?.issues[0]?.message).toBe(PriceMessages.tooLarge);
  });
});

const row = (i: number, price: string | null = '10.00'): PriceChartRow => ({
  productId: `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`,
  ref: `REF-${i}`,
  name: `Refrigerante Guaraná Lata 350ml ${i}`,
  maker: 'Serra Azul',
  package: 'FD 12X350ML',
  unit: 'FD',
  status: 'active',
  price,
  conditionPrices: [price === null ? null : '9.50'],
});
const base = {
  title: 'Tabela de preços',
  table: { name: 'Varejo', isDefault: true },
  header: ['Distribuidora Exemplo', 'Grupos: Bebidas'],
  conditions: [{ id: '01900000-0000-7000-8000-000000000001', name: 'À vista', discountRate: '5.0000', surchargeRate: null }],
  money: (v: string) => formatMoney(v, 2),
};

describe('chartShareText: the chart as a WhatsApp link', () => {
  it('a short chart fits whole: title, header, conditions, one line per product', () => {
    const res = chartShareText({ ...base, rows: [row(1), row(2, null)], more: false });
    expect(res.cut).toBe(false);
    expect(res.shown).toBe(2);
    expect(res.text).toBe(
      [
        '*Tabela de preços: Varejo (padrão)*',
        'Distribuidora Exemplo',
        'Grupos: Bebidas',
        'Condições: À vista (-5%)',
        '',
        'REF-1 Refrigerante Guaraná Lata 350ml 1 (FD 12X350ML): R$ 10,00 | À vista R$ 9,50',
        'REF-2 Refrigerante Guaraná Lata 350ml 2 (FD 12X350ML): sem preço',
      ].join('\n'),
    );
    expect(res.url).toBe(`https://wa.me/?text=${encodeURIComponent(res.text)}`);
  });

  it('a long chart is cut at a whole line under the cap, and says so', () => {
    const rows = Array.from({ length: 300 }, (_, i) => row(i + 1));
    const res = chartShareText({ ...base, rows, more: false });
    expect(res.url.length).toBeLessThanOrEqual(WHATSAPP_MAX_URL);
    expect(res.cut).toBe(true);
    expect(res.shown).toBeGreaterThan(10);
    expect(res.shown).toBeLessThan(300);
    expect(res.text.endsWith(`… lista cortada: ${res.shown} produtos de 300. Exporte o PDF para a tabela completa.`)).toBe(true);
    // Every product line shown is whole.
    expect(res.text).toContain(`REF-${res.shown} Refrigerante Guaraná Lata 350ml ${res.shown} (FD 12X350ML): R$ 10,00 | À vista R$ 9,50\n`);
    expect(res.text).not.toContain(`REF-${res.shown + 1} `);
  });

  it('rows not loaded yet count as cut', () => {
    const res = chartShareText({ ...base, rows: [row(1)], more: true });
    expect(res.cut).toBe(true);
    expect(res.text).toContain('… lista cortada: 1 produto de mais de 1.');
  });
});
