import { StorePaymentsUpdate, StoreTexts, type StorePaymentsAccount } from '@ev/shared/schemas/store';
import { timestamp } from '../clock';
import { authorize, currentActor } from '../context';
import { versionConflict } from '../db/records';
import { env } from '../env';
import { DomainError, fieldError } from '../errors';
import { Logs } from '../logs';
import { Ports } from '../ports';
import { MercadoPagoProcessor } from '../ports/mercadopago';
import type { PaymentProcessor } from '../ports/payments';
import { seal, unseal } from '../secrets';
import { parseInput } from '../validation';
import { StoreRepository, type StorePaymentsRecord } from './repository';

/**
 * The company's store payments (docs/store.md "Payment"): which processor issues its Pix (the
 * sandbox until the administrator sets Mercado Pago with the company's own access token and
 * webhook secret, both sealed, never answered back), and the processor a Pix or a notice is for.
 */
const sealContext = (tenantId: string, field: string) => `store-payments:${tenantId}:${field}`;

const invalid = (field: string, said: ReturnType<typeof StoreTexts.mpAccessToken>) => new DomainError('validation', said, 'validation', { fields: [fieldError(field, said)] });

function publicAccount(tenantId: string, r: StorePaymentsRecord | undefined): StorePaymentsAccount {
  return {
    processor: r?.processor ?? 'sandbox',
    hasAccessToken: !!r?.accessToken,
    hasWebhookSecret: !!r?.webhookSecret,
    webhookUrl: `${env().PUBLIC_URL.replace(/\/$/, '')}/api/payments/mercadopago/${tenantId}/webhook`,
    updatedAt: r?.updatedAt ?? null,
    version: r?.version ?? null,
  };
}

/** GET /company/store-payments (read `admin`). */
async function account(): Promise<StorePaymentsAccount> {
  authorize('read', 'admin');
  return publicAccount(currentActor().tenantId, await StoreRepository.payments());
}

/** PUT /company/store-payments (update `admin`): over the version read; Mercado Pago needs its token and its secret before its first save. */
async function saveAccount(raw: unknown): Promise<StorePaymentsAccount> {
  authorize('update', 'admin');
  const input = parseInput(StorePaymentsUpdate, raw);
  const { tenantId, userId } = currentActor();
  const before = await StoreRepository.payments();
  if ((before?.version ?? null) !== (input.version ?? null)) throw versionConflict();
  const accessToken = input.accessToken ? seal(input.accessToken, sealContext(tenantId, 'accessToken')) : (before?.accessToken ?? null);
  const webhookSecret = input.webhookSecret ? seal(input.webhookSecret, sealContext(tenantId, 'webhookSecret')) : (before?.webhookSecret ?? null);
  if (input.processor === 'mercadopago' && !accessToken) throw invalid('accessToken', StoreTexts.mpAccessToken());
  if (input.processor === 'mercadopago' && !webhookSecret) throw invalid('webhookSecret', StoreTexts.mpWebhookSecret());
  const after: StorePaymentsRecord = { processor: input.processor, accessToken, webhookSecret, updatedAt: timestamp(), updatedBy: userId ?? null, version: (before?.version ?? 0) + 1 };
  await StoreRepository.savePayments(after, before?.version ?? null, versionConflict);
  Logs.audit('store.payments_saved', { processor: after.processor });
  return publicAccount(tenantId, after);
}

/** The company's Mercado Pago from its stored credentials (undefined: none kept). */
function mercadoPago(tenantId: string, r: StorePaymentsRecord | undefined): PaymentProcessor | undefined {
  if (!r?.accessToken || !r.webhookSecret) return undefined;
  return new MercadoPagoProcessor({ accessToken: unseal(r.accessToken, sealContext(tenantId, 'accessToken')), webhookSecret: unseal(r.webhookSecret, sealContext(tenantId, 'webhookSecret')), baseUrl: env().MERCADOPAGO_BASE_URL, timeoutMs: env().MERCADOPAGO_TIMEOUT_MS });
}

/** Whether this installation offers the sandbox processor (never in production: nothing it confirms is money). */
const sandboxOn = () => env().STORE_SANDBOX === 'on';

/**
 * The processor that issues the company's next Pix: its Mercado Pago once set, else the sandbox
 * where the installation offers it; undefined: the store takes no Pix (only the condition's terms).
 */
async function processorOf(): Promise<PaymentProcessor | undefined> {
  const r = await StoreRepository.payments();
  return (r?.processor === 'mercadopago' ? mercadoPago(currentActor().tenantId, r) : undefined) ?? (sandboxOn() ? Ports.sandbox() : undefined);
}

/** The processor a notice names, with the company's credentials (a Pix issued before a change is still paid through it). */
async function processorNamed(name: string): Promise<PaymentProcessor | undefined> {
  if (name === 'sandbox') return sandboxOn() ? Ports.sandbox() : undefined;
  if (name === 'mercadopago') return mercadoPago(currentActor().tenantId, await StoreRepository.payments());
  return undefined;
}

export const StorePayments = { account, saveAccount, processorOf, processorNamed, sandboxOn };
