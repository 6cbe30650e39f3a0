import os from 'node:os';
import { utcTimestamp } from '@ev/shared/calendar';
import type { ServerCard } from '@ev/shared/schemas/admin';
import { timestamp } from '../clock';
import { tableState } from '../db/table';
import { env } from '../env';
import { Ports } from '../ports';
import { listDeadLetters } from '../ports/dead-letters';
import { JOB_FAMILIES, jobFamily } from '../ports/job-families';
import { Tenants } from '../tenants';

/** How long a part may take to answer before the card calls it "not responding". */
export const PART_TIMEOUT_MS = 3000;

/** `fn`'s answer, or undefined when it fails or takes longer than the part's timeout. */
async function answered<T>(fn: () => Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), PART_TIMEOUT_MS);
  });
  try {
    return await Promise.race([fn().catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The machine's first address on the network (not the loopback), or null. */
function address(): string | null {
  for (const list of Object.values(os.networkInterfaces())) {
    const found = list?.find((a) => !a.internal && a.family === 'IPv4');
    if (found) return found.address;
  }
  return null;
}

/** Dead letters per job family, over the platform's and every company's lists (the tables' dead letters, docs/jobs.md). */
async function deadLettersByFamily(): Promise<Map<string, number>> {
  const ids = await Tenants.ids();
  const lists = await Promise.all([null, ...ids].map((id) => listDeadLetters(id, 1000)));
  const counts = new Map<string, number>();
  for (const letter of lists.flat()) counts.set(jobFamily(letter.type), (counts.get(jobFamily(letter.type)) ?? 0) + 1);
  return counts;
}

/**
 * The spec's server data card (docs/admin.md "Servers"): locally the running process, on AWS the
 * stage this API runs in (each stage's operators see their own). The table, the queues and the dead
 * letters are asked at once, each given three seconds; one that does not answer shows as "not
 * responding" and the others still show.
 */
export async function serverCards(): Promise<ServerCard[]> {
  const [table, depths, dead] = await Promise.all([answered(tableState), answered(async () => (await Ports.queue().depths?.()) ?? []), answered(deadLettersByFamily)]);
  const cpus = os.cpus();
  const deployedAt = process.env.EV_DEPLOYED_AT ? Date.parse(process.env.EV_DEPLOYED_AT) : NaN;
  const version = process.env.EV_VERSION || process.env.npm_package_version || 'local';
  const card: ServerCard = {
    name: process.env.AWS_LAMBDA_FUNCTION_NAME || os.hostname(),
    stage: process.env.EV_STAGE || 'local',
    version,
    region: process.env.AWS_LAMBDA_FUNCTION_NAME ? env().AWS_REGION : 'local',
    os: `${os.type()} ${os.release()}`,
    architecture: os.arch(),
    ip: address(),
    uptimeSeconds: Math.round(process.uptime()),
    memory: { totalMb: Math.round(os.totalmem() / 2 ** 20), freeMb: Math.round(os.freemem() / 2 ** 20), processMb: Math.round(process.memoryUsage().rss / 2 ** 20) },
    cpu: { model: cpus[0]?.model.trim() || os.arch(), cores: cpus.length, load: os.loadavg().map((l) => l.toFixed(2)) },
    // This answer is the API's: it answers.
    api: 'ok',
    table: table
      ? { name: table.name, state: table.status === 'ACTIVE' ? 'ok' : 'not_responding', status: table.status, pointInTimeRecovery: table.pointInTimeRecovery }
      : { name: env().TABLE_NAME, state: 'not_responding', status: null, pointInTimeRecovery: 'unknown' },
    queues: JOB_FAMILIES.map((f) => {
      const depth = depths?.find((d) => d.family === f.name);
      return {
        family: f.name,
        waiting: depth?.waiting ?? null,
        inFlight: depth?.inFlight ?? null,
        deadLetters: dead ? (dead.get(f.name) ?? 0) : null,
        state: depths && dead ? 'ok' : 'not_responding',
      };
    }),
    lastDeploy: Number.isFinite(deployedAt) ? { at: utcTimestamp(deployedAt), version } : null,
    checkedAt: timestamp(),
  };
  return [card];
}
