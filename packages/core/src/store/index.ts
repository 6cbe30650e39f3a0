import { ApiTexts } from '@ev/shared/messages';
import { canBuy } from '@ev/shared/schemas/clients';
import { StoreAccessGrant, StoreLogin, StoreTexts, type StoreAccess, type StoreClient, type StoreSession } from '@ev/shared/schemas/store';
import { Clients, type ClientRecord } from '../clients';
import { Clock, timestamp } from '../clock';
import { authorize, currentActor, runAs, type Actor } from '../context';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import { throttle } from '../limits';
import { Logs } from '../logs';
import { hashPassword, verifyPassword } from '../password';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';
import { StoreRepository, type StoreLoginRecord } from './repository';
import { signStoreToken, verifyStoreToken } from './tokens';

/**
 * The store's client accounts (issue 44 item 2, docs/store.md "Accounts"): a client with an e-mail
 * gets access from its record (a password the staff set), logs in to its company's store by e-mail
 * and password, and holds a store session, a principal of its own: its token opens only the store's
 * routes of its own store, and a staff token opens none of them. A client that may not buy (in
 * analysis or problem, inactive, incomplete) still logs in to see its orders.
 */

/** Throttled as the staff's logins (auth/throttle.ts): 5 failures an e-mail, 20 an address, in 15 minutes. */
const logins = throttle({
  name: 'STORELOGIN',
  windowSeconds: 15 * 60,
  limits: { account: 5, address: 20 },
  code: 'auth.throttled',
  text: ApiTexts.throttled,
});

const unauthenticated = () => new DomainError('auth.unauthenticated', StoreTexts.unauthenticated(), 'unauthenticated');

export function storeClient(c: ClientRecord): StoreClient {
  return { id: c.id, name: c.name, nickname: c.nickname ?? null, email: c.email ?? '', canBuy: canBuy(c) };
}

/** The store must be on for the staff to give access: a client could not use it otherwise. */
async function storeOn(): Promise<void> {
  const { tenant } = await Tenants.company();
  if (!tenant.settings.further.selfCheckout || !tenant.settings.further.storeSlug) throw new DomainError('store.off', StoreTexts.storeOff(), 'conflict');
}

/** GET /clients/{id}/store-access: whether the client may log in to the store, and with which e-mail. */
async function access(clientId: string): Promise<StoreAccess> {
  authorize('read', 'clientes');
  const { client } = await Clients.visible(clientId);
  const login = client.email ? await StoreRepository.login(client.email, client.id) : undefined;
  return { email: client.email ?? null, active: !!login, updatedAt: login?.updatedAt ?? null };
}

/**
 * PUT /clients/{id}/store-access: the password the staff set for the client, with its record's
 * e-mail as the login (a login under an e-mail the record no longer has goes); its store sessions end.
 */
async function grant(clientId: string, raw: unknown): Promise<StoreAccess> {
  authorize('update', 'clientes');
  const input = parseInput(StoreAccessGrant, raw);
  const { client } = await Clients.visible(clientId);
  await storeOn();
  if (!client.email) throw new DomainError('validation', StoreTexts.clientNoEmail(), 'validation', { fields: [fieldError('email', StoreTexts.clientNoEmail())] });
  const record: StoreLoginRecord = { clientId: client.id, email: client.email, passwordHash: await hashPassword(input.password), updatedAt: timestamp(), updatedBy: currentActor().userId ?? null };
  await StoreRepository.setLogin(record, null);
  Logs.audit('store.access_granted', { clientId: client.id });
  await Logs.change('clients.store_access', { entity: 'clients', id: client.id }, null, { storeAccess: 'password' });
  return { email: client.email, active: true, updatedAt: record.updatedAt };
}

/** DELETE /clients/{id}/store-access: the client can no longer log in; its sessions end. */
async function revoke(clientId: string): Promise<StoreAccess> {
  authorize('update', 'clientes');
  const { client } = await Clients.visible(clientId);
  if (client.email) await StoreRepository.removeLogin(client.email, client.id);
  await Logs.change('clients.store_access', { entity: 'clients', id: client.id }, { storeAccess: 'password' }, { storeAccess: null });
  return { email: client.email ?? null, active: false, updatedAt: null };
}

