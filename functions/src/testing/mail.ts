import { Ports } from '@ev/core/ports';
import { readOutbox } from '@ev/core/ports/email';
import type { LocalQueue } from '@ev/core/ports/local-queue';
import { expect } from 'vitest';

/** The outbox's messages to one address, after every queued job has run. */
export async function mailTo(email: string) {
  await (Ports.queue() as LocalQueue).drain();
  return (await readOutbox()).filter((m) => m.to === email);
}

/** The temporary password an e-mail gives (forgot-password, a welcome, an administrator's reset). */
export function temporaryPasswordIn(text: string): string {
  const match = /Sua senha temporária é: (\S+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}
