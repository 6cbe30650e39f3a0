import { ApiTexts } from '@ev/shared/messages';
import { canBuy } from '@ev/shared/schemas/clients';
import { createHash, randomBytes } from 'node:crypto';
import { StoreAccessGrant, StoreForgot, StoreLogin, StorePasswordChange, StoreProfileUpdate, StoreRedefine, StoreSalesQuery, StoreTexts, type StoreAccess, type StoreClient, type StoreProfile, type StoreSale, type StoreSalesPage, type StoreSession } from '@ev/shared/schemas/store';
import { Clients, type ClientRecord } from '../clients';
import { Clock, timestamp } from '../clock';
import { authorize, currentActor, runAs, type Actor } from '../context';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import { throttle } from '../limits';
import { THROTTLE } from '../auth/throttle';
import { Logs } from '../logs';
import { hashPassword, verifyPassword } from '../password';
import { env } from '../env';
import { Ports } from '../ports';
import { Sales } from '../sales';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';
import { StoreRepository, type StoreLoginRecord } from './repository';
import { clientIdOf, storeSale, unauthenticated } from './view';
import { signStoreToken, verifyStoreToken } from './tokens';

/**
 * The store's client accounts (issue 44 item 2, docs/store.md "Accounts"): a client with an e-mail
 * gets access from its record (a password the staff set), logs in to its company's store by e-mail
 * and password, and holds a store session, a principal of its own: its token opens only the store's
 * routes of its own store, and a staff token opens none of them. A client that may not buy (in
 * analysis or problem, inactive, incomplete) still logs in to see its orders.
 */

/** Throttled as the staff's logins, with their limits (auth/throttle.ts): 5 failures an e-mail, 20 an address, in 15 minutes. */
const logins = throttle({
  name: 'STORELOGIN',
  windowSeconds: THROTTLE.windowSeconds,
  limits: { account: THROTTLE.perAccount, address: THROTTLE.perAddress },
  code: 'auth.throttled',
  text: ApiTexts.throttled,
});


function storeClient(c: ClientRecord): StoreClient {
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
  return accessOf(client.email ?? null, login);
}

const accessOf = (email: string | null, login: StoreLoginRecord | undefined): StoreAccess => ({
  email,
  active: !!login?.passwordHash,
  invited: !!login && !login.passwordHash,
  updatedAt: login?.updatedAt ?? null,
});

/**
 * PUT /clients/{id}/store-access: the password the staff set for the client, with its record's
 * e-mail as the login (a login under an e-mail the record no longer has goes); its store sessions end.
 */
async function grant(clientId: string, raw: unknown): Promise<StoreAccess> {
  authorize('update', 'clientes');
  const input = parseInput(StoreAccessGrant, raw);
  const client = await grantable(clientId);
  const record: StoreLoginRecord = { clientId: client.id, email: client.email, passwordHash: await hashPassword(input.password), updatedAt: timestamp(), updatedBy: currentActor().userId ?? null };
  await StoreRepository.setLogin(record, null);
  Logs.audit('store.access_granted', { clientId: client.id });
  await Logs.change('clients.store_access', { entity: 'clients', id: client.id }, null, { storeAccess: 'password' });
  return accessOf(client.email, record);
}

/** A client that may be given access: in the user's scope, with an e-mail, the store on. */
async function grantable(clientId: string): Promise<ClientRecord & { email: string }> {
  const { client } = await Clients.visible(clientId);
  await storeOn();
  if (!client.email) throw new DomainError('validation', StoreTexts.clientNoEmail(), 'validation', { fields: [fieldError('email', StoreTexts.clientNoEmail())] });
  return client as ClientRecord & { email: string };
}

