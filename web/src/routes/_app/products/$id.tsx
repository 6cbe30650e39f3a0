import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProductPricesTab } from '@/features/prices/product-prices-tab';
import { ProductDetailPage, type ProductTabs } from '@/features/products/components/detail-page';
import { session } from '@/lib/session';

/** The tabs other features add to a saved product (features do not import each other: the route composes them). */
const tabs: ProductTabs = (product, t) => [{ value: 'prices', label: t('tabs.prices'), content: <ProductPricesTab productId={product.id} /> }];

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
    return <ProductDetailPage key={id} id={id} tabs={tabs} />;
  },
});
