import type { Said } from '@ev/shared/texts';
import { Clock } from '../clock';
import { DomainError } from '../errors';
import { LimitsRepository } from './repository';

/**
 * A throttle of attempts (the logins', a sale's delivery link's): counted in the table per subject
 * (an account, an address, a link) in fixed windows; once a subject's count reaches its limit, every
 * attempt of that subject is refused (429, `Retry-After` to the window's end) until the window ends.
 * Platform items (the subject is known before the company is), removed by the table's TTL a window
 * after their own. What counts (a failure only, or every attempt) is the caller's: `count`.
 */
export interface ThrottleConfig<K extends string> {
  /** The items' prefix (`LOGIN`, `DELIVERY`). */
  name: string;
  windowSeconds: number;
  /** The attempts a subject of each kind may count in a window. */
  limits: Record<K, number>;
  /** The refusal: its code and text. */
  code: string;
  text: () => Said;
}

export type Subjects<K extends string> = Partial<Record<K, string | null>>;

export function throttle<K extends string>(config: ThrottleConfig<K>) {
  const windowOf = () => Math.floor(Clock.seconds() / config.windowSeconds);
  const present = (subjects: Subjects<K>) => (Object.entries(subjects) as [K, string | null | undefined][]).flatMap(([kind, value]) => (value ? [{ kind, value }] : []));
  return {
    /** 429 when any of the subjects has spent its window's attempts. */
    async assertOpen(subjects: Subjects<K>): Promise<void> {
      const w = windowOf();
      const targets = present(subjects);
      const counts = await LimitsRepository.counts(config.name, targets, w);
      if (targets.some((t, i) => counts[i]! >= config.limits[t.kind])) {
        const retryAfter = (w + 1) * config.windowSeconds - Clock.seconds();
        throw new DomainError(config.code, config.text(), 'throttled', { details: { retryAfter } });
      }
    },
    /** Counts one attempt of each subject in the window. */
    async count(subjects: Subjects<K>): Promise<void> {
      const w = windowOf();
      await LimitsRepository.addAttempt(config.name, present(subjects), w, (w + 2) * config.windowSeconds);
    },
    /** Forgets a subject's count of the window (a login that succeeded clears its account's failures). */
    async clear(kind: K, value: string): Promise<void> {
      await LimitsRepository.clearAttempts(config.name, kind, value, windowOf());
    },
  };
}
