import { timestampMs, zonedParts } from '@ev/shared/calendar';
import { LogsExportQuery } from '@ev/shared/schemas/logs';
import { defineExport } from '../exports/index';
import { Logs } from '../logs';

/** `dd/MM/yyyy HH:mm:ss` in the user's time zone. */
function shown(at: string, timeZone: string): string {
  const p = zonedParts(timestampMs(at), timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

const LEVELS: Record<string, string> = { audit: 'Auditoria', warn: 'Aviso', error: 'Erro' };

/**
 * The logs screen's CSV through the export engine (here, not in logs/: the logs stand below the
 * export engine, which logs through them) (POST /api/exports/logs, read on `logs`,
 * docs/jobs.md): the screen's filters, every entry, the time in the user's time zone.
 */
export const logsExport = defineExport({
  name: 'logs',
  subject: 'logs',
  action: 'read',
  title: 'Logs',
  query: LogsExportQuery,
  columns: () => [
    { key: 'at', header: 'Data e hora' },
    { key: 'level', header: 'Nível' },
    { key: 'message', header: 'Mensagem', width: '*' },
    { key: 'user', header: 'Usuário' },
    { key: 'session', header: 'Sessão' },
    { key: 'metadata', header: 'Metadados', width: '*' },
  ],
  async *rows(query) {
    let cursor: string | undefined;
    do {
      const page = await Logs.entries({ ...query, cursor, limit: 100 });
      yield page.items.map((e) => ({ at: shown(e.at, page.timeZone), level: LEVELS[e.level] ?? e.level, message: e.message, user: e.userName ?? '', session: e.sessionId ?? '', metadata: JSON.stringify(e.metadata) }));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  },
  filters: (query) => [
    { label: 'Período', value: query.from ? `${query.from} a ${query.until ?? 'hoje'}` : query.until ? `7 dias até ${query.until}` : 'últimos 7 dias' },
    ...(query.level ? [{ label: 'Nível', value: LEVELS[query.level]! }] : []),
    ...(query.q ? [{ label: 'Busca', value: query.q }] : []),
  ],
});
