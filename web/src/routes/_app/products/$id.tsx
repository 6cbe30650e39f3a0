import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProductStockTab } from '@/features/inventory/components/product-stock-tab';
import { ProductPricesTab } from '@/features/prices/product-prices-tab';
import { ProductDetailPage, type ProductTabs } from '@/features/products/components/detail-page';
import { useAbility } from '@/lib/ability';
import { session } from '@/lib/session';

/**
 * The tabs other features add to a saved product (features do not import each other: the route
 * composes them): "Preços", and "Estoque" for those who may read `estoques`.
 */
const tabsFor =
  (stock: boolean): ProductTabs =>
  (product, t) => [
    { value: 'prices', label: t('tabs.prices'), content: <ProductPricesTab productId={product.id} /> },
    ...(stock ? [{ value: 'stock', label: t('tabs.stock'), content: <ProductStockTab productId={product.id} /> }] : []),
  ];

/** /products/{id} (view and edit) and /products/new (create: needs create on produtos too). */
export const Route = createFileRoute('/_app/products/$id')({
  staticData: { action: 'read', subject: 'produtos' },
  beforeLoad: async ({ params }) => {
    if (params.id !== 'new') return;
    const { abilityFrom } = await import('@/lib/ability');
    if (!abilityFrom(session.get().data?.abilities).can('create', 'produtos')) throw redirect({ to: '/403' });
  },
  component: function ProductDetail() {
    const { id } = Route.useParams();
    const stock = useAbility().can('read', 'estoques');
    return <ProductDetailPage key={id} id={id} tabs={tabsFor(stock)} />;
  },
});