/** How long a link to set the password lasts: an invitation a week, a forgotten password an hour. */
const LINK_SECONDS = { invite: 7 * 24 * 3600, forgot: 3600 } as const;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A link to set the password of an e-mail's logins, sent to it (through the queue, as the staff's e-mails). */
async function sendLink(email: string, reason: 'invite' | 'forgot', store: { slug: string; name: string }, clientName: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Clock.seconds() + LINK_SECONDS[reason];
  await StoreRepository.createReset(tokenHash(token), { email, expiresAt, reason });
  const link = `${env().PUBLIC_URL.replace(/\/$/, '')}/vendas/${store.slug}/redefine#${token}`;
  await Ports.queue().send({
    type: 'email.send',
    tenantId: currentActor().tenantId,
    idempotencyKey: `store-${reason}:${email}:${newId()}`,
    sensitive: true,
    payload: {
      to: email,
      subject: reason === 'invite' ? `${store.name}: o seu acesso à loja` : `${store.name}: nova senha da loja`,
      text: [
        `Olá, ${clientName}.`,
        '',
        reason === 'invite' ? `Você recebeu acesso à loja de ${store.name} para fazer os seus pedidos. Crie a sua senha neste link:` : `Recebemos um pedido para criar uma nova senha da loja de ${store.name}. Crie a nova senha neste link:`,
        link,
        '',
        reason === 'invite' ? 'O link vale por 7 dias.' : 'O link vale por 1 hora. Se não foi você quem pediu, ignore este e-mail: a sua senha continua a mesma.',
      ].join('\n'),
    },
  });
}

/**
 * POST /clients/{id}/store-access/invite: the client's access by an invitation: a link to its
 * record's e-mail to set its own password (a week); until then it cannot log in. A client that
 * already has a password keeps it until it sets another through the link.
 */
async function invite(clientId: string): Promise<StoreAccess> {
  authorize('update', 'clientes');
  const client = await grantable(clientId);
  const { tenant } = await Tenants.company();
  const existing = await StoreRepository.login(client.email, client.id);
  const record: StoreLoginRecord = existing ?? { clientId: client.id, email: client.email, passwordHash: '', updatedAt: timestamp(), updatedBy: currentActor().userId ?? null };
  if (!existing) await StoreRepository.setLogin(record, null);
  await sendLink(client.email, 'invite', { slug: tenant.settings.further.storeSlug, name: tenant.nickname || tenant.name }, client.nickname || client.name);
  await Logs.change('clients.store_access', { entity: 'clients', id: client.id }, null, { storeAccess: 'invite' });
  return accessOf(client.email, record);
}

/**
 * POST /store/{slug}/forgot-password: a link to set a new password to an e-mail with access to this
 * store; the same neutral answer whether or not it has any, counted by a throttle of its own.
 */
async function forgot(slug: string, raw: unknown, address: string | null): Promise<{ message: string }> {
  const { email } = parseInput(StoreForgot, raw);
  const store = await Tenants.publicStore(slug);
  const started = performance.now();
  await runAs({ tenantId: store.tenantId }, async () => {
    const account = `${store.tenantId}:${email}`;
    await forgets.assertOpen({ account, address });
    await forgets.count({ account, address });
    const holders = await loginClients(email);
    if (holders.length) await sendLink(email, 'forgot', store, holders[0]!.nickname || holders[0]!.name);
  });
  const rest = env().AUTH_FORGOT_MIN_MS - (performance.now() - started);
  if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  return { message: StoreTexts.forgotSent().message };
}

const forgets = throttle({ name: 'STOREFORGOT', windowSeconds: THROTTLE.windowSeconds, limits: { account: 3, address: THROTTLE.perAddress }, code: 'auth.throttled', text: ApiTexts.throttled });

/**
 * An e-mail's logins in the store (`stored`, every one kept) and those that still hold, each with
 * its client as the record is now: the login is the record's e-mail, so a client that no longer
 * has it (or was anonymised) opens nothing.
 */
async function loginsOf(email: string): Promise<{ stored: StoreLoginRecord[]; held: { login: StoreLoginRecord; client: ClientRecord }[] }> {
  const stored = await StoreRepository.loginsOf(email);
  const clients = new Map((stored.length ? await Clients.findMany(stored.map((l) => l.clientId)) : []).map((c) => [c.id, c]));
  const held = stored.flatMap((login) => {
    const client = clients.get(login.clientId);
    return client && client.email === email && !client.anonymisedAt ? [{ login, client }] : [];
  });
  return { stored, held };
}

/** The clients whose login an e-mail is (see `loginsOf`). */
const loginClients = async (email: string) => (await loginsOf(email)).held.map((h) => h.client);

