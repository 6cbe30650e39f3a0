import { busyConflict } from '../db/tx';
import { NumberTaken, SalesRepository } from './repository';

/** Tries at the number when other processes keep taking it (AWS: other Lambda instances). */
export const NUMBER_ATTEMPTS = 10;

/** The tail of each company's line of numbering transactions in this process. */
const lines = new Map<string, Promise<void>>();
/** Numbering transactions each company has tried in this process: a counter read ahead before the last of them may be stale. */
const tried = new Map<string, number>();

/** The counter read ahead of the company's turn (`readAhead`), while the close does other work. */
export interface CounterAhead {
  tenantId: string;
  tried: number;
  previous: Promise<number | null>;
}

/**
 * Reads the company's last number now, at the same time as other work of the close (its
 * reservation), for `withNextNumber`: its first try takes it instead of reading in its turn, unless
 * a numbering of this process ran since (then it reads). Another process taking the number meanwhile
 * is the lost race `withNextNumber` already reads again after. A failed read is no read.
 */
export function readAhead(tenantId: string): CounterAhead {
  return { tenantId, tried: tried.get(tenantId) ?? 0, previous: SalesRepository.lastNumber().catch(() => null) };
}

/** Waits for the company's turn in this process; answers the function that ends it. */
async function turn(tenantId: string): Promise<() => void> {
  const before = lines.get(tenantId) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((r) => (done = r));
  const tail = before.then(() => mine);
  lines.set(tenantId, tail);
  await before;
  return () => {
    done();
    if (lines.get(tenantId) === tail) lines.delete(tenantId);
  };
}

/**
 * The next sale number (invariant 8, docs/sales.md "Closing"): `write(previous)` writes the sale as
 * `previous + 1` in one transaction with `SalesRepository.numberStep(previous)`, which fails with
 * `NumberTaken` when another close took that number first. In this process a company's closes take
 * their turn for it, one numbering transaction at a time, so they never lose the race to each
 * other: 50 closes at once are 50 transactions, not one round of 50 with 49 losers, then 48...
 * (before, a close that lost 8 rounds answered a 500). A close of another process may still take
 * the number meanwhile: the loser reads it again after a growing random pause, and after
 * NUMBER_ATTEMPTS answers a 409 the user can retry (the sale stays marked as closing with its stock
 * reserved, and the next close call or the sweep finishes it).
 */
export async function withNextNumber<T>(tenantId: string, write: (previous: number) => Promise<T>, ahead?: CounterAhead): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const end = await turn(tenantId);
    try {
      const known = attempt === 1 && ahead?.tenantId === tenantId && ahead.tried === (tried.get(tenantId) ?? 0) ? await ahead.previous : null;
      tried.set(tenantId, (tried.get(tenantId) ?? 0) + 1);
      return await write(known ?? (await SalesRepository.lastNumber()));
    } catch (e) {
      if (!(e instanceof NumberTaken)) throw e;
      if (attempt >= NUMBER_ATTEMPTS) throw busyConflict();
    } finally {
      end();
    }
    await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** Math.min(attempt, 7)));
  }
}
