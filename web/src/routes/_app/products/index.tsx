import { createFileRoute } from '@tanstack/react-router';
import { ImportDialog } from '@/features/jobs';
import { ProductListPage, type ProductImportDialog } from '@/features/products/components/list-page';

/** The products import (the jobs feature's dialog on the `products` import): the route composes the two features. */
const importDialog: ProductImportDialog = (props) => <ImportDialog name="products" {...props} />;

/** /products: the catalogue (read produtos: salesmen and employees read, administrators write). */
export const Route = createFileRoute('/_app/products/')({
  staticData: { action: 'read', subject: 'produtos' },
  component: function Products() {
    return <ProductListPage importDialog={importDialog} />;
  },
});
