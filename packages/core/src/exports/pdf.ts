import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import vfs from 'pdfmake/build/vfs_fonts.js';
import type { ExportColumn, ExportDocument, ExportFilter } from './index';

/**
 * The PDF writer of exports: pdfmake 0.3 on the server. Only the jobs consumer loads this module
 * (pdfmake is heavy and stays out of the API bundle: infra/jobs-bundle.test.ts checks it).
 *
 * Fonts: pdfmake's own Roboto, from `pdfmake/build/vfs_fonts.js` (the TTFs in base64, a plain JS
 * module, so the bundle carries them) into a small in-memory file system of ours. pdfmake's own
 * virtual file system uses `__dirname`, which an ESM bundle lacks, so it is replaced.
 */

class MemoryFs {
  private readonly files = new Map<string, Buffer>();
  existsSync(name: string): boolean {
    return this.files.has(name);
  }
  readFileSync(name: string, options?: string | { encoding?: BufferEncoding }): Buffer | string {
    const file = this.files.get(name);
    if (!file) throw new Error(`File '${name}' not found in the fonts file system`);
    const encoding = typeof options === 'object' ? options.encoding : options;
    return encoding ? file.toString(encoding as BufferEncoding) : file;
  }
  writeFileSync(name: string, content: Buffer | string, options?: string | { encoding?: BufferEncoding }): void {
    const encoding = typeof options === 'object' ? options.encoding : options;
    this.files.set(name, typeof content === 'string' ? Buffer.from(content, (encoding as BufferEncoding | undefined) ?? 'utf8') : content);
  }
}

let ready = false;

function setUp(): void {
  if (ready) return;
  const memory = new MemoryFs();
  for (const [name, base64] of Object.entries(vfs as unknown as Record<string, string>)) memory.writeFileSync(name, base64, 'base64');
  const engine = pdfmake as unknown as { virtualfs: MemoryFs };
  engine.virtualfs = memory;
  pdfmake.setFonts({
    Roboto: { normal: 'Roboto-Regular.ttf', bold: 'Roboto-Medium.ttf', italics: 'Roboto-Italic.ttf', bolditalics: 'Roboto-MediumItalic.ttf' },
  });
  // Our documents hold text only: no URL and no local file is ever fetched.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  ready = true;
}

export interface PdfTable {
  title: string;
  companyName: string;
  /** Date and time of generation, already in the company's time zone ("21/11/2025 14:03"). */
  generatedAt: string;
  filters: ExportFilter[];
  columns: ExportColumn[];
  rows: string[][];
}

const GRAY = '#555555';

/** The styles both layouts use (the company's name a size larger at the head of a document's page). */
const styles = (companySize: number): TDocumentDefinitions['styles'] => ({
  title: { fontSize: 14, bold: true, margin: [0, 0, 0, 4] },
  company: { fontSize: companySize, bold: true },
  meta: { fontSize: 8, color: GRAY },
  filters: { fontSize: 8, color: GRAY, margin: [0, 0, 0, 2] },
  th: { bold: true, fontSize: 8 },
});

const info = (title: string, companyName: string) => ({ title, author: companyName, creator: 'Escritório Virtual', producer: 'Escritório Virtual' });

/** An A4 landscape document: heading, filters, the table (header on every page), page numbers. */
export function pdfDefinition(t: PdfTable): TDocumentDefinitions {
  const header: TableCell[] = t.columns.map((c) => ({ text: c.header, style: 'th', alignment: c.align ?? 'left' }));
  const body: TableCell[][] = [header];
  for (const row of t.rows) body.push(row.map((text, i) => (t.columns[i]?.align && t.columns[i]!.align !== 'left' ? { text, alignment: t.columns[i]!.align } : text)));
  const filters: Content[] = t.filters.length
    ? [{ text: t.filters.map((f) => `${f.label}: ${f.value}`).join('   ·   '), style: 'filters' }]
    : [];
  const empty: Content[] = t.rows.length === 0 ? [{ text: 'Nenhum registro encontrado.', style: 'filters', margin: [0, 8, 0, 0] }] : [];
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 48, 28, 36],
    info: info(t.title, t.companyName),
    header: () => ({
      margin: [28, 18, 28, 0],
      columns: [
        { text: t.companyName, style: 'company' },
        { text: `Gerado em ${t.generatedAt}`, style: 'meta', alignment: 'right' },
      ],
    }),
    footer: (currentPage: number, pageCount: number) => ({
      margin: [28, 10, 28, 0],
      columns: [
        { text: t.title, style: 'meta' },
        { text: `Página ${currentPage} de ${pageCount}`, style: 'meta', alignment: 'right' },
      ],
    }),
    content: [
      { text: t.title, style: 'title' },
      ...filters,
      {
        table: { headerRows: 1, widths: t.columns.map((c) => c.width ?? 'auto'), body },
        layout: 'lightHorizontalLines',
        margin: [0, 6, 0, 0],
      },
      ...empty,
    ],
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    styles: styles(9),
  };
}

/** A document laid out by its declaration (`ExportDefinition.document`): its content, on A4. */
export interface PdfDocument {
  title: string;
  companyName: string;
  generatedAt: string;
  document: ExportDocument;
}

/**
 * The declaration's content on A4 (portrait unless it asks for landscape), the engine's fonts and
 * styles, and a footer with the title, the date of generation and the page numbers. The content
 * carries its own heading (a sale's page begins with the company's).
 */
export function documentDefinition(d: PdfDocument): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: d.document.orientation ?? 'portrait',
    pageMargins: [36, 36, 36, 40],
    info: info(d.title, d.companyName),
    footer: (currentPage: number, pageCount: number) => ({
      margin: [36, 12, 36, 0],
      columns: [
        { text: `${d.title} · Gerado em ${d.generatedAt}`, style: 'meta' },
        { text: `Página ${currentPage} de ${pageCount}`, style: 'meta', alignment: 'right' },
      ],
    }),
    content: d.document.content,
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: styles(11),
  };
}

async function render(definition: TDocumentDefinitions): Promise<Uint8Array> {
  setUp();
  const buffer = await pdfmake.createPdf(definition).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** The PDF file's bytes: the engine's table, or a declaration's own document. */
export function renderPdf(t: PdfTable | PdfDocument): Promise<Uint8Array> {
  return render('document' in t ? documentDefinition(t) : pdfDefinition(t));
}
