import { createFileRoute } from '@tanstack/react-router';
import { ProductListPage } from '@/features/products/components/list-page';
import { ProductListSearch } from '@/features/products/list-search';

/** /products: the catalogue (read produtos: salesmen and employees read, administrators write); search, filters and sort in the URL. */
export const Route = createFileRoute('/_app/products/')({
  staticData: { action: 'read', subject: 'produtos' },
  validateSearch: (search) => ProductListSearch.parse(search),
  component: ProductListPage,
});
