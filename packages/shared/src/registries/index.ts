import { bearers } from './bearers';
import { campaigns } from './campaigns';
import type { RegistryDefinition } from './definition';
import { drawings } from './drawings';
import { flags } from './flags';
import { natures } from './natures';
import { occurrencesTypes } from './occurrences-types';
import { paymentsConditions } from './payments-conditions';
import { priceTables } from './price-tables';
import { productCompanies } from './product-companies';
import { productGroups } from './product-groups';
import { reasons } from './reasons';
import { regions } from './regions';
import { routes } from './routes';
import { schedulingsTypes } from './schedulings-types';
import { segments } from './segments';
import { sizes } from './sizes';
import { units } from './units';
import { vehicles } from './vehicles';
import { wallets } from './wallets';

/**
 * The registries (Cadastros Gerais) the API serves and the web shows, in the menu's order. Adding one:
 * its declaration file and two lines here. Code that needs one declaration imports its file.
 */
export const REGISTRIES: readonly RegistryDefinition[] = [
  bearers,
  campaigns,
  drawings,
  flags,
  natures,
  occurrencesTypes,
  paymentsConditions,
  priceTables,
  productCompanies,
  productGroups,
  reasons,
  regions,
  routes,
  schedulingsTypes,
  segments,
  sizes,
  units,
  vehicles,
  wallets,
];

export function registry(name: string): RegistryDefinition | undefined {
  return REGISTRIES.find((r) => r.name === name);
}
