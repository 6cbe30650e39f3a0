import { formatDecimal } from '../money';
import { defineTexts, plain } from '../texts';
import { keyed, z } from '../zod';
import { Id, KeyedText, Timestamp } from './common';

/**
 * Background work a user starts (docs/jobs.md): exports (CSV, PDF, and text where a declaration
 * writes one) and imports (CSV). Each has a
 * job status item the web polls (GET /api/jobs/{id}) until it is done or failed.
 */

/** An import file is uploaded straight to the file store (signed PUT URL), never through the API. */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024;
/** Data lines an import file may hold (the header line not counted), unless a declaration says less. */
export const MAX_IMPORT_FILE_LINES = 50_000;
/** Rows an export may hold; past this the user filters and exports in parts. */
export const MAX_EXPORT_FILE_ROWS = 50_000;
/** Rows a PDF may hold (about 600 pages; rendering 20,000 rows takes ~15 s and ~600 MB). */
export const MAX_EXPORT_PDF_ROWS = 25_000;
/** Rejected lines kept in the job status item (the counts cover them all). */
export const MAX_REJECTED_SHOWN = 500;
/** The Content-Type an import upload must be sent with (the signed URL binds it). */
export const IMPORT_UPLOAD_CONTENT_TYPE = 'text/csv';

