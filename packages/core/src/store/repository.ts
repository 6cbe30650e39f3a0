import { Keys } from '../db/keys';
import { queryAll } from '../db/query';
import { getItem } from '../db/records';
import { Tx, transact } from '../db/tx';

/** A client's login to the store: the e-mail it uses (its record's when granted) and its password's hash. */
export interface StoreLoginRecord {
  clientId: string;
  email: string;
  passwordHash: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** The company's store payment account as stored: the token and the secret sealed (secrets.ts). */
export interface StorePaymentsRecord {
  processor: 'sandbox' | 'mercadopago';
  accessToken: string | null;
  webhookSecret: string | null;
  updatedAt: string;
  updatedBy: string | null;
  version: number;
}

/** The store's accounts (docs/store.md "Accounts"): logins by e-mail, sessions by client; and the company's payment account. */
export const StoreRepository = {
  /** Every login an e-mail has in the company (one per client with that e-mail and access). */
  async loginsOf(email: string): Promise<StoreLoginRecord[]> {
    return queryAll<StoreLoginRecord>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.storeLoginsOf(email) } }, 20);
  },

  async login(email: string, clientId: string): Promise<StoreLoginRecord | undefined> {
    return getItem<StoreLoginRecord>(Keys.storeLogin(email, clientId));
  },

  /** The client's login written (a new password), its old one under another e-mail gone, its sessions ended. */
  async setLogin(record: StoreLoginRecord, previousEmail: string | null): Promise<void> {
    const sessions = await StoreRepository.sessionKeys(record.clientId);
    await transact([
      ...(previousEmail && previousEmail !== record.email ? [Tx.delete(Keys.storeLogin(previousEmail, record.clientId))] : []),
      Tx.put({ ...Keys.storeLogin(record.email, record.clientId), type: 'storeLogin', ...record }),
      ...sessions.slice(0, 90).map((k) => Tx.delete(k)),
    ]);
  },

  /** The client's login taken away and its sessions ended. */
  async removeLogin(email: string, clientId: string): Promise<void> {
    const sessions = await StoreRepository.sessionKeys(clientId);
    await transact([Tx.delete(Keys.storeLogin(email, clientId)), ...sessions.slice(0, 95).map((k) => Tx.delete(k))]);
  },

  async sessionKeys(clientId: string): Promise<{ pk: string; sk: string }[]> {
    const items = await queryAll<{ pk: string; sk: string }>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.storeSessionsOf(clientId) }, ProjectionExpression: 'pk, sk' }, 100);
    return items.map((i) => ({ pk: i.pk, sk: i.sk }));
  },

  /** A link to set the password of an e-mail's logins, valid until `expiresAt` (seconds). */
  async createReset(tokenHash: string, fields: { email: string; expiresAt: number; reason: 'invite' | 'forgot' }): Promise<void> {
    await transact([Tx.putNew({ ...Keys.storeReset(tokenHash), type: 'storeReset', ...fields, ttl: fields.expiresAt })]);
  },

  async reset(tokenHash: string): Promise<{ email: string; expiresAt: number } | undefined> {
    return getItem<{ email: string; expiresAt: number }>(Keys.storeReset(tokenHash));
  },

  /** The link used: gone, once (a second use of the same link finds nothing). */
  async useReset(tokenHash: string, used: () => Error): Promise<void> {
    await transact([Tx.delete(Keys.storeReset(tokenHash), { ConditionExpression: 'attribute_exists(pk)' }, used)]);
  },

  async createSession(clientId: string, sessionId: string, fields: { createdAt: string; expiresAt: number; address: string | null }): Promise<void> {
    await transact([Tx.putNew({ ...Keys.storeSession(clientId, sessionId), type: 'storeSession', clientId, ...fields, ttl: fields.expiresAt })]);
  },

  async session(clientId: string, sessionId: string): Promise<{ expiresAt: number } | undefined> {
    return getItem<{ expiresAt: number }>(Keys.storeSession(clientId, sessionId));
  },

  async endSession(clientId: string, sessionId: string): Promise<void> {
    await transact([Tx.delete(Keys.storeSession(clientId, sessionId))]);
  },

  payments: () => getItem<StorePaymentsRecord>(Keys.storePayments()),

  /** The payment account written over the version read (none: the first save). */
  async savePayments(record: StorePaymentsRecord, before: number | null, conflict: () => Error): Promise<void> {
    const item = { ...Keys.storePayments(), type: 'storePayments', ...record };
    await transact([before === null ? Tx.putNew(item, conflict) : Tx.put(item, { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': before } }, conflict)]);
  },
};
