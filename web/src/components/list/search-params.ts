import { z } from 'zod';

/**
 * The pieces of a list's search params (TanStack Router's `validateSearch`): the search text, the
 * sort, ids and id lists, choices. A malformed value is dropped (the list shows unfiltered), never
 * an error page: a shared link with a stale filter still opens. Each piece is made when a route's
 * schema is (`searchSchema`), not when the route tree loads.
 */
export const searchTextParam = () => z.string().trim().max(120).optional().catch(undefined);
export const sortParam = () => z.string().max(40).optional().catch(undefined);
export const idParam = () => z.uuid().optional().catch(undefined);
export const dateParam = () => z.iso.date().optional().catch(undefined);
export const idsParam = () => z.array(z.uuid()).max(50).optional().catch(undefined);
export const choiceParam = <const V extends readonly [string, ...string[]]>(values: V) => z.enum(values).optional().catch(undefined);

/** What a route's search schema gives (`searchSchema`'s `parse`). */
export type SearchOf<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;

/**
 * A route's search schema, made the first time the route validates a search rather than when the
 * route tree loads: every route's definition is in the app's first file, and making their schemas
 * there cost each first load about 40 ms of a slow phone's main thread for pages never opened
 * (docs/benchmarks.md, "lighthouse").
 */
export function searchSchema<T extends z.ZodType>(make: () => T): { parse(input: unknown): z.output<T> } {
  let schema: T | undefined;
  return { parse: (input) => (schema ??= make()).parse(input) };
}
