import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { Clock } from '../clock';
import { env } from '../env';
import { DomainError } from '../errors';
import { newId } from '../ids';

/** The e-mail port (ARCHITECTURE, "The local default"): SES on AWS, an outbox folder locally. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface EmailSender {
  send(msg: EmailMessage): Promise<void>;
}

/** The job type that sends its payload (an EmailMessage) through the current e-mail port. */
export const EMAIL_SEND_JOB = 'email.send';

// eslint-disable-next-line no-control-regex
const noControl = (s: string) => !/[\x00-\x1f\x7f]/.test(s);

/** Headers come from these fields: a CR or LF in them would let a caller inject headers. */
export const EmailMessageSchema = z.object({
  to: z.email().max(254),
  subject: z.string().min(1).max(500).refine(noControl, 'control characters are not allowed in a subject'),
  text: z.string().max(1_000_000),
  html: z.string().max(1_000_000).optional(),
});

export function parseEmailMessage(input: unknown): EmailMessage {
  const parsed = EmailMessageSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new DomainError('email.invalid_message', `Invalid e-mail message: ${first?.path.join('.')}: ${first?.message}`, 'validation');
  }
  return parsed.data;
}

export const DEFAULT_FROM = 'Escritorio Virtual <no-reply@escritorio-virtual.local>';

/** Writes each message as an .eml file under `DATA_DIR/outbox`, readable by any mail client. */
export class OutboxEmailSender implements EmailSender {
  private readonly dir: string;
  private readonly from: string;

  constructor(opts: { dir?: string; from?: string } = {}) {
    this.dir = path.resolve(opts.dir ?? outboxDir());
    this.from = opts.from ?? DEFAULT_FROM;
    if (!/^[\x20-\x7e]+$/.test(this.from)) throw new Error('The outbox sender address must be printable ASCII');
  }

  async send(input: EmailMessage): Promise<void> {
    const msg = parseEmailMessage(input);
    const id = newId();
    const at = Clock.date();
    const name = `${at.toISOString().replace(/[-:Z]/g, '').replace('.', '')}-${id}.eml`;
    await fs.mkdir(this.dir, { recursive: true });
    // Written beside, then renamed: a reader of the outbox never sees half a message.
    const tmp = path.join(this.dir, `.${name}.tmp`);
    await fs.writeFile(tmp, formatMessage(msg, { from: this.from, date: at, id }), 'utf8');
    await fs.rename(tmp, path.join(this.dir, name));
  }
}

export function outboxDir(): string {
  return path.join(env().DATA_DIR, 'outbox');
}

function formatMessage(msg: EmailMessage, meta: { from: string; date: Date; id: string }): string {
  const headers = [
    `From: ${meta.from}`,
    `To: ${msg.to}`,
    `Subject: ${encodeHeader(msg.subject)}`,
    `Date: ${meta.date.toUTCString()}`,
    `Message-ID: <${meta.id}@escritorio-virtual.local>`,
    'MIME-Version: 1.0',
  ];
  if (msg.html === undefined) {
    headers.push('Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit');
    return `${headers.join('\r\n')}\r\n\r\n${crlf(msg.text)}`;
  }
  const boundary = `=_ev_${meta.id}`;
  headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
  const part = (type: string, body: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${crlf(body)}\r\n`;
  return `${headers.join('\r\n')}\r\n\r\n${part('text/plain', msg.text)}${part('text/html', msg.html)}--${boundary}--\r\n`;
}

function crlf(s: string): string {
  return s.replace(/\r?\n/g, '\r\n');
}

/**
 * RFC 2047 B encoding for non-ASCII text, split on character boundaries into words of at most 39
 * bytes (64 characters encoded), so even the first line, after "Subject: ", stays under 78.
 */
export function encodeHeader(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const ch of value) {
    if (Buffer.byteLength(chunk + ch, 'utf8') > 39) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join('\r\n ');
}

/** Decodes RFC 2047 encoded words (B and Q); whitespace between adjacent words is dropped. */
export function decodeHeader(value: string): string {
  const word = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
  const decoded = value.replace(/(=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)\s+(?==\?)/g, '$1');
  return decoded.replace(word, (_m, charset: string, enc: string, text: string) => {
    const bytes =
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_q, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          );
    return bytes.toString(/^(iso-8859-1|latin1|us-ascii)$/i.test(charset) ? 'latin1' : 'utf8');
  });
}

export interface OutboxEntry {
  file: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The messages in the outbox, oldest first (tests, and the README's "where did my e-mail go"). */
export async function readOutbox(dir: string = outboxDir()): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const out: OutboxEntry[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const file = path.join(dir, name);
    out.push({ file, ...parseMessage(await fs.readFile(file, 'utf8')) });
  }
  return out;
}

function parseMessage(raw: string): Omit<OutboxEntry, 'file'> {
  const { headers, body } = splitEntity(raw);
  const to = headers.get('to') ?? '';
  const subject = decodeHeader(headers.get('subject') ?? '');
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return { to, subject, text: lf(body) };
  const result: Omit<OutboxEntry, 'file'> = { to, subject, text: '' };
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = splitEntity(chunk.replace(/^\r\n/, ''));
    const partBody = lf(part.body.replace(/\r\n$/, ''));
    const partType = part.headers.get('content-type') ?? '';
    if (/^text\/plain/i.test(partType)) result.text = partBody;
    else if (/^text\/html/i.test(partType)) result.html = partBody;
  }
  return result;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end + 4);
  const headers = new Map<string, string>();
  // Unfold continuation lines before splitting headers.
  for (const line of head.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function lf(s: string): string {
  return s.replace(/\r\n/g, '\n');
}
