import { createHash } from 'node:crypto';
import { DEFAULT_DAILY_TIER, dailyLimitOf, MessageTexts, type DailyTier, type MessagingAccount } from '@ev/shared/schemas/messages';
import { runAs } from '../context';
import { env } from '../env';
import { DomainError } from '../errors';
import { Ports } from '../ports/index';
import { CloudApiProvider, type MessagingProviderPort } from '../ports/whatsapp';
import { derivedSecret, unseal } from '../secrets';
import { MessagesRepository, type AccountRecord } from './repository';
import { SandboxProvider } from './sandbox';
import { readWebhook, signatureOf, validSignature } from './webhook';

/**
 * The company's provider account as the rest of the module uses it (issue 16, docs/messages.md):
 * whether it can send, its daily limit, the adapter that reaches it, and the webhook's intake.
 */

/** The queue message that applies a webhook delivery's events (the `messages` job family). */
export const WEBHOOK_JOB = 'messages.webhook';

export const sealContext = (tenantId: string, field: 'accessToken' | 'appSecret') => `${tenantId}:messaging.${field}`;
/** The token Meta's panel asks for when the company registers its webhook. */
export const verifyTokenOf = (tenantId: string) => derivedSecret('whatsapp.verify', tenantId);
/** The app secret the sandbox signs its playback with (the company types none for it). */
const sandboxSecretOf = (tenantId: string) => derivedSecret('whatsapp.sandbox', tenantId);

/** The daily limit the sends keep to: the administrator's, else the account's tier read at the last test. */
export function dailyTierOf(a: AccountRecord | undefined): DailyTier {
  if (!a) return DEFAULT_DAILY_TIER;
  if (a.dailyTier !== 'account') return a.dailyTier;
  if (a.provider === 'sandbox') return a.lastCheck?.tier ?? '2000';
  return a.lastCheck?.tier ?? DEFAULT_DAILY_TIER;
}

/** Whether a send can start: the sandbox always, the Cloud API with its ids, token and secret. */
export function configured(a: AccountRecord | undefined): a is AccountRecord {
  if (!a) return false;
  return a.provider === 'sandbox' || Boolean(a.phoneNumberId && a.businessAccountId && a.accessToken && a.appSecret);
}

export function publicAccount(tenantId: string, a: AccountRecord | undefined): MessagingAccount {
  return {
    provider: a?.provider ?? null,
    configured: configured(a),
    phoneNumberId: a?.phoneNumberId ?? null,
    businessAccountId: a?.businessAccountId ?? null,
    accessTokenSet: Boolean(a?.accessToken),
    appSecretSet: Boolean(a?.appSecret),
    verifyToken: verifyTokenOf(tenantId),
    webhookUrl: `${env().PUBLIC_URL.replace(/\/+$/, '')}/api/webhooks/whatsapp/${tenantId}`,
    dailyTier: a?.dailyTier ?? 'account',
    dailyLimit: dailyLimitOf(dailyTierOf(a)),
    lastCheck: a?.lastCheck ?? null,
    updatedAt: a?.updatedAt ?? null,
    version: a?.version ?? 0,
  };
}

/**
 * The adapter for the company's account: the sandbox in process, or the Cloud API with the
 * unsealed credentials. The sandbox's playback goes through the webhook's intake, signed as Meta
 * signs, so it takes the same path as a real delivery.
 */
export function providerFor(tenantId: string, a: AccountRecord): MessagingProviderPort {
  if (a.provider === 'sandbox') {
    return new SandboxProvider(async (payload) => {
      const raw = JSON.stringify(payload);
      await receiveWebhook(tenantId, raw, signatureOf(raw, sandboxSecretOf(tenantId)));
    });
  }
  return new CloudApiProvider({
    phoneNumberId: a.phoneNumberId ?? '',
    businessAccountId: a.businessAccountId ?? '',
    accessToken: a.accessToken ? unseal(a.accessToken, sealContext(tenantId, 'accessToken')) : '',
  });
}

/** Queues a verified delivery's events; the same body delivered twice is one job. */
async function intake(tenantId: string, rawBody: string): Promise<'accepted' | 'invalid'> {
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    return 'invalid';
  }
  const events = readWebhook(payload);
  if (events === null) return 'invalid';
  if (events.length === 0) return 'accepted';
  const digest = createHash('sha256').update(rawBody).digest('base64url');
  await Ports.queue().send({ type: WEBHOOK_JOB, tenantId, idempotencyKey: `webhook:${digest}`, payload: { events } });
  return 'accepted';
}

/** The company's account, set up for sending: 409 with the spec's "not configured" text otherwise. */
export async function readyAccount(): Promise<AccountRecord> {
  const account = await MessagesRepository.account();
  if (!configured(account)) throw new DomainError('messages.not_configured', MessageTexts.notConfigured(), 'conflict');
  return account;
}

/** The provider and the daily limit of a company's sends (system callers: the send's queue messages). */
export async function sendingAccount(tenantId: string): Promise<{ provider: MessagingProviderPort; dailyLimit: number | null }> {
  const account = await readyAccount();
  return { provider: providerFor(tenantId, account), dailyLimit: dailyLimitOf(dailyTierOf(account)) };
}

/**
 * A delivery to the company's webhook: checked against the account's app secret over the raw
 * body (`unauthorized`: nothing stored), then queued. System caller: a public route.
 */
export function receiveWebhook(tenantId: string, rawBody: string, signature: string | null | undefined): Promise<'accepted' | 'unauthorized' | 'invalid'> {
  return runAs({ tenantId }, async () => {
    const account = await MessagesRepository.account();
    if (!account) return 'unauthorized';
    const secret = account.provider === 'sandbox' ? sandboxSecretOf(tenantId) : account.appSecret ? unseal(account.appSecret, sealContext(tenantId, 'appSecret')) : null;
    if (!secret || !validSignature(rawBody, signature, secret)) return 'unauthorized';
    return intake(tenantId, rawBody);
  });
}