/**
 * POST /store/{slug}/redefine: the password set through a link (an invitation or a forgotten
 * password), for every login of its e-mail in this store; the link works once and only in time,
 * otherwise the spec's 'redefine error' (ours: "Não foi possível redefinir a senha…"). The
 * e-mail's store sessions end.
 */
async function redefine(slug: string, raw: unknown): Promise<{ message: string }> {
  const input = parseInput(StoreRedefine, raw);
  const store = await Tenants.publicStore(slug);
  const failed = () => new DomainError('store.redefine_failed', StoreTexts.redefineFailed(), 'validation', { fields: [fieldError('token', StoreTexts.redefineFailed())] });
  return runAs({ tenantId: store.tenantId }, async () => {
    const hash = tokenHash(input.token);
    const reset = await StoreRepository.reset(hash);
    if (!reset || reset.expiresAt <= Clock.seconds()) throw failed();
    const holders = await loginClients(reset.email);
    if (!holders.length) throw failed();
    await StoreRepository.useReset(hash, failed);
    const passwordHash = await hashPassword(input.password);
    for (const client of holders) {
      await StoreRepository.setLogin({ clientId: client.id, email: reset.email, passwordHash, updatedAt: timestamp(), updatedBy: null }, null);
      Logs.audit('store.password_set', { clientId: client.id });
    }
    return { message: StoreTexts.redefined().message };
  });
}

/** DELETE /clients/{id}/store-access: the client can no longer log in; its sessions end. */
async function revoke(clientId: string): Promise<StoreAccess> {
  authorize('update', 'clientes');
  const { client } = await Clients.visible(clientId);
  if (client.email) await StoreRepository.removeLogin(client.email, client.id);
  await Logs.change('clients.store_access', { entity: 'clients', id: client.id }, { storeAccess: 'password' }, { storeAccess: null });
  return accessOf(client.email ?? null, undefined);
}

/** A new store session of the client: its token (12 hours) and its session item. */
async function openSession(client: ClientRecord, tenantId: string, slug: string, address: string | null): Promise<StoreSession> {
  const sessionId = newId();
  const { token, expiresAt } = await signStoreToken({ tid: tenantId, sub: client.id, sid: sessionId, slug });
  await StoreRepository.createSession(client.id, sessionId, { createdAt: timestamp(), expiresAt, address });
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString().slice(0, 19), client: storeClient(client) };
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
    const { stored, held } = await loginsOf(input.email);
    if (!stored.length) return failed(new DomainError('store.no_record', StoreTexts.noRecord(), 'unauthenticated'));
    const opened: ClientRecord[] = [];
    // An invited client without a password yet opens nothing.
    for (const { login, client } of held) if (login.passwordHash && (await verifyPassword(input.password, login.passwordHash))) opened.push(client);
    const chosen = input.clientId ? opened.filter((c) => c.id === input.clientId) : opened;
    if (!chosen.length) return failed(new DomainError('auth.invalid_credentials', StoreTexts.loginFailed(), 'unauthenticated'));
    if (chosen.length > 1) {
      throw new DomainError('store.multiple_records', StoreTexts.multipleRecords(), 'conflict', { details: { clients: chosen.map((c) => ({ id: c.id, name: c.name })) } });
    }
    const client = chosen[0]!;
    await logins.clear('account', account);
    const session = await openSession(client, store.tenantId, store.slug, address);
    Logs.audit('store.login', { clientId: client.id });
    return session;
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
  return { tenantId: claims.tid, storeClientId: claims.sub, sessionId: claims.sid, storeSlug: claims.slug };
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

/**
 * For the operator's LGPD work (system): what the store holds of a client (its access, never the
 * password's hash), and its access and sessions taken away before the client is anonymised.
 */
async function clientAccess(clientId: string): Promise<StoreAccess> {
  const client = await Clients.find(clientId);
  return accessOf(client.email ?? null, client.email ? await StoreRepository.login(client.email, client.id) : undefined);
}

async function forgetClient(clientId: string): Promise<void> {
  const client = await Clients.find(clientId);
  if (client.email) await StoreRepository.removeLogin(client.email, client.id);
}


