/**
 * What the bench parts that ask the API through the local HTTP server share: a count of what each
 * request costs DynamoDB (calls, waits: round trips one after another, and items read:
 * ScannedCount, BatchGet and GetItem items) and the process's CPU, and the measure of one GET over
 * `rounds` requests.
 * The server runs in the bench's process, one request at a time, so the counts are the request's.
 */
import { performance } from 'node:perf_hooks';
import type { Row } from './bench-clients';
import { pct } from './bench-stats';

export async function dynamoMeter() {
  const { dynamoClient } = await import('../packages/core/src/db/client');
  const io = { calls: 0, waits: 0, items: 0, inFlight: 0 };
  dynamoClient().middlewareStack.add(
    (next) => async (args) => {
      io.calls++;
      if (io.inFlight++ === 0) io.waits++;
      try {
        const out = await next(args);
        const o = out.output as { ScannedCount?: number; Responses?: Record<string, unknown[]>; Item?: unknown };
        io.items += o.ScannedCount ?? (o.Responses ? Object.values(o.Responses).reduce((n, r) => n + r.length, 0) : o.Item ? 1 : 0);
        return out;
      } finally {
        io.inFlight--;
      }
    },
    { step: 'initialize', name: `benchMeter${Math.random()}` },
  );
  const mark = () => ({ ...io, cpu: process.cpuUsage() });
  /** Per request since `m`: DynamoDB calls, waits and items read, and this process's CPU (the API's work, the server being in process). */
  const since = (m: ReturnType<typeof mark>, n: number) => {
    const cpu = process.cpuUsage(m.cpu);
    const per = (v: number) => (v / n).toFixed(v % n === 0 ? 0 : 1);
    return `${per(io.calls - m.calls)} DynamoDB calls in ${per(io.waits - m.waits)} waits, ${per(io.items - m.items)} items; CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} ms`;
  };
  return { mark, since };
}

/** Measures GET `path` (with `token`) over `rounds` requests after five unmeasured ones (the JIT's warm-up), as one row. */
export async function measureGet(opts: { base: string; token: string; path: string; label: string; rounds: number; meter: Awaited<ReturnType<typeof dynamoMeter>> }): Promise<Row> {
  const auth = { authorization: `Bearer ${opts.token}` };
  for (let i = 0; i < 5; i++) await (await fetch(`${opts.base}${opts.path}`, { headers: auth })).arrayBuffer();
  const times: number[] = [];
  let count = 0;
  let more = false;
  const m = opts.meter.mark();
  for (let i = 0; i < opts.rounds; i++) {
    const s = performance.now();
    const r = await fetch(`${opts.base}${opts.path}`, { headers: auth });
    const body = (await r.json()) as { items?: unknown[]; nextCursor?: string | null };
    times.push(performance.now() - s);
    if (r.status !== 200) throw new Error(`${opts.path} answered ${r.status}: ${JSON.stringify(body)}`);
    count = body.items?.length ?? 0;
    more = Boolean(body.nextCursor);
  }
  return { path: `${opts.label} (GET ${decodeURIComponent(opts.path)})`, p50: pct(times, 50), p95: pct(times, 95), read: `returned ${count}${more ? ' + cursor' : ''}; per request ${opts.meter.since(m, opts.rounds)}` };
}
