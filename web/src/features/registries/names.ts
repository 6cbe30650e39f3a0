import { REGISTRY_INDEX } from '@ev/shared/registries/names';

/**
 * The registries' route names, kept light for the route tree (from the shared index, without the
 * declarations): the generic routes match only these, so any other path stays unmatched (the
 * not-found page, even logged out) and the declarations load with the first registry page.
 */
export const REGISTRY_NAMES: readonly string[] = REGISTRY_INDEX.map((r) => r.name);

/** The route's params parser: a path whose first segment is not a registry does not match. */
export function parseRegistryParams<P extends { registry: string }>(params: P): P | false {
  return REGISTRY_NAMES.includes(params.registry) ? params : false;
}
