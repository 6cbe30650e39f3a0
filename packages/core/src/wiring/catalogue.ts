import { REGISTRIES } from '@ev/shared/registries/index';
import { clientsExport } from '../clients/exports';
import { installmentsImport } from '../clients/installments-import';
import { registerExports, type ExportDefinition } from '../exports/index';
import { registerImports, type ImportDefinition } from '../imports/index';
import { inventoryExport } from '../inventory/exports';
import { logsExport } from './logs-export';
import { stockImport } from '../inventory/import';
import { priceChartExport } from '../prices/exports';
import { pricesImport } from '../prices/imports';
import { productsImport } from '../products/import';
import { registryExport } from '../registries/exports';
import { salesExport } from '../sales/exports';
import { loyaltyBalancesExport } from '../clients/loyalty-export';
import { campaignResultsExport, managementDashboardExport, salesDashboardExport } from '../sales/dashboard-exports';

/**
 * Every export and import (docs/jobs.md), listed. A module adds its declaration to one of these
 * lists; `registerCatalogue` registers them, through `wireCore` (./index.ts), called by the API
 * (functions/src/app.ts) and the jobs consumers (./handlers.ts), so both know the same declarations.
 *
 * Declaration modules must not import pdfmake (or ../exports/pdf): this file is in the API bundle.
 */
export const EXPORTS: readonly ExportDefinition[] = [priceChartExport, inventoryExport, logsExport, clientsExport, salesExport, salesDashboardExport, managementDashboardExport, campaignResultsExport, loyaltyBalancesExport, ...REGISTRIES.map(registryExport)];

export const IMPORTS: readonly ImportDefinition[] = [productsImport, pricesImport, stockImport, installmentsImport];

/** Registers the lists (again: a no-op). */
export function registerCatalogue(): void {
  registerExports(EXPORTS);
  registerImports(IMPORTS);
}
