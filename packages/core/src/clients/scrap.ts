import Decimal from 'decimal.js';
import { FinancialTexts, ScrapEntryInput, ScrapQuery, type ScrapEntry, type ScrapLedger } from '@ev/shared/schemas/financial';
import { timestamp } from '../clock';
import { authorize, currentActor } from '../context';
import { notFound } from '../db/records';
import { transact } from '../db/tx';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { Logs } from '../logs';
import { parseInput } from '../validation';
import { Clients } from './index';
import { ClientsRepository, ScrapRepository, type ClientRecord, type ScrapRecord } from './repository';

/**
 * The client's scrap (sucata) ledger, in kg with 3 places (spec section 3: scrap balance with
 * entries: history, credit, debit, type). The balance lives on the client item (`scrapBalance`) and
 * moves in the same transaction as the entry is written, on the condition that it still holds the
 * value read: two concurrent entries never lose one another; the loser reads again and retries.
 * Each entry stores the balance right after it, so the ledger shows a running balance without
 * reading the whole history. Bookkeeping, not an edit: the client's `version` does not move.
 */

const ATTEMPTS = 12;
const kg = (d: Decimal) => d.toFixed(3, Decimal.ROUND_HALF_UP);

class LostRace extends Error {}

function publicEntry(r: ScrapRecord): ScrapEntry {
  return { id: r.id, at: r.at, history: r.history, type: r.entryType, credit: r.credit, debit: r.debit, balance: r.balance, userId: r.userId };
}

/** The client's balance as stored (absent until the first entry: zero). */
export const scrapBalanceOf = (c: Pick<ClientRecord, 'scrapBalance'>) => kg(new Decimal(c.scrapBalance ?? '0'));

async function add(clientId: string, raw: unknown): Promise<{ balance: string; entry: ScrapEntry }> {
  authorize('update', 'clientes');
  const input = parseInput(ScrapEntryInput, raw);
  let { client } = await Clients.visible(clientId);
  const userId = currentActor().userId ?? null;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const read = client.scrapBalance;
    const after = kg(new Decimal(read ?? '0').plus(input.credit).minus(input.debit));
    // Id and time are taken after the read: entries that win sort in the order they were written.
    const id = newId();
    const at = timestamp();
    const record = ScrapRepository.entry(client.id, { id, at, history: input.history, entryType: input.type, credit: input.credit, debit: input.debit, balance: after, userId });
    try {
      await transact(ScrapRepository.addSteps(client.id, record, read, () => new LostRace()));
      Logs.audit('clients.scrap.add', { clientId: client.id, entryId: id });
      return { balance: after, entry: publicEntry(record) };
    } catch (e) {
      if (!(e instanceof LostRace)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * Math.min(attempt, 5)));
      const again = await ClientsRepository.get(client.id);
      if (!again) throw notFound();
      client = again;
    }
  }
  throw new DomainError('conflict.busy', FinancialTexts.scrapBusy(), 'conflict');
}

/** The ledger, newest first, a page at a time (a signed cursor), with the current balance. */
async function ledger(clientId: string, raw: unknown = {}): Promise<ScrapLedger> {
  authorize('read', 'clientes');
  const q = parseInput(ScrapQuery, raw);
  const { client } = await Clients.visible(clientId);
  const page = await ScrapRepository.page(client.id, { cursor: q.cursor, limit: q.limit, query: `scrap|${client.id}` });
  return { balance: scrapBalanceOf(client), entries: page.items.map(publicEntry), nextCursor: page.nextCursor };
}

export const Scrap = { add, ledger };
