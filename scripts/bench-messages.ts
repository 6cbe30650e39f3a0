/**
 * The messages part of `npm run bench` (issue 16): one company on the sandbox provider with 300
 * clients; the time to accept a 300-recipient batch (the request: checks, the clients read, each
 * message built, the batch and its recipients written, the chunks queued), and the drain rate of
 * its chunks through the in-process queue against the sandbox (claim, daily count, send, write,
 * and the sandbox's statuses applied by webhook), without the pause Meta's throughput asks for and
 * with it. Figures only; the targets live in the issue.
 */
import { performance } from 'node:perf_hooks';
import { pct } from './bench-stats';
import { benchCompany } from './bench-setup';

export async function benchMessages(opts: { rounds: number }): Promise<string[]> {
  const { runAs } = await import('../packages/core/src/context');
  const { Auth } = await import('../packages/core/src/auth');
  const { Clients } = await import('../packages/core/src/clients');
  const { Messages } = await import('../packages/core/src/messages');
  const { registerJobHandlers } = await import('../packages/core/src/wiring/worker');
  const { Ports } = await import('../packages/core/src/ports');
  const { resetEnv } = await import('../packages/core/src/env');
  type Drainable = { drain(): Promise<void> };
  registerJobHandlers();

  const { p } = await benchCompany({ name: 'Mensagens', domain: 'mensagens' });
  const clientIds = await runAs({ tenantId: p.tenant.id }, () =>
    Clients.seedMany(Array.from({ length: 300 }, (_, i) => ({ input: { name: `Cliente ${i}`, phone1: `1497${String(1_000_000 + i * 13).slice(-7)}`, birthDate: '1980-01-01', marketingOptIn: true } }))),
  );
  const admin = await Auth.authenticate((await Auth.login({ email: 'admin@mensagens.bench', password: 'bench-1234' }, null)).accessToken);
  const queue = Ports.queue() as unknown as Drainable;
  const templateId = await runAs(admin, async () => {
    await Messages.updateAccount({ provider: 'sandbox', dailyTier: 'unlimited' });
    const t = await Messages.createTemplate({ name: 'aviso_bench', category: 'utility', language: 'pt_BR', body: 'Olá {{1}}, o seu pedido saiu.', bodyExamples: ['Ana'] });
    await queue.drain();
    return t.id;
  });
  const body = { templateId, body: [{ source: 'name' }], clientIds };

  const accept: number[] = [];
  const drain: number[] = [];
  const before = process.env.WHATSAPP_SEND_INTERVAL_MS;
  process.env.WHATSAPP_SEND_INTERVAL_MS = '0';
  resetEnv();
  for (let i = 0; i < opts.rounds; i++) {
    const t0 = performance.now();
    await runAs(admin, () => Messages.createBatch(body));
    const t1 = performance.now();
    await queue.drain();
    accept.push(t1 - t0);
    drain.push(performance.now() - t1);
  }
  // One batch with the default pause between a chunk's sends (100 ms: Meta's throughput).
  if (before === undefined) delete process.env.WHATSAPP_SEND_INTERVAL_MS;
  else process.env.WHATSAPP_SEND_INTERVAL_MS = before;
  resetEnv();
  const t2 = performance.now();
  await runAs(admin, () => Messages.createBatch(body));
  await queue.drain();
  const paced = performance.now() - t2;

  const rate = (ms: number) => (300 / (ms / 1000)).toFixed(0);
  return [
    `Accept a 300-recipient batch (${opts.rounds} batches, in process): p50 ${pct(accept, 50).toFixed(0)} ms, p95 ${pct(accept, 95).toFixed(0)} ms`,
    `Drain its 12 chunks against the sandbox, statuses by webhook included: p50 ${pct(drain, 50).toFixed(0)} ms (${rate(pct(drain, 50))} recipients/s), p95 ${pct(drain, 95).toFixed(0)} ms`,
    `The same with the default pause between a chunk's sends (${process.env.WHATSAPP_SEND_INTERVAL_MS ?? 100} ms): ${(paced / 1000).toFixed(1)} s for 300 (${rate(paced)} recipients/s)`,
  ];
}
