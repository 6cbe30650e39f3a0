import type { Client } from '@ev/shared/schemas/clients';
import { authorize, currentUserActor } from '../context';
import { Scope } from '../scope';
import { creditOf, financialTotals } from './financial';
import { clientScope } from './index';
import { companyToday, publicInstallment } from './installments';
import { ClientScopes, ClientsRepository, InstallmentsRepository, publicClient } from './repository';

/** A client's financial summary as a device keeps it (docs/offline.md). */
export interface FinancialSummary {
  open: string;
  expired: string;
  toExpire: string;
  creditAvailable: string | null;
}

/** How many clients' installments are read side by side. */
const PARALLEL = 16;

/**
 * The clients of the user's own portfolio (the offline module, docs/offline.md): a salesman his
 * own, a supervisor his team's; a user whose scope is the whole company (staff, administrators)
 * the clients he is the salesman of, so a device never holds a company's clients. At most `max`,
 * by name; `truncated` when there were more. Each whole, with its financial summary.
 */
export async function portfolio(max: number): Promise<{ clients: (Client & { financial: FinancialSummary })[]; truncated: boolean }> {
  authorize('read', 'clientes');
  const scope = await clientScope();
  const owners = Scope.listOwners(scope).owners ?? [currentUserActor().userId];
  const ids: string[] = [];
  let cursor: string | undefined;
  let truncated = false;
  const query = `offline-portfolio|${owners.join(',')}`;
  do {
    const page = await ClientsRepository.list(owners.map(ClientScopes.salesman), { cursor, limit: 100, query });
    ids.push(...page.items.map((i) => i.id));
    cursor = page.nextCursor ?? undefined;
    if (ids.length > max) {
      truncated = true;
      break;
    }
  } while (cursor);
  const [records, { today }] = await Promise.all([ClientsRepository.getMany(ids.slice(0, max)), companyToday()]);
  const financial = new Map<string, FinancialSummary>();
  for (let at = 0; at < records.length; at += PARALLEL) {
    await Promise.all(
      records.slice(at, at + PARALLEL).map(async (c) => {
        const totals = financialTotals((await InstallmentsRepository.all(c.id)).map((r) => publicInstallment(r, today)));
        financial.set(c.id, { open: totals.open, expired: totals.expired, toExpire: totals.toExpire, creditAvailable: creditOf(c.creditLimit, totals.open).available });
      }),
    );
  }
  return { clients: records.map((c) => ({ ...publicClient(c), financial: financial.get(c.id)! })), truncated };
}
