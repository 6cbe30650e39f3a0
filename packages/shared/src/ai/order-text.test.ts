import { describe, expect, it } from 'vitest';
import { parseOrderText, splitOrderText } from './order-text';

const read = (text: string) => parseOrderText(text).map((l) => [l.quantity, l.unit, l.words.join(' ')]);

describe('an order message read as lines', () => {
  it('splits at commas, semicolons, new lines, "+" and " e " before a quantity; keeps "água e sal" and decimal commas', () => {
    expect(splitOrderText('2cx coca lata, 3 fd arroz 5kg; 1 cx suco 1,5l\n2 biscoito agua e sal e 3 cx leite + 1 pct bala')).toEqual(['2cx coca lata', '3 fd arroz 5kg', '1 cx suco 1,5l', '2 biscoito agua e sal', '3 cx leite', '1 pct bala']);
  });

  it('reads the quantity, the unit word and the product’s words, sizes joined', () => {
    expect(read('manda 10 caixas de água 500ml e 5 fardos de açúcar')).toEqual([
      ['10', 'CX', 'agua 500ml'],
      ['5', 'FD', 'acucar'],
    ]);
    expect(read('quero 12 un de detergente ype')).toEqual([['12', 'UN', 'detergente ype']]);
    expect(read('2cx coca lata, 3 fd arroz 5 kg')).toEqual([
      ['2', 'CX', 'coca lata'],
      ['3', 'FD', 'arroz 5kg'],
    ]);
    // The quantity after the product, before its unit; a size at the start is a weight.
    expect(read('arroz 5kg 3 fardos')).toEqual([['3', 'FD', 'arroz 5kg']]);
    expect(read('5kg de queijo mussarela')).toEqual([['5', 'KG', 'queijo mussarela']]);
  });

  it('reads numbers in words, half a dozen, and "s/" and "c/"', () => {
    expect(read('vinte e cinco cx de cerveja e meia dúzia de ovos')).toEqual([
      ['25', 'CX', 'cerveja'],
      ['0.5', 'DZ', 'ovos'],
    ]);
    expect(read('duas caixas de agua s/ gas, tres fd de manteiga c/ sal')).toEqual([
      ['2', 'CX', 'agua sem gas'],
      ['3', 'FD', 'manteiga com sal'],
    ]);
  });

  it('leaves out talk, and says when the quantity was not written', () => {
    expect(parseOrderText('Bom dia! Tudo bem? Obrigado')).toEqual([]);
    expect(parseOrderText('Bom dia seu João')[0]).toMatchObject({ quantity: '1', counted: false, words: ['seu', 'joao'] });
    expect(parseOrderText('3 cx de leite')[0]).toMatchObject({ counted: true, unitWord: 'cx' });
  });
});