/** GET /store/{slug}/sales: "Meus pedidos", the client's own orders (those its salesperson took too), newest first. */
async function sales(raw: unknown): Promise<StoreSalesPage> {
  const q = parseInput(StoreSalesQuery, raw);
  const page = await Sales.pageOfClient(clientIdOf(), { cursor: q.cursor, limit: q.limit });
  return { items: page.items.map((r) => ({ id: r.id, number: r.number, status: r.status, orderDate: r.orderDate, total: r.total, count: r.count, payment: r.payment ?? null, store: r.store ?? null })), nextCursor: page.nextCursor };
}

/** GET /store/{slug}/sales/{id}: one of the client's orders; another client's is a 404. */
async function sale(id: string): Promise<StoreSale> {
  return storeSale(await Sales.oneOfClient(id, clientIdOf()));
}

/** "Meus dados" as the store shows them: the client's record, its main address apart (the company's to change). */
function profileOf(c: ClientRecord): StoreProfile {
  const address = (a: ClientRecord['addresses'][number]) => ({ id: a.id, nickname: a.nickname ?? null, cep: a.cep ?? null, street: a.street ?? null, number: a.number ?? null, complement: a.complement ?? null, neighborhood: a.neighborhood ?? null, city: a.city ?? null, state: a.state ?? null });
  const main = c.addresses.find((a) => a.main);
  return {
    name: c.name,
    nickname: c.nickname ?? null,
    document: c.document ?? null,
    email: c.email ?? null,
    phone1: c.phone1 ?? null,
    phone2: c.phone2 ?? null,
    phone3: c.phone3 ?? null,
    phone4: c.phone4 ?? null,
    contact: c.contact ?? null,
    mainAddress: main ? address(main) : null,
    deliveryAddresses: c.addresses.filter((a) => !a.main).map(address),
    version: c.version,
  };
}

/** GET /store/{slug}/profile: "Meus dados". */
async function profile(): Promise<StoreProfile> {
  return profileOf(await Clients.find(clientIdOf()));
}

/** PUT /store/{slug}/profile: the client's phones, contact and delivery addresses, over the version read; in the client's history. */
async function saveProfile(raw: unknown): Promise<StoreProfile> {
  const input = parseInput(StoreProfileUpdate, raw);
  return profileOf(await Clients.updateOwnContacts(clientIdOf(), input));
}

/**
 * POST /store/{slug}/password: the client's password changed with its current one (wrong: 400 on
 * `current`, counted by the login's throttle), for every login of its e-mail in this store; every
 * other session ends, and this one goes on with a new token.
 */
async function changePassword(raw: unknown, address: string | null): Promise<StoreSession> {
  const input = parseInput(StorePasswordChange, raw);
  const actor = currentActor();
  const client = await Clients.find(clientIdOf());
  if (!client.email) throw unauthenticated();
  const account = `${actor.tenantId}:${client.email}`;
  await logins.assertOpen({ account, address });
  const own = await StoreRepository.login(client.email, client.id);
  if (!own?.passwordHash || !(await verifyPassword(input.current, own.passwordHash))) {
    await logins.count({ account, address });
    throw new DomainError('validation', StoreTexts.currentPasswordWrong(), 'validation', { fields: [fieldError('current', StoreTexts.currentPasswordWrong())] });
  }
  const passwordHash = await hashPassword(input.password);
  for (const holder of await loginClients(client.email)) {
    await StoreRepository.setLogin({ clientId: holder.id, email: client.email, passwordHash, updatedAt: timestamp(), updatedBy: null }, null);
  }
  Logs.audit('store.password_changed', { clientId: client.id });
  await Logs.change('clients.store_access', { entity: 'clients', id: client.id }, null, { storeAccess: 'password_changed' }, { via: 'store' });
  return openSession(client, actor.tenantId, actor.storeSlug!, address);
}

export const Store = {
  profile,
  saveProfile,
  changePassword,
  sales,
  sale,
  clientAccess,
  forgetClient, access, grant, invite, revoke, login, forgot, redefine, authenticate, me, logout };
export { Purchase } from './purchase';
export { StorePayments } from './payments-account';
export { storeIcon, storeManifest } from './manifest';
