import { currentActor } from '../context';

/**
 * Every key of the table is built here (ARCHITECTURE invariant 1): a company's items all have a
 * partition key that starts with its tenant prefix, taken from the actor in async context and never
 * from request input. docs/data-model.md lists the access pattern each key serves.
 */
export interface Key {
  pk: string;
  sk: string;
}

export function tenantPrefix(tenantId: string = currentActor().tenantId): string {
  if (!/^[0-9a-f-]{36}$/.test(tenantId)) throw new Error('Invalid tenant id in context');
  return `T#${tenantId}`;
}

export const Keys = {
  // Platform items: the tenants themselves, the global e-mail pointer, login throttles, platform jobs.
  tenant: (tenantId: string): Key => ({ pk: tenantPrefix(tenantId), sk: 'TENANT' }),
  tenantsIndex: () => ({ gsi1pk: 'TENANTS' }),
  emailPointer: (email: string): Key => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
  /** A store's address (docs/store.md): the one company it opens, unique across the platform. */
  storePointer: (slug: string): Key => ({ pk: `STORE#${slug}`, sk: 'STORE' }),
  /** A failure count of one window (limits/throttle.ts): the logins' `LOGIN#account#<email>`, the delivery links' `DELIVERY#address#<ip>`. */
  throttle: (name: string, kind: string, value: string, window: number): Key => ({
    pk: `${name}#${kind}#${value}`,
    sk: `W#${window}`,
  }),
  /** A request count of one window: a company's (in its prefix) or an address's without a session (limits/index.ts). */
  requestRate: (scope: 'company' | 'address', value: string, window: number): Key =>
    scope === 'company' ? { pk: `${tenantPrefix(value)}#RATE`, sk: `W#${window}` } : { pk: `RATE#address#${value}`, sk: `W#${window}` },
  platformJob: (idempotencyKey: string): Key => ({ pk: 'JOB', sk: `IDEMP#${idempotencyKey}` }),
  // Operators (the admin area, docs/admin.md): an account by e-mail with its sessions in its
  // partition (logging out everywhere is one Query); the operators' log by month, newest last.
  operator: (email: string): Key => ({ pk: `OPERATOR#${email}`, sk: 'OPERATOR' }),
  operatorsIndex: () => ({ gsi1pk: 'OPERATORS' }),
  operatorSession: (email: string, sessionId: string): Key => ({ pk: `OPERATOR#${email}`, sk: `SESSION#${sessionId}` }),
  operatorLog: (month: string, at: string, id: string): Key => ({ pk: `OPLOG#${month}`, sk: `${at}#${id}` }),
  operatorLogOf: (month: string) => `OPLOG#${month}`,
  // The companies' usage (usage/, docs/admin.md "Usage"): items and bytes per kind, counted from the
  // table's stream; a platform item per company (outside its prefix: its erasure leaves none there),
  // and how far each shard of the stream was counted.
  usage: (tenantId: string): Key => ({ pk: `USAGE#${tenantId}`, sk: 'USAGE' }),
  usageCheckpoint: (shardId: string): Key => ({ pk: 'USAGESTREAM', sk: shardId }),
  // A company's archive asked by an operator (admin/archive.ts): its progress, kept a week.
  companyArchive: (id: string): Key => ({ pk: `ARCHIVE#${id}`, sk: 'ARCHIVE' }),
  companyArchivesIndex: (companyId: string) => ({ gsi1pk: `ARCHIVES#${companyId}` }),
  platformDeadLetters: () => 'DLQ',

  // Tenant configuration collection: one partition per company.
  branch: (id: string): Key => ({ pk: tenantPrefix(), sk: `BRANCH#${id}` }),
  branchesPrefix: () => ({ pk: tenantPrefix(), skPrefix: 'BRANCH#' }),
  profile: (id: string): Key => ({ pk: tenantPrefix(), sk: `PROFILE#${id}` }),
  profilesPrefix: () => ({ pk: tenantPrefix(), skPrefix: 'PROFILE#' }),
  counter: (name: string): Key => ({ pk: tenantPrefix(), sk: `COUNTER#${name}` }),

  // Users and their sessions share a partition, so "end every session" is one Query.
  user: (id: string): Key => ({ pk: `${tenantPrefix()}#USER#${id}`, sk: 'USER' }),
  session: (userId: string, sessionId: string): Key => ({
    pk: `${tenantPrefix()}#USER#${userId}`,
    sk: `SESSION#${sessionId}`,
  }),
  sessionsPrefix: (userId: string) => ({ pk: `${tenantPrefix()}#USER#${userId}`, skPrefix: 'SESSION#' }),

  // Registries (Cadastros Gerais): the records of one registry share a partition of the company
  // (small, rarely written); lists, search, guards and references use the generic items below.
  registry: (name: string, id: string): Key => ({ pk: `${tenantPrefix()}#REG#${name}`, sk: id }),

  // Clients: the record, its installments and its scrap ledger share a partition, so a client's
  // financial position is one Query. Dashboard counts: one item per scope, an attribute per figure.
  client: (id: string): Key => ({ pk: `${tenantPrefix()}#CLIENT#${id}`, sk: 'CLIENT' }),
  clientPartition: (id: string) => `${tenantPrefix()}#CLIENT#${id}`,
  installment: (clientId: string, key: string): Key => ({ pk: `${tenantPrefix()}#CLIENT#${clientId}`, sk: `INST#${key}` }),
  scrapEntry: (clientId: string, at: string, id: string): Key => ({ pk: `${tenantPrefix()}#CLIENT#${clientId}`, sk: `SCRAP#${at}#${id}` }),
  // Loyalty (docs/loyalty.md): a client's balance in the company's partition (the balances owed are
  // one Query of `LOYALTY#`), its ledger in the client's partition.
  loyaltyBalance: (clientId: string): Key => ({ pk: tenantPrefix(), sk: `LOYALTY#${clientId}` }),
  loyaltyBalancesPrefix: () => ({ pk: tenantPrefix(), skPrefix: 'LOYALTY#' }),
  loyaltyEntry: (clientId: string, at: string, id: string): Key => ({ pk: `${tenantPrefix()}#CLIENT#${clientId}`, sk: `LOYALTY#${at}#${id}` }),
  // The store's client accounts (docs/store.md "Accounts"): an e-mail's logins, one per client that
  // has it, in one partition (a login is one Query); a client's store sessions in its own.
  storeLogin: (email: string, clientId: string): Key => ({ pk: `${tenantPrefix()}#STORELOGIN#${email}`, sk: `C#${clientId}` }),
  storeLoginsOf: (email: string) => `${tenantPrefix()}#STORELOGIN#${email}`,
  storeSession: (clientId: string, sessionId: string): Key => ({ pk: `${tenantPrefix()}#STORESESSION#${clientId}`, sk: sessionId }),
  storeSessionsOf: (clientId: string) => `${tenantPrefix()}#STORESESSION#${clientId}`,
  /** A link to set a store password (an invitation or a forgotten one), by its token's hash. */
  /** A store order's Idempotency-Key (docs/store.md "The purchase"): the order it made, so a retry finds it. */
  /** An order made once per key: the owner is the store's client, or `user#<id>` for an order closed offline (docs/offline.md). */
  storeOrderKey: (owner: string, key: string): Key => ({ pk: `${tenantPrefix()}#STOREORDER#${owner}`, sk: `K#${key}` }),
  /** A store order's Pix in force, by when it expires (the sweep's index): docs/store.md "Payment". */
  storePixOpen: (expiresAt: string, saleId: string): Key => ({ pk: `${tenantPrefix()}#PIXOPEN`, sk: `${expiresAt}#${saleId}` }),
  storePixOpenOf: () => `${tenantPrefix()}#PIXOPEN`,
  /** A processor's charge: the sale it pays, and whether its event was received (dedup). */
  paymentCharge: (processor: string, chargeId: string): Key => ({ pk: `${tenantPrefix()}#PAYCHARGE#${processor}#${chargeId}`, sk: 'CHARGE' }),
  /** The sandbox processor's charge (ports/payments.ts). */
  sandboxCharge: (id: string): Key => ({ pk: `${tenantPrefix()}#SANDBOXPIX#${id}`, sk: 'CHARGE' }),
  paymentEvent: (processor: string, eventId: string): Key => ({ pk: `${tenantPrefix()}#PAYEVENT#${processor}#${eventId}`, sk: 'EVENT' }),
  /** The company's store payment account (its processor and sealed credentials). */
  storePayments: (): Key => ({ pk: `${tenantPrefix()}#STOREPAY`, sk: 'ACCOUNT' }),
  storeReset: (tokenHash: string): Key => ({ pk: `${tenantPrefix()}#STORERESET#${tokenHash}`, sk: 'RESET' }),
  /** A dashboard aggregate's figures in one scope (db/aggregate.ts): `COUNTS#clients#all`, `COUNTS#clients#sm#<id>`. */
  aggregate: (name: string, scope: string): Key => ({ pk: tenantPrefix(), sk: `COUNTS#${name}#${scope}` }),

  // Products: the record alone in its partition (its lists and search items are derived items).
  product: (id: string): Key => ({ pk: `${tenantPrefix()}#PRODUCT#${id}`, sk: 'PRODUCT' }),
  // Prices: one item per table and product; a table's prices are one partition (its import and
  // export read it whole), a product's price in given tables is a BatchGet.
  price: (tableId: string, productId: string): Key => ({ pk: `${tenantPrefix()}#PRICES#${tableId}`, sk: productId }),
  pricesOf: (tableId: string) => `${tenantPrefix()}#PRICES#${tableId}`,
  // Inventory: a product's balance per branch and its movements (the ledger) share a partition, so a
  // movement and the balance it changes are written in one transaction and a product's ledger is a Query.
  stockBalance: (productId: string, branchId: string): Key => ({ pk: `${tenantPrefix()}#STOCK#${productId}`, sk: `BAL#${branchId}` }),
  stockMovement: (productId: string, branchId: string, at: string, id: string): Key => ({
    pk: `${tenantPrefix()}#STOCK#${productId}`,
    sk: `MOV#${branchId}#${at}#${id}`,
  }),
  stockPartition: (productId: string) => `${tenantPrefix()}#STOCK#${productId}`,
  // An order's stock reservation: its lines and how far a multi-transaction reserve or release got.
  stockOrder: (orderId: string): Key => ({ pk: `${tenantPrefix()}#STOCKORDER#${orderId}`, sk: 'ORDER' }),
  // An order's consignment (lent, then settled), beside its reservation marker.
  stockConsignment: (orderId: string): Key => ({ pk: `${tenantPrefix()}#STOCKORDER#${orderId}`, sk: 'CONSIGNMENT' }),
  // Sales: an order (a draft or a sale) is its header and its lines in chunks of 200 (a 1,000-line
  // order would pass DynamoDB's 400 KB per item), in one partition: a sale is one Query.
  sale: (id: string): Key => ({ pk: `${tenantPrefix()}#SALE#${id}`, sk: 'SALE' }),
  saleLines: (id: string, chunk: number): Key => ({ pk: `${tenantPrefix()}#SALE#${id}`, sk: `LINES#${String(chunk).padStart(3, '0')}` }),
  salePartition: (id: string) => `${tenantPrefix()}#SALE#${id}`,
  // A sale's write's products figures still to apply (sales/repository.ts `productOutbox`): one
  // partition per company, empty but for the moment between a write and its apply (or a process
  // that died between them: the sweep reads it).
  saleProductsOutbox: (saleId: string, version: number): Key => ({ pk: `${tenantPrefix()}#SALEPF`, sk: `PF#${saleId}#${version}` }),
  saleProductsOutboxPartition: () => `${tenantPrefix()}#SALEPF`,
  // What a campaign has sold (docs/campaigns.md "Limits"): its total, and one item per client that
  // bought in it, in one partition per campaign (its report is one Query).
  campaignUse: (campaignId: string, clientId: string | null): Key => ({ pk: `${tenantPrefix()}#CUSE#${campaignId}`, sk: clientId ? `C#${clientId}` : 'TOTAL' }),
  campaignUsePartition: (campaignId: string) => `${tenantPrefix()}#CUSE#${campaignId}`,
  // Schedulings: one item each; a user's one active scheduling is a guard item of its own, taken
  // by the start's transaction on the condition that it is free (two starts at once: one wins).
  scheduling: (id: string): Key => ({ pk: `${tenantPrefix()}#SCHED#${id}`, sk: 'SCHED' }),
  schedulingActive: (userId: string): Key => ({ pk: `${tenantPrefix()}#SCHEDACTIVE#${userId}`, sk: 'ACTIVE' }),
  // Messages (WhatsApp): the provider account in the company's configuration partition; a webhook
  // event's id, kept a week, so Meta's repeated deliveries are applied once.
  messagingAccount: (): Key => ({ pk: tenantPrefix(), sk: 'MSGACCOUNT' }),
  // Templates: a company has tens, at most a few hundred (Meta's own limit per account): one
  // partition holds them all, each by id, with a pointer from Meta's id (the webhook's reviews) and
  // a guard per name and language (Meta's uniqueness).
  messageTemplate: (id: string): Key => ({ pk: `${tenantPrefix()}#MSGTPL`, sk: `T#${id}` }),
  messageTemplates: () => ({ pk: `${tenantPrefix()}#MSGTPL`, skPrefix: 'T#' }),
  messageTemplateByProvider: (providerId: string): Key => ({ pk: `${tenantPrefix()}#MSGTPL`, sk: `P#${providerId}` }),
  messageTemplateName: (name: string, language: string): Key => ({ pk: `${tenantPrefix()}#MSGTPL`, sk: `N#${name}#${language}` }),
  // Batches: the batch and its recipients share a partition (a batch's status screen is one Query);
  // the lists are pointers by scope and state (pending, sent), newest last (UUID v7 ids).
  messageBatch: (id: string): Key => ({ pk: `${tenantPrefix()}#MSGBATCH#${id}`, sk: 'BATCH' }),
  messageRecipient: (batchId: string, clientId: string): Key => ({ pk: `${tenantPrefix()}#MSGBATCH#${batchId}`, sk: `R#${clientId}` }),
  messageRecipients: (batchId: string) => ({ pk: `${tenantPrefix()}#MSGBATCH#${batchId}`, skPrefix: 'R#' }),
  messageBatchList: (scope: string, state: string, id: string): Key => ({ pk: `${tenantPrefix()}#MSGBATCHES#${scope}#${state}`, sk: id }),
  messageBatchListOf: (scope: string, state: string) => `${tenantPrefix()}#MSGBATCHES#${scope}#${state}`,
  // Meta's message id to its batch and recipient (the webhook's statuses).
  messageById: (messageId: string): Key => ({ pk: `${tenantPrefix()}#MSGID#${messageId}`, sk: 'MSG' }),
  // The daily tier: the unique recipients of a day (the company's date) and their count.
  messageDayCount: (day: string): Key => ({ pk: `${tenantPrefix()}#MSGDAY#${day}`, sk: 'COUNT' }),
  messageDayRecipient: (day: string, phone: string): Key => ({ pk: `${tenantPrefix()}#MSGDAY#${day}`, sk: `P#${phone}` }),
  // Held recipients waiting for their day, by day: the release reads the days that have come.
  messageHeld: (day: string, batchId: string, clientId: string): Key => ({ pk: `${tenantPrefix()}#MSGHELD`, sk: `${day}#${batchId}#${clientId}` }),
  messageHeldAll: () => `${tenantPrefix()}#MSGHELD`,
  // Replies: a conversation per number (its summary and its messages, oldest first), and the list of
  // conversations by the last message (a pointer moved at each message), known clients apart from
  // unknown numbers.
  messageChat: (phone: string): Key => ({ pk: `${tenantPrefix()}#MSGCHAT#${phone}`, sk: 'CHAT' }),
  messageChatEntry: (phone: string, at: string, id: string): Key => ({ pk: `${tenantPrefix()}#MSGCHAT#${phone}`, sk: `M#${at}#${id}` }),
  messageChatEntries: (phone: string) => ({ pk: `${tenantPrefix()}#MSGCHAT#${phone}`, skPrefix: 'M#' }),
  // The conversations' lists (and the contacts'): a client's, an unknown number's, a blocked number's.
  messageChatList: (list: 'known' | 'unknown' | 'blocked', lastAt: string, phone: string): Key => ({ pk: `${tenantPrefix()}#MSGCHATS#${list}`, sk: `${lastAt}#${phone}` }),
  messageChatListOf: (list: 'known' | 'unknown' | 'blocked') => `${tenantPrefix()}#MSGCHATS#${list}`,
  webhookEvent: (eventId: string): Key => ({ pk: `${tenantPrefix()}#MSGEVENT#${eventId}`, sk: 'EVENT' }),
  // The AI assistant (docs/ai.md): the company's settings (its monthly token budget) in its
  // configuration partition; the tokens of a month (the company's calendar) as one counter item
  // (an atomic ADD per model call); a suggestion per item (its acceptance a conditional update).
  aiSettings: (): Key => ({ pk: tenantPrefix(), sk: 'AISETTINGS' }),
  aiUsage: (month: string): Key => ({ pk: `${tenantPrefix()}#AIUSAGE`, sk: `M#${month}` }),
  aiSuggestion: (id: string): Key => ({ pk: `${tenantPrefix()}#AISUG#${id}`, sk: 'AISUG' }),
  // Background work a user started (exports, imports): its progress, by user, newest last (UUID v7 ids).
  jobStatus: (userId: string, id: string): Key => ({ pk: `${tenantPrefix()}#JOBS#${userId}`, sk: id }),
  jobStatusesOf: (userId: string) => `${tenantPrefix()}#JOBS#${userId}`,

  // Generic mechanisms.
  listPartition: (entity: string, scope: string) => `${tenantPrefix()}#L#${entity}#${scope}`,
  searchPartition: (entity: string, scope: string) => `${tenantPrefix()}#S#${entity}#${scope}`,
  unique: (entity: string, field: string, value: string): Key => ({
    pk: `${tenantPrefix()}#UQ#${entity}#${field}#${value}`,
    sk: 'UQ',
  }),
  reference: (targetEntity: string, targetId: string, sourceEntity: string, sourceId: string): Key => ({
    pk: `${tenantPrefix()}#REF#${targetEntity}#${targetId}`,
    sk: `${sourceEntity}#${sourceId}`,
  }),
  referencesOf: (targetEntity: string, targetId: string) => `${tenantPrefix()}#REF#${targetEntity}#${targetId}`,
  job: (idempotencyKey: string): Key => ({ pk: `${tenantPrefix()}#JOB`, sk: `IDEMP#${idempotencyKey}` }),
  deadLetters: () => `${tenantPrefix()}#DLQ`,
  logs: (day: string) => `${tenantPrefix()}#LOG#${day}`,
  /** A record's audited changes (its "histórico"), kept as long as the company. */
  history: (entity: string, id: string) => `${tenantPrefix()}#HIST#${entity}#${id}`,
  cache: (kind: string, key: string): Key => ({ pk: `CACHE#${kind}`, sk: key }),
};
