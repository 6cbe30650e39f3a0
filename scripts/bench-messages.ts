/**
 * The messages part of `npm run bench` (issue 16): one company on the sandbox provider with 300
 * clients; the time to accept a 300-recipient batch (the request: checks, the clients read, each
 * message built, the batch and its recipients written, the chunks queued), and the drain rate of
 * its chunks through the in-process queue against the sandbox (claim, daily count, send, write,
 * and the sandbox's statuses applied by webhook), without the pause Meta's throughput asks for and
 * with it. Then the conversations' search (issue 46, docs/messages.md "Search"): 1,000 numbers
 * no client has write in (through the webhook's step), and a search of the unknown numbers' list
 * by a name, by digits, and by a word no one has (which reads the page's cap of 1,000 pointers).
 * Figures only; the targets live in the issue.
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

  // The search: 1,000 unknown numbers, ten writing at a time.
  const { applyInbound } = await import('../packages/core/src/messages/replies');
  const { MessagesRepository } = await import('../packages/core/src/messages/repository');
  const { Clock } = await import('../packages/core/src/clock');
  const numbers = Array.from({ length: 1000 }, (_, i) => `5511${String(970_000_000 + i * 7)}`);
  await runAs({ tenantId: p.tenant.id }, async () => {
    for (let i = 0; i < numbers.length; i += 10) {
      await Promise.all(
        numbers.slice(i, i + 10).map((from, k) => {
          const id = `inbound:wamid.BENCH${i + k}`;
          const at = new Date(Date.now() - (numbers.length - i - k) * 60_000).toISOString();
          return applyInbound({ id, from, name: i + k === 5 ? 'Dona Cida Peçanha' : 'Contato Silva', text: 'Bom dia, manda 10 cx de água', at }, MessagesRepository.eventClaimStep(id, Clock.seconds()));
        }),
      );
    }
  });
  const search = async (q: string) => {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < Math.max(10, opts.rounds * 4); i++) {
      const t0 = performance.now();
      found = (await runAs(admin, () => Messages.conversations({ kind: 'unknown', q, limit: 20 }))).items.length;
      times.push(performance.now() - t0);
    }
    return `p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms (${found} found)`;
  };
  const byName = await search('pecanha');
  const byDigits = await search('970000035');
  const none = await search('inexistente');

  return [
    `Accept a 300-recipient batch (${opts.rounds} batches, in process): p50 ${pct(accept, 50).toFixed(0)} ms, p95 ${pct(accept, 95).toFixed(0)} ms`,
    `Drain its 12 chunks against the sandbox, statuses by webhook included: p50 ${pct(drain, 50).toFixed(0)} ms (${rate(pct(drain, 50))} recipients/s), p95 ${pct(drain, 95).toFixed(0)} ms`,
    `The same with the default pause between a chunk's sends (${process.env.WHATSAPP_SEND_INTERVAL_MS ?? 100} ms): ${(paced / 1000).toFixed(1)} s for 300 (${rate(paced)} recipients/s)`,
    `Search 1,000 unknown numbers' conversations, a page of 20 (in process): by an old contact's name ${byName}; by digits ${byDigits}; by a word no one has (the 1,000-pointer cap read) ${none}`,
  ];
}
