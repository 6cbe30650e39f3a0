import { isCpfOrCnpj } from '@ev/shared/br';
import { isCalendarDate } from '@ev/shared/calendar';
import { FinancialTexts, IMPORT_COLUMNS, INSTALLMENT_TYPE_LABELS, INSTALLMENT_TYPES, InstallmentInput, installmentKey, MAX_IMPORT_BYTES, MAX_IMPORT_LINES, type ImportReport, type InstallmentFields } from '@ev/shared/schemas/financial';
import { documentKey, fold } from '@ev/shared/text';
import { authorize } from '../context';
import { decodeCsv, parseCsv } from '../csv';
import { JobsTexts } from '@ev/shared/schemas/jobs';
import { reasonOf, type Said } from '@ev/shared/texts';
import { DomainError, fieldError } from '../errors';
import { defineImport, issueReasons, type LineReason } from '../imports/index';
import { Logs } from '../logs';
import { Tenants } from '../tenants';
import { checkReferences } from './financial';
import { clientScope } from './index';
import { ClientsRepository, InstallmentsRepository, type InstallmentRecord } from './repository';

/**
 * The installments import (CSV): decimal comma, dates dd/MM/yyyy, Portuguese headers
 * (`IMPORT_COLUMNS`). Every line is checked and either accepted or rejected with its number and a
 * Portuguese reason; a dry run stops there, a real run writes the accepted lines with the same
 * idempotent upsert as the integration API, so importing a file twice leaves the same items. Only
 * users who see every client of the company may import (the file names clients by document,
 * across salesmen).
 *
 * Two doors, one reading of a line (`readCells`) and one check across lines (`settle`):
 * - the import job `installments` (the web's shared import dialog; docs/jobs.md): a signed upload,
 *   UTF-8 or Windows-1252, `;` or `,`;
 * - the deprecated synchronous POST /api/clients/installments/import (integrations posting the
 *   file's bytes): `;`, UTF-8 only, up to 5 MB.
 */

type Column = (typeof IMPORT_COLUMNS)[number];
type Field = Column['field'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const headerKey = (s: string) => fold(s).replace(/\s+/g, ' ').trim();
const HEADERS = new Map<string, Column>(IMPORT_COLUMNS.map((c) => [headerKey(c.header), c]));
const TYPES = new Map<string, InstallmentFields['type']>([
  ...INSTALLMENT_TYPES.map((t) => [t, t] as const),
  ...Object.entries(INSTALLMENT_TYPE_LABELS).map(([t, label]) => [headerKey(label), t as InstallmentFields['type']] as const),
]);
const YES = new Set(['sim', 's', 'true', '1', 'x']);
const NO = new Set(['nao', 'n', 'false', '0', '']);

const T = FinancialTexts;

/** A line's refusal: its keyed reason. */
class LineError extends Error {
  constructor(readonly said: Said) {
    super(said.message);
  }
}

/** A rejected line of the report: the Portuguese reason and, when keyed, each part's key. */
const rejectedLine = (line: number, reason: LineReason) => ({ line, ...reasonOf(typeof reason === 'string' ? [reason] : 'key' in reason ? [reason as Said] : (reason as readonly Said[])) });

/** dd/MM/yyyy → yyyy-MM-dd (a real calendar date), or a line error naming the column. */
export function brDate(value: string, header: string): string | null {
  const v = value.trim();
  if (!v) return null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const iso = m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : '';
  if (!m || !isCalendarDate(iso)) {
    throw new LineError(T.lineDate({ column: header, value: v.slice(0, 40) }));
  }
  return iso;
}

/** "1.234,56" or "1234,5" → "1234.56" / "1234.5" (the schema fixes the scale), or a line error. */
export function brDecimal(value: string, header: string): string | null {
  const v = value.trim().replace(/^R\$\s*/i, '');
  if (!v) return null;
  if (/^\d+(,\d{1,2})?$/.test(v)) return v.replace(',', '.');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(v)) return v.replace(/\./g, '').replace(',', '.');
  throw new LineError(T.lineDecimal({ column: header, value: v.slice(0, 40) }));
}

