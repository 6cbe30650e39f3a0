import Papa from 'papaparse';
import { JobsMessages } from '@ev/shared/schemas/jobs';
import { fold } from '@ev/shared/text';

/**
 * The one CSV writer and reader of the product (docs/jobs.md). Files we write open in Excel in
 * Brazil: `;` separated, UTF-8 with a byte-order mark, CRLF line ends, Portuguese headers, and
 * cells a spreadsheet would run as a formula escaped with a leading `'`. Files we read may come
 * from an ERP or Excel: UTF-8 (with or without BOM) or Windows-1252, `;` or `,` separated.
 */

export const CSV_DELIMITER = ';';
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const NEWLINE = '\r\n';

/**
 * A cell starting with `=`, `+`, `-`, `@`, tab or CR runs as a formula in a spreadsheet (CSV
 * injection); a plain number such as `-12,50` or `-3` is not a formula and stays as it is.
 */
const FORMULA = /^(?!-?\d[\d.]*(,\d+)?$)[=+\-@\t\r]/;

/** Lines of CSV (each ended by CRLF) for the given rows, formulas escaped. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const text = Papa.unparse(rows as string[][], { delimiter: CSV_DELIMITER, newline: NEWLINE, quotes: false, escapeFormulae: FORMULA, header: false });
  return text + NEWLINE;
}

/** A whole CSV file: BOM, the header line, then the rows. */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return CSV_BOM + csvLines([headers, ...rows]);
}

/** Builds a CSV file page by page (exports read their rows in pages). */
export class CsvBuilder {
  private readonly parts: string[];
  rows = 0;

  constructor(headers: readonly string[]) {
    this.parts = [CSV_BOM + csvLines([headers])];
  }

  add(rows: readonly (readonly string[])[]): void {
    if (rows.length === 0) return;
    this.parts.push(csvLines(rows));
    this.rows += rows.length;
  }

  toString(): string {
    return this.parts.join('');
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

export type CsvEncoding = 'utf-8' | 'windows-1252';

/**
 * Bytes as text: UTF-8 (a leading BOM dropped) when they are valid UTF-8; otherwise Windows-1252
 * (Excel's "CSV (separado por vírgulas)" on Windows) when `fallback` allows it, else null.
 * A file that is valid UTF-8 is never read as 1252: "Ã§" cannot appear in a 1252 text by chance.
 */
export function decodeCsv(body: Uint8Array | string, opts: { fallback1252?: boolean } = {}): { text: string; encoding: CsvEncoding } | null {
  if (typeof body === 'string') return { text: body.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  try {
    // The default (ignoreBOM false) drops a leading byte-order mark.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    if (opts.fallback1252 === false) return null;
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' };
  }
}

/** `;` or `,`: whichever appears more often outside quotes in the first line (`;` on a tie). */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

export interface CsvRow {
  /** The file's line where the row starts (1 = the header line); quoted cells may span lines. */
  line: number;
  cells: string[];
  /** Set when the row is malformed (an unclosed quote): `MALFORMED_LINE`, keyed `jobs.malformedLine`. */
  error?: string;
}

export interface ParsedCsv {
  /** Every non-blank row, the header row first. */
  rows: CsvRow[];
  delimiter: ';' | ',';
  /** More than `maxRows` rows: reading stopped there. */
  tooMany: boolean;
}

/** The reason of a malformed row (`JobsTexts.malformedLine`, the only row error). */
export const MALFORMED_LINE = JobsMessages.malformedLine;

/**
 * Rows of a CSV text with the line each starts on. Blank rows are skipped (their lines still
 * count); reading stops once more than `maxRows` rows were read (`tooMany`).
 */
export function parseCsv(text: string, opts: { delimiter?: ';' | ',' | 'auto'; maxRows?: number } = {}): ParsedCsv {
  const delimiter = !opts.delimiter || opts.delimiter === 'auto' ? detectDelimiter(text) : opts.delimiter;
  const maxRows = opts.maxRows ?? Number.POSITIVE_INFINITY;
  const rows: CsvRow[] = [];
  let offset = 0;
  let line = 1;
  let tooMany = false;
  const countBreaks = (from: number, to: number) => {
    let n = 0;
    for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (res, parser) => {
      // meta.cursor is the offset just past the row's line break.
      const end = res.meta.cursor;
      const startLine = line;
      line += countBreaks(offset, end);
      offset = end;
      const cells = res.data;
      const broken = res.errors.length > 0;
      if (!broken && cells.every((c) => !c.trim())) return;
      rows.push(broken ? { line: startLine, cells, error: MALFORMED_LINE } : { line: startLine, cells });
      if (rows.length > maxRows) {
        tooMany = true;
        parser.abort();
      }
    },
  });
  return { rows, delimiter, tooMany };
}

/** How headers are compared: case, accents, spaces and punctuation around words ignored. */
export function headerKey(value: string): string {
  return fold(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface HeaderColumn {
  key: string;
  header: string;
  aliases?: readonly string[];
  required?: boolean;
}

/**
 * Matches a header row to declared columns (by header or alias, `headerKey`-equal). Answers the
 * column index of each key found, and the headers of the required columns that are missing.
 * Unknown headers are ignored; the first of repeated headers wins.
 */
export function matchHeaders(cells: readonly string[], columns: readonly HeaderColumn[]): { index: Map<string, number>; missing: string[] } {
  const byName = new Map<string, string>();
  for (const c of columns) {
    for (const name of [c.header, c.key, ...(c.aliases ?? [])]) {
      const k = headerKey(name);
      if (k && !byName.has(k)) byName.set(k, c.key);
    }
  }
  const index = new Map<string, number>();
  cells.forEach((cell, i) => {
    const key = byName.get(headerKey(cell));
    if (key && !index.has(key)) index.set(key, i);
  });
  const missing = columns.filter((c) => c.required && !index.has(c.key)).map((c) => c.header);
  return { index, missing };
}