/**
 * POST /store/{slug}/login: the store's client in, by e-mail and password. An e-mail without a
 * login in this store answers 'no record'; a wrong password the login error (both counted by the
 * throttle); an e-mail whose password opens several clients asks which (409 with their names), and
 * the login again with `clientId` opens that one.
 */
async function login(slug: string, raw: unknown, address: string | null): Promise<StoreSession> {
  const input = parseInput(StoreLogin, raw);
  const store = await Tenants.publicStore(slug);
  return runAs({ tenantId: store.tenantId }, async () => {
    const account = `${store.tenantId}:${input.email}`;
    await logins.assertOpen({ account, address });
    const failed = async (error: DomainError): Promise<never> => {
      await logins.count({ account, address });
      throw error;
    };
    const candidates = await StoreRepository.loginsOf(input.email);
    if (!candidates.length) return failed(new DomainError('store.no_record', StoreTexts.noRecord(), 'unauthenticated'));
    const opened: ClientRecord[] = [];
    const clients = new Map((await Clients.findMany(candidates.map((c) => c.clientId))).map((c) => [c.id, c]));
    for (const c of candidates) {
      const client = clients.get(c.clientId);
      // The login is the record's e-mail: one the client no longer has opens nothing.
      if (!client || client.email !== input.email || client.anonymisedAt) continue;
      if (await verifyPassword(input.password, c.passwordHash)) opened.push(client);
    }
    const chosen = input.clientId ? opened.filter((c) => c.id === input.clientId) : opened;
    if (!chosen.length) return failed(new DomainError('auth.invalid_credentials', StoreTexts.loginFailed(), 'unauthenticated'));
    if (chosen.length > 1) {
      throw new DomainError('store.multiple_records', StoreTexts.multipleRecords(), 'conflict', { details: { clients: chosen.map((c) => ({ id: c.id, name: c.name })) } });
    }
    const client = chosen[0]!;
    await logins.clear('account', account);
    const sessionId = newId();
    const { token, expiresAt } = await signStoreToken({ tid: store.tenantId, sub: client.id, sid: sessionId, slug: store.slug });
    await StoreRepository.createSession(client.id, sessionId, { createdAt: timestamp(), expiresAt, address });
    Logs.audit('store.login', { clientId: client.id });
    return { token, expiresAt: new Date(expiresAt * 1000).toISOString().slice(0, 19), client: storeClient(client) };
  });
}

/**
 * A store token proved (the store routes' guard): a token of the store's kind, of this store's
 * address, whose session still stands (a new password or the access taken away ends it). Answers the
 * actor of the request; anything else is 401.
 */
async function authenticate(token: string, slug: string): Promise<Actor> {
  const claims = await verifyStoreToken(token);
  if (!claims || claims.slug !== slug) throw unauthenticated();
  const session = await runAs({ tenantId: claims.tid }, () => StoreRepository.session(claims.sub, claims.sid));
  if (!session || session.expiresAt <= Clock.seconds()) throw unauthenticated();
  return { tenantId: claims.tid, storeClientId: claims.sub, sessionId: claims.sid };
}

/** The store's client of the request (its guard has proved it). */
function clientIdOf(): string {
  const id = currentActor().storeClientId;
  if (!id) throw unauthenticated();
  return id;
}

/** GET /store/{slug}/me: the client signed in, as the store shows it (whether it may buy now). */
async function me(): Promise<StoreClient> {
  const client = await Clients.find(clientIdOf());
  return storeClient(client);
}

/** POST /store/{slug}/logout: this session ends. */
async function logout(): Promise<void> {
  const actor = currentActor();
  await StoreRepository.endSession(clientIdOf(), actor.sessionId!);
}

export const Store = { access, grant, revoke, login, authenticate, me, logout };
