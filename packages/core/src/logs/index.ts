import { Clock, timestamp } from '../clock';
import { maybeActor } from '../context';
import { env } from '../env';
import { newId } from '../ids';
import { LogsRepository } from './repository';

export type LogLevel = 'info' | 'warn' | 'error' | 'audit';

const TTL_DAYS = 90;
const pending = new Set<Promise<unknown>>();
const SECRET_KEYS = /pass|senha|token|secret|authorization|cookie/i;

/** Removes passwords and tokens from what is logged, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[removido]' : redact(v, depth + 1);
    return out;
  }
  if (typeof value === 'string') {
    // A JWT-shaped string is never stored whole.
    return value.replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token removido]').slice(0, 2000);
  }
  return value;
}

/**
 * Structured logs: warnings, errors and audit events (who changed what) are stored per tenant in
 * the table with a 90-day TTL. They are written after the response (never awaited by the request)
 * and `flush()` waits for them (tests, Lambda before returning, shutdown).
 */
function write(level: LogLevel, message: string, metadata: Record<string, unknown> = {}): void {
  const actor = maybeActor();
  const e = env();
  const entry = { level, message, metadata: redact(metadata) as Record<string, unknown>, userId: actor?.userId ?? null, at: timestamp() };
  // The console gets warnings and errors (and everything at debug); audit events go to the table.
  const toConsole = e.LOG_LEVEL === 'debug' || ((level === 'warn' || level === 'error') && e.LOG_LEVEL !== 'silent');
  if (toConsole) {
    const line = JSON.stringify({ ...entry, tenantId: actor?.tenantId ?? null });
    if (level === 'error') console.error(line);
    else console.info(line);
  }
  if (level === 'info' || !actor?.tenantId) return;
  const now = Clock.now();
  const id = newId();
  const p = LogsRepository.put(id, entry, Math.floor(now / 1000) + TTL_DAYS * 86400)
    .catch((err: unknown) => console.error(JSON.stringify({ level: 'error', message: 'log write failed', error: String(err) })))
    .finally(() => pending.delete(p));
  pending.add(p);
}

export const Logs = {
  info: (message: string, metadata?: Record<string, unknown>) => write('info', message, metadata),
  warn: (message: string, metadata?: Record<string, unknown>) => write('warn', message, metadata),
  error: (message: string, metadata?: Record<string, unknown>) => write('error', message, metadata),
  audit: (event: string, metadata?: Record<string, unknown>) => write('audit', event, metadata),
  async flush(): Promise<void> {
    while (pending.size) await Promise.allSettled([...pending]);
  },
};