/** `txt`: only the exports that declare a text (`text` in the declaration); the others refuse it. */
export const EXPORT_FORMATS = ['csv', 'pdf', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const JOB_KINDS = ['export', 'import'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * `uploading`: an import waiting for its file (before the first check). Then `queued` → `running`
 * → `done` | `failed` for each step the user starts.
 */
export const JOB_STATES = ['uploading', 'queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Of an import: which step the status describes. */
export const IMPORT_PHASES = ['upload', 'check', 'run'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

/** The jobs' texts, keyed `jobs.<name>` (docs/texts.md), with the import engine's line reasons. */
export const JobsTexts = defineTexts('jobs', {
  exportNotFound: 'Exportação não encontrada.',
  importNotFound: 'Importação não encontrada.',
  formatInvalid: 'Escolha o formato: CSV, PDF ou texto.',
  formatUnavailable: 'Esta exportação não tem o formato texto: escolha CSV ou PDF.',
  fileNameRequired: 'Informe o nome do arquivo.',
  fileNameTooLong: 'O nome do arquivo deve ter no máximo 200 caracteres.',
  fileNotCsv: 'Envie um arquivo .csv (texto separado por ponto e vírgula ou vírgula).',
  sizeInvalid: 'Informe o tamanho do arquivo em bytes.',
  fileEmpty: 'O arquivo está vazio: envie um CSV com a linha de cabeçalhos e ao menos uma linha de dados.',
  fileTooLarge: 'O arquivo tem mais de {{mb}} MB. Divida-o em arquivos menores.',
  tooManyLines: 'O arquivo tem mais de {{max}} linhas. Divida-o em arquivos menores.',
  missingColumn: 'Falta a coluna obrigatória no cabeçalho: {{column}}.',
  missingColumns: 'Faltam colunas obrigatórias no cabeçalho: {{columns}}.',
  notUploaded: 'O arquivo não foi enviado. Escolha o arquivo e envie de novo.',
  busy: 'Aguarde: esta importação já está sendo processada.',
  notChecked: 'Confira o arquivo antes de importar.',
  malformedLine: 'Linha com aspas sem fechamento ou mal formada.',
  missingValue: 'Falta o valor da coluna {{column}}.',
  missingValues: 'Faltam os valores das colunas {{columns}}.',
  exportTooLarge: 'A exportação passa de {{max}} linhas. Filtre e exporte em partes.',
  pdfTooLarge: 'O PDF passa de {{max}} linhas. Filtre mais, ou exporte em CSV.',
  exportFailed: 'Não foi possível gerar o arquivo. Tente de novo; se persistir, avise o suporte.',
  importFailed: 'Não foi possível processar o arquivo. Tente de novo; se persistir, avise o suporte.',
  interrupted: 'O processamento foi interrompido. Tente de novo.',
  fileExpired: 'O arquivo não está mais disponível. Gere-o de novo.',
  notReady: 'O arquivo ainda não está pronto.',
});
const T = JobsTexts;

/** A count as the Portuguese texts write it (50.000). */
// pt-BR digits written by hand ("10.000"), not by a locale format: making one loads the locale's data.
const count = (n: number) => formatDecimal(n, 0);

/** Keyed texts with their parameters fixed by the module's limits. */
export const JobsSaid = {
  fileTooLarge: () => T.fileTooLarge({ mb: MAX_IMPORT_FILE_BYTES / 1024 / 1024 }),
  tooManyLines: (max: number) => T.tooManyLines({ max: count(max) }),
  missingColumns: (names: string[]) => (names.length === 1 ? T.missingColumn({ column: names[0]! }) : T.missingColumns({ columns: names.join(', ') })),
  missingValues: (names: string[]) => (names.length === 1 ? T.missingValue({ column: names[0]! }) : T.missingValues({ columns: names.join(', ') })),
  exportTooLarge: () => T.exportTooLarge({ max: count(MAX_EXPORT_FILE_ROWS) }),
  pdfTooLarge: () => T.pdfTooLarge({ max: count(MAX_EXPORT_PDF_ROWS) }),
};

/** The same texts as Portuguese strings. */
export const JobsMessages = {
  ...plain(T, [
    'exportNotFound', 'importNotFound', 'formatInvalid', 'formatUnavailable', 'fileNameRequired', 'fileNameTooLong', 'fileNotCsv', 'sizeInvalid', 'fileEmpty', 'notUploaded', 'busy',
    'notChecked', 'malformedLine', 'exportFailed', 'importFailed', 'interrupted', 'fileExpired', 'notReady',
  ]),
  fileTooLarge: JobsSaid.fileTooLarge().message,
  tooManyLines: (max: number) => JobsSaid.tooManyLines(max).message,
  missingColumns: (names: string[]) => JobsSaid.missingColumns(names).message,
  exportTooLarge: JobsSaid.exportTooLarge().message,
  pdfTooLarge: JobsSaid.pdfTooLarge().message,
};

/** A rejected line: its number, the reason in Portuguese and, when keyed, each part's key and parameters (docs/texts.md). */
export const RejectedLine = z.object({ line: z.number().int().min(1), reason: z.string().max(500), texts: z.array(KeyedText).max(20).optional() });
export type RejectedLine = z.infer<typeof RejectedLine>;

/** What an import's check (dry run) or run reports. */
export const ImportResult = z.object({
  /** Data lines in the file (blank lines not counted). */
  lines: z.number().int().min(0),
  accepted: z.number().int().min(0),
  rejectedCount: z.number().int().min(0),
  /** The first MAX_REJECTED_SHOWN rejected lines, by line number. */
  rejected: z.array(RejectedLine).max(MAX_REJECTED_SHOWN),
  /** After a run: what the accepted lines changed (re-importing the same file changes nothing). */
  created: z.number().int().min(0).optional(),
  updated: z.number().int().min(0).optional(),
  unchanged: z.number().int().min(0).optional(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** A job as the API answers it. */
export const Job = z.object({
  id: Id,
  kind: z.enum(JOB_KINDS),
  /** The export's or import's declared name (`price-chart`, `products`). */
  name: z.string().max(100),
  title: z.string().max(200),
  format: z.enum(EXPORT_FORMATS).nullable(),
  phase: z.enum(IMPORT_PHASES).nullable(),
  status: z.enum(JOB_STATES),
  processed: z.number().int().min(0),
  /** Null while unknown. */
  total: z.number().int().min(0).nullable(),
  /** The file produced (exports) or uploaded (imports). */
  fileName: z.string().max(255).nullable(),
  /** Why it failed, in Portuguese. */
  error: z.string().max(1000).nullable(),
  /** The failure's key and parameters, when keyed (docs/texts.md). */
  errorText: KeyedText.nullable().optional(),
  result: ImportResult.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  finishedAt: Timestamp.nullable(),
});
export type Job = z.infer<typeof Job>;

export const JobList = z.object({ items: z.array(Job) });
export const JobParams = z.object({ id: Id });
export const JobDownload = z.object({ url: z.string().max(4096), fileName: z.string().max(255) });
export type JobDownload = z.infer<typeof JobDownload>;

export const DeclarationParams = z.object({ name: z.string().min(1).max(100).regex(/^[a-z0-9-]+$/) });

/** POST /api/exports/{name}: the declaration validates `query` with its own schema. */
export const ExportBody = z.object({
  format: z.enum(EXPORT_FORMATS, { error: keyed(T.formatInvalid()) }),
  query: z.record(z.string(), z.unknown()).default({}),
});
export type ExportBody = z.input<typeof ExportBody>;

/** POST /api/imports/{name}: announces the upload; the answer carries the signed PUT URL. */
export const ImportStartBody = z.object({
  fileName: z
    .string({ error: keyed(T.fileNameRequired()) })
    .trim()
    .min(1, { error: keyed(T.fileNameRequired()) })
    .max(200, { error: keyed(T.fileNameTooLong()) })
    .refine((n) => /\.(csv|txt)$/i.test(n), { error: keyed(T.fileNotCsv()) }),
  size: z
    .number({ error: keyed(T.sizeInvalid()) })
    .int({ error: keyed(T.sizeInvalid()) })
    .min(1, { error: keyed(T.fileEmpty()) })
    .max(MAX_IMPORT_FILE_BYTES, { error: keyed(JobsSaid.fileTooLarge()) }),
});
export type ImportStartBody = z.input<typeof ImportStartBody>;

export const ImportUpload = z.object({
  job: Job,
  uploadUrl: z.string().max(4096),
  /** Send the PUT with exactly these headers (the signature binds the Content-Type). */
  uploadHeaders: z.record(z.string(), z.string()),
  maxBytes: z.number().int(),
});
export type ImportUpload = z.infer<typeof ImportUpload>;

/** What the web shows before choosing a file: the columns it reads. */
export const ImportColumnInfo = z.object({
  key: z.string().max(100),
  header: z.string().max(200),
  aliases: z.array(z.string().max(200)),
  required: z.boolean(),
});
export const ImportInfo = z.object({
  name: z.string().max(100),
  title: z.string().max(200),
  columns: z.array(ImportColumnInfo),
  maxBytes: z.number().int(),
  maxLines: z.number().int(),
});
export type ImportInfo = z.infer<typeof ImportInfo>;
