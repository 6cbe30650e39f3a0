import { describe, expect, it } from 'vitest';
import { CsvBuilder, decodeCsv, detectDelimiter, headerKey, matchHeaders, parseCsv, toCsv } from './csv';

describe('the CSV writer', () => {
  it('writes a BOM, ; between cells, CRLF, quotes where needed, and escapes formulas but not negative numbers', () => {
    const text = toCsv(['Nome', 'Valor'], [
      ['Ana; e Bia', '-12,50'],
      ['=HYPERLINK("x")', '+1'],
      ['@SOMA', '-1+1'],
    ]);
    expect(text).toBe('\uFEFFNome;Valor\r\n"Ana; e Bia";-12,50\r\n"\'=HYPERLINK(""x"")";"\'+1"\r\n"\'@SOMA";"\'-1+1"\r\n');
  });

  it('builds the same file page by page', () => {
    const b = new CsvBuilder(['A']);
    b.add([['1'], ['2']]);
    b.add([]);
    b.add([['3']]);
    expect(b.toString()).toBe(toCsv(['A'], [['1'], ['2'], ['3']]));
    expect(b.rows).toBe(3);
  });
});

describe('the CSV reader', () => {
  it('decodes UTF-8 with or without BOM, and falls back to Windows-1252 only when allowed', () => {
    const utf8 = new TextEncoder().encode('\uFEFFAção;Pão');
    expect(decodeCsv(utf8)).toEqual({ text: 'Ação;Pão', encoding: 'utf-8' });
    const latin = Uint8Array.from([0x41, 0xe7, 0xe3, 0x6f, 0x3b, 0x80]);
    expect(decodeCsv(latin)).toEqual({ text: 'Ação;€', encoding: 'windows-1252' });
    expect(decodeCsv(latin, { fallback1252: false })).toBeNull();
  });

  it('detects ; or , from the header line, ignoring quoted separators', () => {
    expect(detectDelimiter('a;b;c\n1,2,3,4,5')).toBe(';');
    expect(detectDelimiter('"a;b",c,d\n')).toBe(',');
    expect(detectDelimiter('a\n')).toBe(';');
  });

  it('numbers rows by the line they start on, skips blank lines, flags unclosed quotes, stops past the cap', () => {
    const parsed = parseCsv('h1;h2\n\n"a\nb";c\nd;e\n"x;y\n', { delimiter: 'auto' });
    expect(parsed.rows.map((r) => [r.line, r.cells, r.error ?? null])).toEqual([
      [1, ['h1', 'h2'], null],
      [3, ['a\nb', 'c'], null],
      [5, ['d', 'e'], null],
      [6, ['x;y\n'], 'Linha com aspas sem fechamento ou mal formada.'],
    ]);
    expect(parseCsv('a\n1\n2\n3\n', { maxRows: 2 }).tooMany).toBe(true);
    expect(parseCsv('a\n1\n', { maxRows: 2 }).tooMany).toBe(false);
  });

  it('matches headers by header, key or alias, ignoring case, accents and punctuation', () => {
    expect(headerKey('  Preço de Venda (R$) ')).toBe('preco de venda r');
    const { index, missing } = matchHeaders(['CÓDIGO', 'descricao', 'Outra'], [
      { key: 'ref', header: 'Referência', aliases: ['Código'], required: true },
      { key: 'name', header: 'Descrição', required: true },
      { key: 'unit', header: 'Unidade', required: true },
      { key: 'price', header: 'Preço' },
    ]);
    expect(Object.fromEntries(index)).toEqual({ ref: 0, name: 1 });
    expect(missing).toEqual(['Unidade']);
  });
});
