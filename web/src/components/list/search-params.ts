import { z } from 'zod';

/**
 * The pieces of a list's search params (TanStack Router's `validateSearch`): the search text, the
 * sort, ids and id lists, choices. A malformed value is dropped (the list shows unfiltered), never
 * an error page: a shared link with a stale filter still opens.
 */
export const searchTextParam = z.string().trim().max(120).optional().catch(undefined);
export const sortParam = z.string().max(40).optional().catch(undefined);
export const idParam = z.uuid().optional().catch(undefined);
export const idsParam = z.array(z.uuid()).max(50).optional().catch(undefined);
export const choiceParam = <const V extends readonly [string, ...string[]]>(values: V) => z.enum(values).optional().catch(undefined);
