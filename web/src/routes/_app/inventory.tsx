import { createFileRoute } from '@tanstack/react-router';
import { InventoryPage } from '@/features/inventory/components/inventory-page';
import { InventorySearch } from '@/features/inventory/list-search';

/** /inventory: the inventory position (spec route table: estoques); filters and sort in the URL. */
export const Route = createFileRoute('/_app/inventory')({
  staticData: { action: 'read', subject: 'estoques' },
  validateSearch: (search) => InventorySearch.parse(search),
  component: InventoryPage,
});
