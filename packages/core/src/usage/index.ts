import { timestamp } from '../clock';
import { readShard, streamShards, type Change } from '../db/stream';
import { itemSize } from '../db/item-size';
import { entityOf } from './kinds';
import { UsageRepository, type Checkpoint, type Figures } from './repository';

export type { Figures } from './repository';

/**
 * Each company's usage (issue 42 item 3, docs/admin.md "Usage"): its items and bytes per kind,
 * counted from the table's stream (every change with the item before and after) into one platform
 * item per company, never by scanning the table. A change is counted once: each shard's checkpoint
 * moves in the same transaction as the figures, on the condition that it is still where it was
 * read. `catchUp` runs beside the product (locally every few seconds; on AWS each minute, infra/jobs.ts).
 */

/** The scheduled count on AWS (infra/jobs.ts, each minute); locally the start runs `catchUp` itself. */
export const USAGE_JOB = 'platform.usage';

/** At most this many companies' figures in one transaction (with the checkpoint: DynamoDB's 100 actions). */
const COMPANIES_PER_TX = 99;

function add(deltas: Map<string, Map<string, Figures>>, tenantId: string, kind: string, items: number, bytes: number) {
  let kinds = deltas.get(tenantId);
  if (!kinds) deltas.set(tenantId, (kinds = new Map()));
  const f = kinds.get(kind) ?? { items: 0, bytes: 0 };
  f.items += items;
  f.bytes += bytes;
  kinds.set(kind, f);
}

/** What one change moves: an item more or less and its bytes, or the difference of its bytes. */
function deltaOf(c: Change): { tenantId: string; kind: string; items: number; bytes: number } | null {
  const owner = entityOf(c.pk, c.sk);
  if (!owner) return null;
  const before = c.oldImage ? itemSize(c.oldImage) : 0;
  const after = c.newImage ? itemSize(c.newImage) : 0;
  const items = c.event === 'INSERT' ? 1 : c.event === 'REMOVE' ? -1 : 0;
  return { tenantId: owner.tenantId, kind: owner.entity, items, bytes: after - before };
}

/** Counts one shard's changes from its checkpoint; `lost` when another reader moved it meanwhile (it counts them). */
async function catchUpShard(shardId: string, max: number): Promise<{ changes: number; lost: boolean; trimmed: boolean }> {
  let read = await UsageRepository.checkpoint(shardId);
  const { changes, trimmed } = await readShard(shardId, read?.rawSeq ?? null, max);
  let i = 0;
  while (i < changes.length) {
    const deltas = new Map<string, Map<string, Figures>>();
    let last: Change | undefined;
    for (; i < changes.length; i++) {
      const c = changes[i]!;
      // Changes before the checkpoint (a page read again) are not counted twice.
      if (read && c.seq <= read.seq) continue;
      const d = deltaOf(c);
      if (d && !deltas.has(d.tenantId) && deltas.size >= COMPANIES_PER_TX) break;
      if (d) add(deltas, d.tenantId, d.kind, d.items, d.bytes);
      last = c;
    }
    if (!last) break;
    const to: Checkpoint = { seq: last.seq, rawSeq: last.rawSeq };
    if (!(await UsageRepository.apply(shardId, read, to, deltas, timestamp()))) return { changes: i, lost: true, trimmed };
    read = to;
  }
  return { changes: changes.length, lost: false, trimmed };
}

export interface UsageOfCompany {
  items: number;
  bytes: number;
  kinds: { kind: string; items: number; bytes: number }[];
}

export const Usage = {
  /**
   * Counts the stream's changes not yet counted, shard after shard (parents first), up to about
   * `max` changes a shard. Answers how many were read, and whether changes were lost to the
   * stream's 24 hours (the figures then need `rebuild`).
   */
  async catchUp(max = 50_000): Promise<{ changes: number; trimmed: boolean }> {
    let changes = 0;
    let trimmed = false;
    for (const shard of await streamShards()) {
      const r = await catchUpShard(shard.id, max);
      changes += r.changes;
      trimmed ||= r.trimmed;
    }
    return { changes, trimmed };
  },

  /** Whether the stream was ever counted here (a data folder made before the stream was not: it needs a `rebuild`). */
  counted: () => UsageRepository.anyCheckpoint(),

  /**
   * Follows the stream beside the product (the local start): a `catchUp` every `everyMs`, one at a
   * time. Answers the function that stops it.
   */
  follow(everyMs = 3000, onError: (e: unknown) => void = () => {}): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      Usage.catchUp()
        .catch(onError)
        .finally(() => {
          running = false;
        });
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  },

  /** The companies' usage (missing: nothing counted yet). */
  async of(tenantIds: string[]): Promise<Map<string, UsageOfCompany>> {
    const stored = await UsageRepository.usageOf(tenantIds);
    return new Map(
      [...stored].map(([id, kinds]) => {
        const list = [...kinds].map(([kind, f]) => ({ kind, items: f.items, bytes: f.bytes })).filter((k) => k.items !== 0 || k.bytes !== 0);
        list.sort((a, b) => b.bytes - a.bytes || a.kind.localeCompare(b.kind));
        return [id, { items: list.reduce((s, k) => s + k.items, 0), bytes: list.reduce((s, k) => s + k.bytes, 0), kinds: list }];
      }),
    );
  },

  /**
   * Counts every company's usage again from the table itself (one parallel scan): for a data folder
   * made before the stream, or changes the stream no longer holds. Each shard is read to its end
   * first and its checkpoint set there: changes made while the scan runs may be counted twice (a
   * few items), never lost. An operator's action, rare.
   */
  async rebuild(): Promise<{ companies: number; items: number }> {
    const checkpoints = new Map<string, Checkpoint>();
    for (const shard of await streamShards()) {
      let from = await UsageRepository.checkpoint(shard.id);
      for (;;) {
        const { changes } = await readShard(shard.id, from?.rawSeq ?? null, 100_000);
        const last = changes.at(-1);
        if (!last) break;
        from = { seq: last.seq, rawSeq: last.rawSeq };
      }
      if (from) checkpoints.set(shard.id, from);
    }
    const usage = new Map<string, Map<string, Figures>>();
    let items = 0;
    await UsageRepository.scan((pk, sk, bytes) => {
      const owner = entityOf(pk, sk);
      if (!owner) return;
      add(usage, owner.tenantId, owner.entity, 1, bytes);
      items++;
    });
    await UsageRepository.replace(usage, checkpoints, timestamp());
    return { companies: usage.size, items };
  },
};
