/**
 * The registries' route names, kept light for the route tree: the generic routes match only these,
 * so any other path stays unmatched (the not-found page, even logged out) and the declarations load
 * with the first registry page. tests/e2e/registries.spec.ts checks the list equals `REGISTRIES`.
 */
export const REGISTRY_NAMES: readonly string[] = [
  'bearers',
  'drawings',
  'flags',
  'natures',
  'occurrences-types',
  'payments-conditions',
  'price-tables',
  'product-companies',
  'product-groups',
  'reasons',
  'regions',
  'routes',
  'schedulings-types',
  'segments',
  'sizes',
  'units',
  'vehicles',
  'wallets',
];

/** The route's params parser: a path whose first segment is not a registry does not match. */
export function parseRegistryParams<P extends { registry: string }>(params: P): P | false {
  return REGISTRY_NAMES.includes(params.registry) ? params : false;
}