interface Row {
  line: number;
  cells: string[];
}

/** Rows of the file with the line each starts on (the shared reader, ../csv), `;` separated. */
function rows(text: string): { rows: Row[]; errors: Map<number, Said> } {
  const parsed = parseCsv(text, { delimiter: ';', maxRows: MAX_IMPORT_LINES + 1 });
  if (parsed.tooMany) throw tooManyLines();
  const errors = new Map<number, Said>();
  for (const r of parsed.rows) if (r.error) errors.set(r.line, JobsTexts.malformedLine());
  return { rows: parsed.rows.map((r) => ({ line: r.line, cells: r.cells })), errors };
}

const tooManyLines = () =>
  new DomainError('clients.import_too_many_lines', T.importTooManyLines({ max: MAX_IMPORT_LINES.toLocaleString('pt-BR') }), 'validation');

/** UTF-8 only (with or without BOM): the installments import does not guess Windows-1252. */
function decode(body: Uint8Array | string): string {
  const decoded = decodeCsv(body, { fallback1252: false });
  if (!decoded) throw new DomainError('clients.import_not_utf8', T.importNotUtf8(), 'validation');
  return decoded.text;
}

interface Parsed {
  line: number;
  client: { id?: string; document?: string; raw: string };
  fields: Record<string, unknown>;
}

/** Reads one row of the synchronous import into the API's input shape, or a line error. */
function readRow(row: Row, columns: (Column | undefined)[], branches: { id: string; name: string }[]): Parsed {
  const cell = new Map<Field, string>();
  columns.forEach((c, i) => {
    if (c) cell.set(c.field, (row.cells[i] ?? '').trim());
  });
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !cell.get(c.field)).map((c) => c.header);
  if (missing.length) {
    throw new LineError(missing.length === 1 ? T.lineMissingColumn({ column: missing[0]! }) : T.lineMissingColumns({ columns: missing.join(', ') }));
  }
  return readCells(row.line, (f) => cell.get(f) ?? '', branches);
}

/** One line's cells (by field, trimmed) in the API's input shape (strings in the API's formats), or a line error. */
function readCells(line: number, get: (f: Field) => string, branches: { id: string; name: string }[]): Parsed {
  const header = (f: Field) => IMPORT_COLUMNS.find((c) => c.field === f)!.header;
  const rawClient = get('client');
  let client: Parsed['client'];
  if (UUID.test(rawClient)) client = { id: rawClient.toLowerCase(), raw: rawClient };
  else {
    const key = documentKey(rawClient);
    if (!isCpfOrCnpj(key)) throw new LineError(T.lineDocument({ value: rawClient.slice(0, 40) }));
    client = { document: key, raw: rawClient };
  }
  const fields: Record<string, unknown> = {
    document: get('document'),
    installment: get('installment'),
  };
  const branch = get('branchId');
  if (branch) {
    const found = UUID.test(branch) ? branches.find((b) => b.id === branch.toLowerCase()) : branches.find((b) => headerKey(b.name) === headerKey(branch));
    if (!found) throw new LineError(T.lineBranch({ value: branch.slice(0, 60) }));
    fields.branchId = found.id;
  }
  const type = get('type');
  if (type) {
    const t = TYPES.get(headerKey(type).replace(/ /g, '_')) ?? TYPES.get(headerKey(type));
    if (!t) throw new LineError(T.lineType({ value: type.slice(0, 40) }));
    fields.type = t;
  }
  for (const f of ['issueDate', 'dueDate', 'paymentDate'] as const) fields[f] = brDate(get(f), header(f));
  for (const f of ['installmentValue', 'openValue', 'correctedValue', 'paidValue', 'discount', 'increase', 'withholdings'] as const) {
    fields[f] = brDecimal(get(f), header(f));
  }
  for (const f of ['complement', 'account', 'paymentMethod'] as const) fields[f] = get(f) || null;
  for (const f of ['bearerId', 'walletId'] as const) {
    const v = get(f);
    if (v && !UUID.test(v)) throw new LineError(T.lineId({ column: header(f), value: v.slice(0, 40) }));
    fields[f] = v ? v.toLowerCase() : null;
  }
  const cancelled = headerKey(get('cancelled'));
  if (!YES.has(cancelled) && !NO.has(cancelled)) throw new LineError(T.lineCancelled({ value: get('cancelled').slice(0, 20) }));
  fields.cancelled = YES.has(cancelled);
  return { line, client, fields };
}

