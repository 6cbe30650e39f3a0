import { timestamp } from '../clock';
import { transact, type TxStep } from '../db/tx';
import { lineSteps, LineRejected, type MovementLine } from './ledger';
import { partPasses, partStep, type MarkerKey } from './repository';

/**
 * A pass over an order's chunks of movement lines (docs/inventory.md "Passes"): a reservation, its
 * release, delivery or compensation, a lending, its settlement. Its round trips do not grow with
 * the order: the first chunk goes with the marker's move to the pass's running state, every other
 * chunk goes at once, each in its own transaction with a part item beside the marker that records
 * which pass wrote it (on the condition that no pass at or after this one did: a chunk is written
 * once per pass), then the marker moves to the final state. An order of one chunk is one
 * transaction (its move goes straight to the final state); of two, two (the second chunk goes with
 * the final move).
 *
 * A pass cut off half-way (the process died, a network error) is finished by the next call from
 * the marker, still in the running state: the parts read, the chunks this pass has not written are
 * written. A compensation (`undoes`: a reserving pass that could not finish) takes back each chunk
 * that pass wrote and closes the others to it, so a write of that pass still in flight can no
 * longer land.
 */
export interface Pass {
  /** The marker's key: the parts sit beside it. */
  marker: MarkerKey;
  /** This pass's number: one more than the marker's last. */
  pass: number;
  /** The lines to write, in chunks of at most LINES_PER_CHUNK. */
  chunks: MovementLine[][];
  /** The marker's move that goes with the first chunk; null when the pass is resumed (the first chunk went with it). */
  begin: TxStep | null;
  /** The marker's move from the running state to the final one (orders of more than one chunk). */
  end: () => TxStep;
  /** A compensation: the pass whose chunks this one takes back. */
  undoes?: number;
}

/** `written`: the lines this call wrote; `chunk`: where a balance refused the pass (0: nothing written, the marker as it was). */
export type PassResult = { ok: true; written: number } | { ok: false; chunk: number; line: MovementLine };

/** What a forward pass reads of its marker: where it stands, its last pass and its round. */
export interface Marked<S extends string> {
  state: S;
  pass: number;
  round: number;
}

/**
 * A forward pass (a reservation, a lending): a new one over `marker` as read (none yet, or a round
 * that ended: a new round), or the one a marker in its `running` state holds, finished. `start`
 * makes the marker's step that goes with the first chunk (to `running`, or straight to `final` for
 * one chunk), `finish` its move from `running` to `final`.
 */
export async function forwardPass<S extends string>(o: {
  key: MarkerKey;
  marker: Marked<S> | undefined;
  running: S;
  final: S;
  chunks: MovementLine[][];
  start: (to: Marked<S>) => TxStep;
  finish: (pass: number) => TxStep;
}): Promise<{ result: PassResult; resumed: boolean; pass: number; round: number }> {
  const resumed = o.marker?.state === o.running;
  const pass = resumed ? o.marker!.pass : (o.marker?.pass ?? 0) + 1;
  const round = resumed ? o.marker!.round : (o.marker?.round ?? 0) + 1;
  const result = await runPass({
    marker: o.key,
    pass,
    chunks: o.chunks,
    begin: resumed ? null : o.start({ state: o.chunks.length > 1 ? o.running : o.final, pass, round }),
    end: () => o.finish(pass),
  });
  return { result, resumed, pass, round };
}

/** A part was not where this pass read it: read it again. */
class PartMoved extends Error {}

const ATTEMPTS = 4;

/**
 * Runs a pass; answers the line whose balance refused it (the chunk not written; the marker stays
 * in the running state for the caller to compensate or resume). Any other failure is thrown once
 * every chunk under way has ended. The marker's moves throw what their steps say (another writer
 * moved it).
 */
export async function runPass(p: Pass): Promise<PassResult> {
  const n = p.chunks.length;
  if (p.begin) {
    const at = timestamp();
    try {
      // The marker's move first: when another call moved it (and so the balances), that is the
      // failure reported, never a line's (transact names the first condition that failed).
      await transact([p.begin, ...p.chunks[0]!.flatMap((l, j) => lineSteps(l, j, at).steps)]);
    } catch (e) {
      if (e instanceof LineRejected) return { ok: false, chunk: 0, line: p.chunks[0]![e.index]! };
      throw e;
    }
    if (n === 1) return { ok: true, written: p.chunks[0]!.length };
  } else if (n === 1) {
    // Resumed with its only chunk written: the begin already moved the marker to the end.
    return { ok: true, written: 0 };
  }
  if (n === 2) {
    // Two chunks: the second goes with the marker's final move, whose condition guards it as a part
    // would (so a pass undone never wrote it: a compensation has nothing of it to take back).
    const at = timestamp();
    const lines = p.undoes === undefined ? p.chunks[1]! : [];
    try {
      await transact([p.end(), ...lines.flatMap((l, j) => lineSteps(l, j, at).steps)]);
    } catch (e) {
      if (e instanceof LineRejected) return { ok: false, chunk: 1, line: lines[e.index]! };
      throw e;
    }
    return { ok: true, written: (p.begin ? p.chunks[0]!.length : 0) + lines.length };
  }
  // A fresh pass writes every chunk; a resumed one or a compensation reads where each stands first.
  const rest = p.chunks.map((_, i) => i).slice(1);
  const known = p.begin && p.undoes === undefined ? null : await partPasses(p.marker, rest);
  const settled = await Promise.allSettled(rest.map((i, k) => writePart(p, i, known?.[k])));
  let refused: PassResult | null = null;
  let written = p.begin ? p.chunks[0]!.length : 0;
  for (const s of settled) {
    if (s.status === 'rejected') throw s.reason;
    if (!s.value.ok) refused ??= s.value;
    else written += s.value.written;
  }
  if (refused) return refused;
  await transact([p.end()]);
  return { ok: true, written };
}

/** Chunk `i` of the pass written once: its lines and its part, or (a compensation) taken back or closed. */
async function writePart(p: Pass, i: number, read: number | undefined): Promise<PassResult> {
  let was = read;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (was !== undefined && was >= p.pass) return { ok: true, written: 0 };
    const at = timestamp();
    const lines = p.chunks[i]!;
    const moved = () => new PartMoved();
    // A compensation writes lines only for a chunk the pass it undoes wrote; another chunk it closes to that pass.
    const steps: TxStep[] =
      p.undoes === undefined
        ? [partStep(p.marker, i, p.pass, at, { below: p.pass }, moved), ...lines.flatMap((l, j) => lineSteps(l, j, at).steps)]
        : was === p.undoes
          ? [partStep(p.marker, i, p.pass, at, { equals: p.undoes }, moved), ...lines.flatMap((l, j) => lineSteps(l, j, at).steps)]
          : [partStep(p.marker, i, p.pass, at, { below: p.undoes }, moved)];
    try {
      await transact(steps);
      return { ok: true, written: steps.length > 1 ? lines.length : 0 };
    } catch (e) {
      if (e instanceof LineRejected) return { ok: false, chunk: i, line: lines[e.index]! };
      if (!(e instanceof PartMoved)) throw e;
      // Another call of the same pass wrote it, or (a compensation) a write of the pass undone landed meanwhile.
      was = (await partPasses(p.marker, [i]))[0]!;
    }
  }
  throw new Error(`chunk ${i} of pass ${p.pass} kept moving`);
}
