import type { Scheduling } from '@ev/shared/schemas/schedulings';
import { authorize, currentUserActor } from '../context';
import { publicScheduling, SchedulingScopes, SchedulingsRepository } from './repository';

/** The most schedulings of each list (to do, done) a device keeps. */
const MAX = 500;

/**
 * For the offline module (docs/offline.md): the user's own schedulings dated in a period (both
 * ends included), whole, to do and done: the key range of his two lists, then one BatchGet per 100.
 */
export async function ownSchedulings(from: string, until: string): Promise<Scheduling[]> {
  authorize('read', 'agendamentos');
  const { rows } = await SchedulingsRepository.inPeriod(SchedulingScopes.salesman(currentUserActor().userId), from, until, MAX);
  return (await SchedulingsRepository.getMany(rows.map((r) => r.id))).map(publicScheduling);
}