/** The clients the lines name, by id or by document (the document's guard item): one BatchGet each. */
async function resolveClients(parsed: Parsed[]): Promise<{ byId: Set<string>; byDocument: Map<string, string> }> {
  const documents = [...new Set(parsed.map((p) => p.client.document).filter((d): d is string => !!d))];
  const byDocument = await ClientsRepository.documentOwners(documents);
  const ids = [...new Set([...parsed.map((p) => p.client.id).filter((i): i is string => !!i), ...byDocument.values()])];
  const clients = await ClientsRepository.getMany(ids);
  return { byId: new Set(clients.map((c) => c.id)), byDocument };
}

/** Only users who may update clients and see every client of the company import installments. */
async function allowed(): Promise<void> {
  authorize('update', 'clientes');
  if ((await clientScope()).kind !== 'all') {
    throw new DomainError('clients.import_forbidden', T.importForbidden(), 'forbidden');
  }
}

/**
 * The checks across lines, for both doors: the API's own schema, then the client (by id or
 * document, in the company), the references and repeated installments. Answers the items to write
 * by line, and the rejected lines with their reasons.
 */
async function settle(parsed: Parsed[]): Promise<{ accepted: { line: number; record: InstallmentRecord }[]; rejected: { line: number; reason: LineReason }[] }> {
  const rejected: { line: number; reason: LineReason }[] = [];
  const { byId, byDocument } = await resolveClients(parsed);
  const valid: { line: number; clientId: string; fields: InstallmentFields }[] = [];
  for (const p of parsed) {
    const res = InstallmentInput.safeParse(p.fields);
    if (!res.success) {
      rejected.push({ line: p.line, reason: issueReasons(res.error.issues) });
      continue;
    }
    const clientId = p.client.id ?? byDocument.get(p.client.document!);
    if (!clientId || !byId.has(clientId)) {
      rejected.push({ line: p.line, reason: T.lineClient({ value: p.client.raw.slice(0, 40) }) });
      continue;
    }
    valid.push({ line: p.line, clientId, fields: res.data });
  }
  const problems = await checkReferences(valid.map((v) => v.fields));
  const seen = new Map<string, number>();
  const accepted: { line: number; record: InstallmentRecord }[] = [];
  valid.forEach((v, n) => {
    const issues = problems.get(n);
    if (issues) {
      rejected.push({ line: v.line, reason: issues.map((i) => ({ key: i.key!, ...(i.params ? { params: i.params } : {}), message: i.message })) });
      return;
    }
    const identity = `${v.clientId}|${installmentKey(v.fields)}`;
    const first = seen.get(identity);
    if (first !== undefined) {
      rejected.push({ line: v.line, reason: T.lineRepeated({ line: first }) });
      return;
    }
    seen.set(identity, v.line);
    accepted.push({ line: v.line, record: InstallmentsRepository.item(v.clientId, v.fields) });
  });
  return { accepted, rejected };
}

/**
 * Checks (and, unless `dryRun`, imports) a CSV file of installments. Refuses the whole file (400)
 * when it is too large, has too many lines, is not UTF-8 or lacks a required header; otherwise
 * answers the report line by line.
 */
