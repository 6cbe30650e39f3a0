import { createFileRoute } from '@tanstack/react-router';
import { ProductListPage } from '@/features/products/components/list-page';

/** /products: the catalogue (read produtos: salesmen and employees read, administrators write). */
export const Route = createFileRoute('/_app/products/')({
  staticData: { action: 'read', subject: 'produtos' },
  component: ProductListPage,
});
