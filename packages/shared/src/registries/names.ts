import type { Subject } from '../permissions';

/**
 * Each registry's route name and the CASL subject guarding it, in the menu's order, without its
 * declaration: what the web's route tree, menu and global search need before any registry page
 * opens, so the declarations (every field's schema) load with the first registry page or search
 * rather than with every page. `names.test.ts` keeps it equal to `REGISTRIES`.
 */
export const REGISTRY_INDEX: readonly { name: string; subject: Subject }[] = [
  { name: 'bearers', subject: 'portadores' },
  { name: 'campaigns', subject: 'campanhas' },
  { name: 'drawings', subject: 'sorteios' },
  { name: 'flags', subject: 'bandeiras' },
  { name: 'natures', subject: 'naturezas' },
  { name: 'occurrences-types', subject: 'tipos-ocorrências' },
  { name: 'payments-conditions', subject: 'pagamentos-condições' },
  { name: 'price-tables', subject: 'produtos' },
  { name: 'product-companies', subject: 'produtos' },
  { name: 'product-groups', subject: 'produtos' },
  { name: 'reasons', subject: 'motivos' },
  { name: 'regions', subject: 'regiões' },
  { name: 'routes', subject: 'rotas' },
  { name: 'schedulings-types', subject: 'agendamentos-tipos' },
  { name: 'segments', subject: 'segmentos' },
  { name: 'sizes', subject: 'tamanhos' },
  { name: 'units', subject: 'unidades' },
  { name: 'vehicles', subject: 'veículos' },
  { name: 'wallets', subject: 'carteiras' },
];