async function importCsv(body: Uint8Array | string, options: { dryRun: boolean }): Promise<ImportReport> {
  await allowed();
  const size = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength;
  if (size > MAX_IMPORT_BYTES) throw new DomainError('clients.import_too_large', T.importTooLarge(), 'validation');
  const text = decode(body);
  const { rows: all, errors } = rows(text);
  const [head, ...data] = all;
  if (!head || data.length === 0) throw new DomainError('clients.import_empty', T.importEmpty(), 'validation');
  if (data.length > MAX_IMPORT_LINES) throw tooManyLines();
  const columns = head.cells.map((h) => HEADERS.get(headerKey(h)));
  const absent = IMPORT_COLUMNS.filter((c) => c.required && !columns.includes(c)).map((c) => c.header);
  if (absent.length) {
    const message = T.importMissingHeaders({ names: absent.join(', ') });
    throw new DomainError('clients.import_missing_headers', message, 'validation', { fields: [fieldError('body', message)] });
  }

  const rejected: ImportReport['rejected'] = [];
  const branches = columns.some((c) => c?.field === 'branchId') ? await Tenants.branches() : [];
  const parsed: Parsed[] = [];
  for (const row of data) {
    const broken = errors.get(row.line);
    if (broken) {
      rejected.push(rejectedLine(row.line, broken));
      continue;
    }
    try {
      parsed.push(readRow(row, columns, branches));
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      rejected.push(rejectedLine(row.line, e.said));
    }
  }

  const settled = await settle(parsed);
  rejected.push(...settled.rejected.map((r) => rejectedLine(r.line, r.reason)));
  const accepted = settled.accepted.map((a) => a.record);
  rejected.sort((a, b) => a.line - b.line);

  const written = options.dryRun || accepted.length === 0 ? 0 : await InstallmentsRepository.put(accepted);
  if (!options.dryRun) Logs.audit('clients.installments.import', { lines: data.length, accepted: accepted.length, rejected: rejected.length });
  return { dryRun: options.dryRun, lines: data.length, accepted: accepted.length, rejected, written };
}

export const InstallmentsImport = { importCsv };

interface Prepared {
  branches: { id: string; name: string }[];
  /** The items to write by line, as the file check settled them (the run writes exactly these). */
  records: Map<number, InstallmentRecord>;
}

/**
 * The installments import on the job engine (POST /api/imports/installments, docs/jobs.md): the
 * shared import dialog, a signed upload, UTF-8 or Windows-1252, `;` or `,`. The same reading of a
 * line and the same checks across lines as the synchronous import; the run writes with the same
 * idempotent upsert (reported as `updated`: a Put does not tell a new installment from a rewritten one).
 */
export const installmentsImport = defineImport<Parsed, Prepared>({
  name: 'installments',
  subject: 'clientes',
  action: 'update',
  title: 'Importar parcelas',
  columns: IMPORT_COLUMNS.map((c) => ({ key: c.field, header: c.header, required: c.required })),
  allowed,
  async prepare() {
    await allowed();
    return { branches: await Tenants.branches(), records: new Map() };
  },
  check({ number, cells }, ctx) {
    try {
      return { value: readCells(number, (f) => cells[f] ?? '', ctx.prepared.branches) };
    } catch (e) {
      if (e instanceof LineError) return { error: e.said };
      throw e;
    }
  },
  async fileCheck(accepted, ctx) {
    const { accepted: settled, rejected } = await settle(accepted.map((a) => a.value));
    for (const a of settled) ctx.prepared.records.set(a.line, a.record);
    return rejected.map((r) => ({ line: r.line, error: r.reason }));
  },
  async apply(_values, ctx, lines) {
    const written = await InstallmentsRepository.put(lines.map((line) => ctx.prepared.records.get(line)!));
    return { updated: written };
  },
  // BatchWrite takes 25 items a call: 500 lines are 20 calls, 4 in flight.
  batchSize: 500,
});
