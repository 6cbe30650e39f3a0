import { ProductTexts, showMinimumPrice, type Product } from '@ev/shared/schemas/products';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordDetails, RecordPageFrame, useRecordPage } from '@/components/record-page';
import { Alert } from '@/components/ui/alert';
import { CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { textOf } from '@/lib/api-error-text';
import { useProduct, useRevalidateProduct, useSaveProduct } from '../api/products-api';
import { ProductForm } from './product-form';
import { ProductStatusBadge } from './status-badge';

/** A tab another module shows beside a saved product's data (the price tables' "Preços"). */
export interface ProductTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The tabs of a saved product beside its data. Features do not import each other, so the route
 * (`routes/_app/products/$id.tsx`) composes them: it passes `tabs`, e.g. the "Preços" tab of the
 * prices feature.
 */
export type ProductTabs = (product: Product, t: (key: string) => string) => ProductTab[];

/**
 * `/products/{id}`: a product, viewed and edited in place; `/products/new` creates one. A header
 * card with the spec's card actions (reload, help, collapse, details, reload cache, new), the
 * status and the minimum price, then the form (and the tabs other modules add).
 */
export function ProductDetailPage({ id, tabs: productTabs }: { id: string; tabs?: ProductTabs }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const revalidate = useRevalidateProduct();
  const page = useRecordPage<Product>({ id, subject: 'produtos', read: useProduct, save: useSaveProduct(), revalidate, openCreated: (saved: string) => void navigate({ to: '/products/$id', params: { id: saved }, replace: true }), newLink: <Link to="/products/$id" params={{ id: 'new' }} />, back: { link: <Link to="/products" />, label: t('title') }, t });
  const { creating, record: product, collapsed, help, details } = page;
  const title = creating ? t('newTitle') : product ? product.name : t('singular');

  let body = page.readState();
  if (!body) {
    const form = <ProductForm key={page.formKey} record={product} readOnly={!page.canEdit} save={page.save} onSaved={page.onSaved} onCancel={() => void navigate({ to: '/products' })} />;
    const tabs = product && productTabs ? productTabs(product, t) : [];
    body = tabs.length ? (
      <Tabs defaultValue="data">
        <TabsList aria-label={t('tabs.label')}>
          <TabsTrigger value="data">{t('tabs.data')}</TabsTrigger>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="data" className="pt-4">
          {form}
        </TabsContent>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="pt-4">
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    ) : (
      form
    );
  }

  return (
    <RecordPageFrame
      back={page.back}
      title={title}
      actions={page.cardActions()}
    >
      {/* Collapsing hides the card's content without unmounting it: nothing typed is lost. */}
      <CardContent className={cn('flex flex-col gap-4', collapsed && 'hidden')}>
        {help && <Alert variant="info">{t('help')}</Alert>}
        {help && <Alert variant="info">{textOf(ProductTexts.noDelete())}</Alert>}
        {product && (
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="product-summary">
            <span className="font-mono">{product.ref}</span>
            <ProductStatusBadge status={product.status} />
            {product.minimumPrice && (
              <span>
                {t('fields.minimumPrice')}: <span className="font-medium text-foreground">{showMinimumPrice(product.minimumPrice)}</span>
              </span>
            )}
          </div>
        )}
        {details && product && <RecordDetails record={product} t={t} />}
        {body}
      </CardContent>
    </RecordPageFrame>
  );
}
