import { createFileRoute } from '@tanstack/react-router';
import { InventoryPage } from '@/features/inventory/components/inventory-page';

/** /inventory: the inventory position (spec route table: estoques). */
export const Route = createFileRoute('/_app/inventory')({
  staticData: { action: 'read', subject: 'estoques' },
  component: InventoryPage,
});
