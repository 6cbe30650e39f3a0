import { portfolio } from './portfolio';
import { sync } from './sync';

/**
 * Offline field work (issue 45, docs/offline.md): the portfolio a salesperson's device keeps,
 * brought up to date by changes since its last sync (`portfolio`), and the queue of what was done
 * without signal, sent in order, each item once per key (`sync`). Both are reached by a request
 * and check their subjects; the clients, sales and schedulings they call check theirs again.
 */
export const Offline = { portfolio, sync };
export type { SyncOutcome } from './sync';
