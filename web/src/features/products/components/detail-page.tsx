import { Messages } from '@ev/shared/messages';
import { ProductMessages, showMinimumPrice, type Product } from '@ev/shared/schemas/products';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardActionTexts, RecordCardActions } from '@/components/record-card-actions';
import { FetchFailed } from '@/components/fetch-failed';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAbility } from '@/lib/ability';
import { ApiError } from '@/lib/api';
import { apiErrorText, serverText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { localeOf, resolveLanguage } from '@/lib/i18n';
import { notify } from '@/lib/notices';
import { useProduct, useRevalidateProduct, useSaveProduct } from '../api/products-api';
import { ProductForm } from './product-form';
import { ProductStatusBadge } from './status-badge';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const { t, i18n } = useTranslation('products');
  const navigate = useNavigate();
  const ability = useAbility();
  const creating = id === 'new';
  const validId = creating || UUID.test(id);
  const query = useProduct(id, validId && !creating);
  const save = useSaveProduct();
  const revalidate = useRevalidateProduct();
  const [collapsed, setCollapsed] = useState(false);
  const [help, setHelp] = useState(false);
  const [details, setDetails] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const locale = localeOf(i18n.language);

  const canEdit = creating ? ability.can('create', 'produtos') : ability.can('update', 'produtos');
  const product = creating ? null : (query.data ?? null);
  const title = creating ? t('newTitle') : product ? product.name : t('singular');
  const toList = () => void navigate({ to: '/products' });

  const onSaved = (saved: Product) => {
    notify({ kind: 'success', text: creating ? t('added') : t('updated') });
    if (creating) void navigate({ to: '/products/$id', params: { id: saved.id }, replace: true });
    else setFormKey((k) => k + 1);
  };

  const onRevalidate = async () => {
    try {
      await revalidate.mutateAsync(id);
      setFormKey((k) => k + 1);
      notify({ kind: 'success', text: t('cacheRevalidated') });
    } catch (e) {
      notify({ kind: 'error', text: apiErrorText(e, t('cacheFailed')) });
    }
  };

  let body;
  if (!validId) body = <Alert variant="error">{serverText(Messages.invalidId)}</Alert>;
  else if (!creating && query.isPending)
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        {t('loading')}
      </p>
    );
  else if (!creating && query.isError)
    body =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <Alert variant="warning">{serverText(Messages.notFound)}</Alert>
      ) : (
        <FetchFailed error={query.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      );
  else {
    const form = (
      <ProductForm
        key={`${product?.id ?? 'new'}-${product?.version ?? 0}-${formKey}`}
        product={product}
        readOnly={!canEdit}
        save={(b) => save.mutateAsync({ id: creating ? null : id, body: b })}
        onSaved={onSaved}
        onCancel={toList}
      />
    );
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
    <div className="flex flex-col gap-4">
      <div>
        <Button asChild variant="link" className="px-0">
          <Link to="/products">
            <IconArrowLeft aria-hidden />
            {t('title')}
          </Link>
        </Button>
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <h1 className="min-w-0 break-words text-lg font-semibold leading-tight">{title}</h1>
          <RecordCardActions
            texts={cardActionTexts(t)}
            onReload={!creating && validId ? () => void query.refetch() : undefined}
            help={help}
            onHelp={() => setHelp((h) => !h)}
            collapsed={collapsed}
            onCollapse={() => setCollapsed((c) => !c)}
            details={product ? { shown: details, onToggle: () => setDetails((d) => !d) } : undefined}
            onRevalidate={product && ability.can('update', 'produtos') ? () => void onRevalidate() : undefined}
            revalidating={revalidate.isPending}
            links={
              !creating && ability.can('create', 'produtos')
                ? [
                    {
                      label: t('actions.new'),
                      link: (
                        <Link to="/products/$id" params={{ id: 'new' }}>
                          <IconPlus aria-hidden />
                        </Link>
                      ),
                    },
                  ]
                : []
            }
          />
        </CardHeader>
        {/* Collapsing hides the card's content without unmounting it: nothing typed is lost. */}
        <CardContent className={cn('flex flex-col gap-4', collapsed && 'hidden')}>
          {help && <Alert variant="info">{t('help')}</Alert>}
          {help && <Alert variant="info">{resolveLanguage(i18n.language) === 'pt' ? ProductMessages.noDelete : t('noDelete')}</Alert>}
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
          {details && product && (
            <dl className="grid gap-x-4 gap-y-1 rounded-md bg-muted/50 p-3 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted-foreground">{t('details.id')}</dt>
              <dd className="break-all font-mono text-xs">{product.id}</dd>
              <dt className="text-muted-foreground">{t('details.createdAt')}</dt>
              <dd>{formatDateTime(product.createdAt, { locale })}</dd>
              <dt className="text-muted-foreground">{t('details.updatedAt')}</dt>
              <dd>{formatDateTime(product.updatedAt, { locale })}</dd>
              <dt className="text-muted-foreground">{t('details.version')}</dt>
              <dd>{product.version}</dd>
            </dl>
          )}
          {body}
        </CardContent>
      </Card>
    </div>
  );
}
