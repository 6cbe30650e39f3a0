import type { z } from 'zod';
import type { Subject } from '@ev/shared/permissions';
import { IdParams, page } from '@ev/shared/schemas/common';
import { HistoryEntry, HistoryQuery } from '@ev/shared/schemas/logs';
import { Job } from '@ev/shared/schemas/jobs';
import { answers, body, json } from './openapi';
import { can, type QuerySchema, type RouteMaker } from './route';

/** The texts and schemas of a record type's reads: its list (a page filtered by a query) and one record. */
export interface Reads<Q extends QuerySchema, L extends z.ZodType> {
  list: { summary: string; query: Q; page: L; description?: string };
  /** `subject`: the permission that reads one record, where it is not the list's. */
  get: { summary: string; description: string; subject?: Subject };
}

/** The texts and schemas of a record type's writes: create and update (with the version read). */
export interface Writes<C extends z.ZodType, U extends z.ZodType> {
  create: { summary: string; input: C; description?: string };
  update: { summary: string; input: U };
}

/** The reads of a record type at `path`: `GET path` (a page) and `GET path/{id}`, under `read <subject>`. */
export function listAndGet<P extends string, R extends z.ZodType, Q extends QuerySchema, L extends z.ZodType>(route: RouteMaker, path: P, subject: Subject, record: R, { list, get }: Reads<Q, L>) {
  return {
    list: route('get', path, can('read', subject), list.summary, answers(json(list.page, list.description ?? 'Uma página'), 400, 401, 403), { query: list.query }),
    get: route('get', `${path}/{id}` as const, can('read', get.subject ?? subject), get.summary, answers(json(record, get.description), 400, 401, 403, 404), { params: IdParams }),
  };
}

/** The writes of a record type at `path`: `POST path` (201) and `PUT path/{id}`, under `create`/`update <subject>`. */
export function createAndUpdate<P extends string, R extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(route: RouteMaker, path: P, subject: Subject, record: R, { create, update }: Writes<C, U>) {
  return {
    create: route('post', path, can('create', subject), create.summary, answers({ 201: json(record, create.description ?? 'Criado') }, 400, 401, 403, 409), body(create.input)),
    update: route('put', `${path}/{id}` as const, can('update', subject), update.summary, answers(json(record, 'Alterado'), 400, 401, 403, 404, 409), {
      params: IdParams,
      ...body(update.input),
    }),
  };
}

/** The routes every record type has: list, get, create and update. */
export function recordRoutes<P extends string, R extends z.ZodType, Q extends QuerySchema, L extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  route: RouteMaker,
  path: P,
  subject: Subject,
  record: R,
  texts: Reads<Q, L> & Writes<C, U>,
) {
  return { ...listAndGet(route, path, subject, record, texts), ...createAndUpdate(route, path, subject, record, texts) };
}

/** The recount of a record's derived data and list items (`POST path/{id}/revalidate`), under `update <subject>`. */
export function revalidation<P extends string, R extends z.ZodType>(route: RouteMaker, path: P, subject: Subject, record: R, summary: string) {
  return route('post', `${path}/{id}/revalidate` as const, can('update', subject), summary, answers(json(record, 'Revalidado'), 400, 401, 403, 404, 409), { params: IdParams });
}

/** The answer of an operation that queues a background job (export, import check or run), polled at GET /jobs/{id}. */
export const queued = { 202: json(Job, 'O trabalho, na fila') };

/**
 * A record's "histórico" (`GET path/{id}/history`, issue 14 item 5): its audited changes, newest
 * first, each field before and after; read under `read <subject>` and the record's own scope.
 */
export function historyRoute<P extends string>(route: RouteMaker, path: P, subject: Subject, summary = 'Histórico de alterações do registro (quem, quando, cada campo antes e depois)') {
  return route('get', `${path}/{id}/history` as const, can('read', subject), summary, answers(json(page(HistoryEntry), 'Uma página do histórico'), 400, 401, 403, 404), {
    params: IdParams,
    query: HistoryQuery,
  });
}
