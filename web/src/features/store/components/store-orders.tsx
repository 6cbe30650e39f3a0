import type { StoreSaleSummary } from '@ev/shared/schemas/store';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { storeSaleOptions, storeSalesOptions } from '../api/store-api';
import { PixPanel } from './pix-panel';
import { useStoreSession } from '../store-session';
import { useStoreCart } from '../store-cart';
import type { StoreSale } from '@ev/shared/schemas/store';

/** An order's status and payment in the client's words (docs/store.md "Meus pedidos"). */
function OrderState({ order }: { order: Pick<StoreSaleSummary, 'status' | 'payment'> }) {
  const { t } = useTranslation('store');
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
      <span>{t(`status.${order.status}`)}</span>
      {order.payment && order.payment !== 'none' && <span className="text-muted-foreground">{t(`payment.${order.payment}`)}</span>}
    </span>
  );
}

/**
 * "Meus pedidos" (spec section 2, `/vendas/{store}/sales`): the client's own orders, those its
 * salesperson took for it too, newest first, each with its status and payment, opened by a tap.
 */
export function StoreOrdersPage({ slug }: { slug: string }) {
  const { t } = useTranslation('store');
  const format = useFormat();
  const orders = useInfiniteQuery(storeSalesOptions(slug));
  const rows = orders.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="store-orders-title" className="flex flex-col gap-4">
      <h1 id="store-orders-title" className="text-2xl font-semibold">
        {t('orders.title')}
      </h1>
      {orders.isPending ? (
        <p className="text-muted-foreground" aria-busy="true">
          {t('loading')}
        </p>
      ) : orders.isError ? (
        <Alert variant="error">{apiErrorText(orders.error, t('orders.failed'))}</Alert>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground" data-testid="store-orders-empty">
          {t('orders.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('orders.title')}>
          {rows.map((o) => (
            <li key={o.id}>
              <Link to="/vendas/$store/sales/$id" params={{ store: slug, id: o.id }} className="block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" data-testid="store-order">
                <Card className="flex flex-col gap-1 p-4 hover:bg-muted/50">
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="font-semibold">{o.number === null ? t('orders.awaiting') : t('orders.number', { number: o.number })}</span>
                    <span className="whitespace-nowrap font-semibold tabular-nums">{format.money(o.total)}</span>
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {format.date(o.orderDate)} · {t('orders.items', { count: o.count })}
                  </span>
                  <OrderState order={o} />
                  <span className="text-xs text-muted-foreground">{o.store ? t(`storeState.${o.store}`) : t('order.bySalesperson')}</span>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {orders.hasNextPage && (
        <Button variant="outline" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
          {t('orders.more')}
        </Button>
      )}
    </section>
  );
}

/** "Comprar de novo": the order's lines (its cancelled ones left out) put in the cart, at today's prices and rules, and the purchase opened. */
function BuyAgain({ slug, clientId, order }: { slug: string; clientId: string; order: StoreSale }) {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  const { add } = useStoreCart(slug, clientId);
  const lines = order.items.filter((i) => !i.cancelled);
  if (!lines.length) return null;
  return (
    <Button
      variant="outline"
      className="self-start"
      onClick={() => {
        for (const i of lines) add({ productId: i.productId, ref: i.ref, name: i.name }, i.quantity);
        void navigate({ to: '/vendas/$store/sales/create', params: { store: slug } });
      }}
    >
      {t('order.again')}
    </Button>
  );
}

/** One of the client's orders (spec section 2, `/vendas/{store}/sales/{id}`): items, totals, installments, where it goes. */
export function StoreOrderPage({ slug, id }: { slug: string; id: string }) {
  const { t } = useTranslation('store');
  const format = useFormat();
  const order = useQuery(storeSaleOptions(slug, id));
  const session = useStoreSession(slug);
  const back = (
    <Link to="/vendas/$store/sales" params={{ store: slug }} className="text-sm text-primary underline-offset-4 hover:underline">
      {t('order.back')}
    </Link>
  );
  if (order.isPending) {
    return (
      <p className="text-muted-foreground" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  if (order.isError) {
    return (
      <div className="flex flex-col gap-3">
        <Alert variant="error">{apiErrorText(order.error, t('order.failed'))}</Alert>
        {back}
      </div>
    );
  }
  const o = order.data;
  const money = (v: string) => format.money(v, o.decimals);
  return (
    <article aria-labelledby="store-order-title" className="flex flex-col gap-4" data-testid="store-order-detail">
      {back}
      <div className="flex flex-col gap-1">
        <h1 id="store-order-title" className="text-2xl font-semibold">
          {o.number === null ? t('orders.awaiting') : t('orders.number', { number: o.number })}
        </h1>
        <p className="text-sm text-muted-foreground">{format.date(o.orderDate)}</p>
        <OrderState order={o} />
        <span className="text-sm text-muted-foreground" data-testid="store-order-state">
          {o.store ? t(`storeState.${o.store.status}`) : t('order.bySalesperson')}
        </span>
      </div>
      <PixPanel slug={slug} order={o} />
      {session?.client.canBuy && <BuyAgain slug={slug} clientId={session.client.id} order={o} />}
      <Card className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t('order.items')}</h2>
        <ul className="flex flex-col divide-y divide-border">
          {o.items.map((i, n) => (
            <li key={n} className="flex items-baseline justify-between gap-3 py-2 text-sm">
              <span className={i.cancelled ? 'text-muted-foreground line-through' : ''}>
                {format.quantity(i.quantity)} × {i.name}
                <span className="block text-xs text-muted-foreground">
                  {i.ref} · {money(i.unitPrice)}
                </span>
              </span>
              <span className="whitespace-nowrap tabular-nums">{i.cancelled ? t('order.cancelled') : money(i.total)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between border-t border-border pt-2 font-semibold" data-testid="store-order-total">
          <span>{t('order.total')}</span>
          <span className="tabular-nums">{money(o.totals.total)}</span>
        </p>
      </Card>
      {o.installments.length > 0 && (
        <Card className="flex flex-col gap-2 p-4">
          <h2 className="font-semibold">{t('order.installments')}</h2>
          <ul className="flex flex-col gap-1 text-sm">
            {o.installments.map((i) => (
              <li key={i.installment} className="flex justify-between gap-3">
                <span>
                  {i.installment} · {format.date(i.dueDate)}
                </span>
                <span className="tabular-nums">
                  {money(i.value)} · {t(`installment.${i.status}`)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {o.shippingAddress && (
        <Card className="flex flex-col gap-1 p-4 text-sm">
          <h2 className="font-semibold">{t('order.address')}</h2>
          <p>{[o.shippingAddress.street, o.shippingAddress.number, o.shippingAddress.neighborhood, o.shippingAddress.city, o.shippingAddress.state].filter(Boolean).join(', ')}</p>
        </Card>
      )}
      {o.note && <p className="text-sm text-muted-foreground">{o.note}</p>}
    </article>
  );
}
