import { SignJWT, jwtVerify } from 'jose';
import { ApiTexts } from '@ev/shared/messages';
import { AdminTexts, OperatorCreate, OperatorLoginBody, type Operator, type OperatorLogEntry, type OperatorSession } from '@ev/shared/schemas/admin';
import { utcTimestamp } from '@ev/shared/calendar';
import type { z } from 'zod';
import { Clock, timestamp } from '../clock';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { throttle } from '../limits';
import { Logs, redact } from '../logs';
import { hashPassword, verifyPassword } from '../password';
import { purposeKey } from '../secrets';
import { parseInput } from '../validation';
import { OperatorsRepository, type OperatorLogRecord, type OperatorRecord } from './repository';

/**
 * The platform's operators (issue 42, docs/admin.md "Operators"): accounts apart from every
 * company's users, made by a command (`npm run operator`) and never by the API. An operator signs
 * in at /admin and gets a token that only the admin routes take (its own signing key and type: a
 * company's token is never an operator's, nor the other way round); every action that changes or
 * reveals a company's data asks for its password again (`confirm`) and is logged (`audit`).
 */

/**
 * The context an operator's request runs in: no company's (every company's data is reached by an
 * explicit `runAs` of that company); its own signed cursors and the operators' warnings go here.
 */
export const OPERATOR_CONTEXT = '00000000-0000-0000-0000-000000000000';

/** Who calls an admin route. */
export interface OperatorActor {
  id: string;
  email: string;
  name: string;
  sessionId: string;
}

/** An operator's session lasts a working day; each sensitive action asks for the password anyway. */
export const OPERATOR_SESSION_SECONDS = 8 * 3600;

/** The same limits as the company logins (auth/throttle.ts), counted apart: 5 failures an account, 20 an address, in 15 minutes. */
export const OPERATOR_THROTTLE = { windowSeconds: 15 * 60, perAccount: 5, perAddress: 20 } as const;
const attempts = throttle({
  name: 'OPLOGIN',
  windowSeconds: OPERATOR_THROTTLE.windowSeconds,
  limits: { account: OPERATOR_THROTTLE.perAccount, address: OPERATOR_THROTTLE.perAddress },
  code: 'auth.throttled',
  text: ApiTexts.throttled,
});

const key = () => new Uint8Array(purposeKey('operator'));
const sessionEnded = () => new DomainError('admin.session_ended', AdminTexts.sessionEnded(), 'unauthenticated');
const publicOf = (o: OperatorRecord): Operator => ({ id: o.id, name: o.name, email: o.email });

async function sign(o: OperatorRecord, sessionId: string, expiresAt: number): Promise<string> {
  return new SignJWT({ typ: 'operator', em: o.email, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(o.id)
    .setIssuedAt(Clock.seconds())
    .setExpirationTime(expiresAt)
    .sign(key());
}

async function claimsOf(token: string): Promise<{ sub: string; em: string; sid: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], currentDate: Clock.date() });
    if (payload.typ !== 'operator' || typeof payload.sub !== 'string' || typeof payload.em !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, em: payload.em, sid: payload.sid };
  } catch {
    return null;
  }
}

