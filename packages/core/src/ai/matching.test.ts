import { describe, expect, it } from 'vitest';
import { parseOrderText } from '@ev/shared/ai/order-text';
import { CatalogueIndex, MATCH_THRESHOLD, wordSimilarity } from './matching';

const catalogue = new CatalogueIndex(
  [
    ['Água Mineral sem Gás 500ml', 'FD 12X500ML'],
    ['Água Mineral sem Gás 1,5L', 'FD 6X1,5L'],
    ['Água Mineral com Gás 500ml', 'FD 12X500ML'],
    ['Açúcar Refinado 1kg', 'FD 10X1KG'],
    ['Refrigerante Cola Lata 350ml', 'FD 12X350ML'],
    ['Detergente Líquido Neutro 500ml', 'CX 24X500ML'],
    ['Lã de Aço Pacote com 8', 'FD 14X8UN'],
  ].map(([name, pkg], i) => ({ id: `p${i}`, ref: `R${i}`, name: name!, package: pkg!, unitName: pkg!.split(' ')[0]! })),
);
const line = (text: string) => catalogue.line(parseOrderText(text)[0]!)!;

describe('a line matched in the catalogue', () => {
  it('finds words with typos, abbreviations and plurals', () => {
    expect(wordSimilarity('acucr', 'acucar')).toBeGreaterThan(0.7);
    expect(wordSimilarity('refri', 'refrigerante')).toBeGreaterThan(0.75);
    expect(wordSimilarity('detergnte', 'detergente')).toBeGreaterThan(0.8);
    expect(wordSimilarity('arroz', 'feijao')).toBeLessThan(0.3);
  });

  it('takes the size named, offers the others as alternatives, reads brands', () => {
    const water = line('10 cx de agua sem gas 1,5 litros');
    expect(water.match).toMatchObject({ name: 'Água Mineral sem Gás 1,5L', unit: 'FD · FD 6X1,5L' });
    expect(water.alternatives.map((a) => a.name)).toContain('Água Mineral sem Gás 500ml');
    expect(water.alternatives.length).toBeLessThanOrEqual(3);
    expect(line('2 fd coca lata').match?.name).toBe('Refrigerante Cola Lata 350ml');
    expect(line('3 fd bombril').match?.name).toBe('Lã de Aço Pacote com 8');
    expect(line('5 fd acucr').match?.confidence).toBeGreaterThanOrEqual(70);
  });

  it('has no match below the threshold, and no line for talk', () => {
    const unknown = line('3 cx de parafuso sextavado');
    expect(unknown.match).toBeNull();
    expect(unknown.alternatives.every((a) => a.confidence < MATCH_THRESHOLD)).toBe(true);
    expect(catalogue.line(parseOrderText('bom dia seu Zé')[0]!)).toBeNull();
  });
});