export const Operators = {
  /**
   * The command's work (`npm run operator -- add`): a new operator, or with `reset` the password
   * and name of an existing one set again (its sessions end). Never reached by the API.
   */
  async create(raw: z.input<typeof OperatorCreate>, options: { reset?: boolean } = {}): Promise<Operator> {
    const input = parseInput(OperatorCreate, raw);
    const existing = await OperatorsRepository.operator(input.email);
    if (existing && !options.reset) throw new DomainError('admin.operator_exists', `Já existe um administrador do serviço com o e-mail ${input.email}.`, 'conflict');
    if (!existing && options.reset) throw new DomainError('admin.operator_missing', `Não há administrador do serviço com o e-mail ${input.email}.`, 'not_found');
    const now = timestamp();
    const record: OperatorRecord = {
      id: existing?.id ?? newId(),
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(input.password),
      active: true,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    await OperatorsRepository.putOperator(record, Boolean(existing));
    if (existing) await OperatorsRepository.deleteSessions(input.email);
    return publicOf(record);
  },

  /** The operators (the command's `list`). */
  async list(): Promise<Operator[]> {
    return (await OperatorsRepository.operators()).map(publicOf);
  },

  /** POST /admin/login: an operator's e-mail and password, throttled like the company logins. */
  async login(raw: z.input<typeof OperatorLoginBody>, address: string | null): Promise<OperatorSession> {
    const { email, password } = parseInput(OperatorLoginBody, raw);
    await attempts.assertOpen({ account: email, address });
    const operator = await OperatorsRepository.operator(email);
    const ok = await verifyPassword(password, operator?.passwordHash ?? null);
    if (!operator || !ok || !operator.active) {
      await attempts.count({ account: email, address });
      throw new DomainError('auth.invalid_credentials', ApiTexts.invalidCredentials(), 'unauthenticated');
    }
    await attempts.clear('account', email);
    const expiresAt = Clock.seconds() + OPERATOR_SESSION_SECONDS;
    const session = { id: newId(), operatorId: operator.id, createdAt: timestamp(), expiresAt, ttl: expiresAt };
    await OperatorsRepository.putSession(email, session);
    return { token: await sign(operator, session.id, expiresAt), expiresAt: utcTimestamp(expiresAt * 1000), operator: publicOf(operator) };
  },

  /**
   * The operator behind a bearer token, or 401: its signature and type, its session still there
   * (not logged out) and its account active. A company's token never passes (another key, another type).
   */
  async authenticate(token: string): Promise<OperatorActor> {
    const claims = await claimsOf(token);
    if (!claims) throw sessionEnded();
    const { operator, session } = await OperatorsRepository.withSession(claims.em, claims.sid);
    if (!operator || !operator.active || operator.id !== claims.sub || !session || session.expiresAt <= Clock.seconds()) throw sessionEnded();
    return { id: operator.id, email: operator.email, name: operator.name, sessionId: session.id };
  },

  async logout(actor: OperatorActor): Promise<void> {
    await OperatorsRepository.deleteSession(actor.email, actor.sessionId);
  },

  /**
   * The operator's password typed again for an action that changes or reveals data (the spec's
   * "admin password"): 403 when wrong, each failure counted on the login's throttle (so it cannot
   * be guessed here either).
   */
  async confirm(actor: OperatorActor, password: string | undefined): Promise<void> {
    if (!password) throw new DomainError('admin.password_required', AdminTexts.passwordRequired(), 'forbidden', { fields: [{ field: 'adminPassword', ...AdminTexts.passwordRequired() }] });
    await attempts.assertOpen({ account: actor.email });
    const operator = await OperatorsRepository.operator(actor.email);
    if (!(await verifyPassword(password, operator?.passwordHash ?? null))) {
      await attempts.count({ account: actor.email });
      Logs.warn('admin.password_wrong', { operatorId: actor.id });
      throw new DomainError('admin.password_wrong', AdminTexts.passwordWrong(), 'forbidden', { fields: [{ field: 'adminPassword', ...AdminTexts.passwordWrong() }] });
    }
  },

  /** An operator's action in the operators' log, with what it changed. */
  async audit(actor: OperatorActor, action: string, company: { id: string; name: string } | null, before: Record<string, unknown> | null, after: Record<string, unknown> | null): Promise<void> {
    const entry: OperatorLogRecord = {
      id: newId(),
      at: timestamp(),
      operatorId: actor.id,
      operatorName: actor.name,
      action,
      companyId: company?.id ?? null,
      companyName: company?.name ?? null,
      before: before && (redact(before) as Record<string, unknown>),
      after: after && (redact(after) as Record<string, unknown>),
    };
    await OperatorsRepository.putLog(entry);
  },

  /** GET /admin/log: a month of the operators' log (the current one by default), newest first. */
  async log(query: { month?: string; cursor?: string; limit?: number }): Promise<{ items: OperatorLogEntry[]; nextCursor: string | null }> {
    const month = query.month ?? timestamp().slice(0, 7);
    const page = await OperatorsRepository.logPage(month, { cursor: query.cursor, limit: query.limit ?? 20, query: `oplog:${month}` });
    return {
      items: page.items.map((e) => ({ id: e.id, at: e.at, operator: { id: e.operatorId, name: e.operatorName }, action: e.action, companyId: e.companyId, companyName: e.companyName, before: e.before, after: e.after })),
      nextCursor: page.nextCursor,
    };
  },
};
