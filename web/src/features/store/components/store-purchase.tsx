import type { StoreProduct, StoreQuote } from '@ev/shared/schemas/store';
import { IconMinus, IconPlus, IconSearch, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, selectClass, textareaClass } from '@/components/ui/input';
import { Segmented } from '@/components/ui/segmented';
import { apiErrorText, fieldIssueText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { storeProductsOptions, useStorePrices, useStorePurchase, useStoreQuote } from '../api/store-api';
import { cartInput, useStoreCart, validQuantity, type CartLine } from '../store-cart';

/** The catalogue's products grouped as the store shows them: by product company, then group. */
function groupsOf(items: StoreProduct[]): { title: string; items: StoreProduct[] }[] {
  const groups = new Map<string, StoreProduct[]>();
  for (const p of items) {
    const title = [p.productCompany, p.group].filter(Boolean).join(' · ');
    groups.set(title, [...(groups.get(title) ?? []), p]);
  }
  return [...groups.entries()].map(([title, list]) => ({ title, items: list }));
}

/**
 * The store's new purchase (spec section 2, `/vendas/{store}/sales/create`; docs/store.md "The
 * purchase"): the catalogue by product company and group, searchable by name, reference or
 * barcode, each product with the client's price and stock; the cart kept in this browser, figured
 * by the server as the close will figure it (totals, installments, the minimum-billing message and
 * every other refusal on its line or field), and "Fechar pedido" once per cart.
 */
export function StorePurchasePage({ slug, clientId, canBuy }: { slug: string; clientId: string; canBuy: boolean }) {
  const { t } = useTranslation('store');
  const format = useFormat();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const products = useInfiniteQuery(storeProductsOptions(slug, q));
  const listed = useMemo(() => products.data?.pages.flatMap((p) => p.items) ?? [], [products.data]);
  const prices = useStorePrices(
    slug,
    listed.map((p) => p.id),
  );
  const priced = useMemo(() => new Map((prices.data?.items ?? []).map((p) => [p.productId, p])), [prices.data]);
  // Only what the client may buy is offered: a product without a price for it is not shown.
  const offered = prices.data ? listed.filter((p) => priced.has(p.id)) : [];
  const limited = products.data?.pages.at(-1)?.limited ?? false;

  const { cart, add, setQuantity, remove, set, keyFor, clear } = useStoreCart(slug, clientId);
  const input = cartInput(cart);
  const quote = useStoreQuote(slug, input, cart.lines.length > 0);
  const purchase = useStorePurchase(slug);
  const figures: StoreQuote | undefined = quote.data;
  // Each refusal in the client's language (its key), the API's Portuguese where none is known.
  const problems = (figures?.problems ?? []).map((p) => ({ ...p, message: fieldIssueText(p, p.message) }));
  const typedWrong = cart.lines.some((l) => !validQuantity(l.quantity));
  const lineProblem = (index: number) => problems.find((p) => p.field.startsWith(`items.${index}.`))?.message;
  const otherProblems = problems.filter((p) => !/^items\.\d+\./.test(p.field));
  const count = cart.lines.length;

  const close = () => {
    if (!canBuy || typedWrong || !figures || problems.length) return;
    purchase.mutate(
      { cart: input, key: keyFor() },
      {
        onSuccess: (sale) => {
          clear();
          void navigate({ to: '/vendas/$store/sales/$id', params: { store: slug, id: sale.id } });
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="store-catalogue-title" className="flex flex-col gap-4">
        <h1 id="store-catalogue-title" className="text-2xl font-semibold">
          {t('purchase.title')}
        </h1>
        <p className="text-muted-foreground">{t('purchase.description')}</p>
        <div className="relative">
          <IconSearch aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input type="search" className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('purchase.searchPlaceholder')} aria-label={t('purchase.search')} maxLength={100} data-testid="store-search" />
        </div>
        {products.isPending || (listed.length > 0 && prices.isPending) ? (
          // The products' place held while they and their prices arrive: nothing below moves when they do.
          <div aria-busy="true" className="flex flex-col gap-2" data-testid="store-catalogue-loading">
            <p className="text-muted-foreground">{t('loading')}</p>
            {Array.from({ length: 6 }, (_, i) => (
              <Card key={i} aria-hidden className="h-24 animate-pulse bg-muted/40" />
            ))}
          </div>
        ) : products.isError || prices.isError ? (
          <Alert variant="error">{apiErrorText(products.error ?? prices.error, t('purchase.failed'))}</Alert>
        ) : offered.length === 0 ? (
          <p className="text-muted-foreground" data-testid="store-catalogue-empty">
            {q ? t('purchase.noneFound', { q }) : t('purchase.empty')}
          </p>
        ) : (
          groupsOf(offered).map((g) => (
            <div key={g.title} className="flex flex-col gap-2">
              {g.title && <h2 className="text-sm font-semibold text-muted-foreground">{g.title}</h2>}
              <ul className="flex flex-col gap-2">
                {g.items.map((p) => {
                  const price = priced.get(p.id)!;
                  const inCart = cart.lines.find((l) => l.productId === p.id);
                  const out = !(Number(price.available) > 0);
                  return (
                    <li key={p.id}>
                      <Card className="flex items-center justify-between gap-3 p-3" data-testid="store-product">
                        <span className="min-w-0">
                          <span className="block font-medium">{p.name}</span>
                          <span className="block text-xs text-muted-foreground">
                            {[p.ref, p.unitName, p.package].filter(Boolean).join(' · ')}
                          </span>
                          {price.campaign && (
                            <span className="block text-xs font-medium text-primary" data-testid="store-product-campaign">
                              {t('purchase.campaign', { name: price.campaign })}
                            </span>
                          )}
                          <span className="block text-sm">
                            {price.listPrice !== price.price && (
                              <span className="mr-1 text-muted-foreground tabular-nums line-through">
                                <span className="sr-only">{t('purchase.from')} </span>
                                {format.money(price.listPrice, prices.data?.decimals)}
                              </span>
                            )}
                            <span className="font-semibold tabular-nums">{format.money(price.price, prices.data?.decimals)}</span>
                            <span className="text-muted-foreground"> · {out ? t('purchase.outOfStock') : t('purchase.available', { quantity: format.quantity(price.available) })}</span>
                          </span>
                        </span>
                        <Button size="sm" variant={inCart ? 'outline' : 'default'} onClick={() => add({ productId: p.id, ref: p.ref, name: p.name })} disabled={!canBuy}>
                          <IconPlus aria-hidden />
                          {inCart ? t('purchase.more') : t('purchase.add')}
                          <span className="sr-only"> {p.name}</span>
                        </Button>
                      </Card>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))
        )}
        {products.hasNextPage && offered.length > 0 && !prices.isPending && (
          <Button variant="outline" onClick={() => void products.fetchNextPage()} disabled={products.isFetchingNextPage}>
            {t('purchase.moreProducts')}
          </Button>
        )}
        {limited && <p className="text-sm text-muted-foreground">{t('purchase.limited')}</p>}
      </section>

      <section aria-labelledby="store-cart-title" className="flex flex-col gap-3" data-testid="store-cart">
        <h2 id="store-cart-title" className="flex items-center gap-2 text-xl font-semibold">
          <IconShoppingCart aria-hidden className="size-5" />
          {t('cart.title')} {count > 0 && <span className="text-base font-normal text-muted-foreground">({t('orders.items', { count })})</span>}
        </h2>
        {count === 0 ? (
          <p className="text-muted-foreground">{t('cart.empty')}</p>
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {cart.lines.map((line: CartLine, index) => {
                const figured = figures?.lines.find((l) => l.productId === line.productId);
                const wrong = !validQuantity(line.quantity) ? t('cart.quantityInvalid') : lineProblem(index);
                return (
                  <li key={line.productId}>
                    <Card className="flex flex-col gap-2 p-3" data-testid="store-cart-line">
                      <span className="flex items-baseline justify-between gap-3">
                        <span className="font-medium">{line.name}</span>
                        <span className="whitespace-nowrap tabular-nums">{figured ? format.money(figured.total, figures?.decimals) : ''}</span>
                      </span>
                      <div className="flex items-end gap-2">
                        <Button size="icon" variant="outline" aria-label={t('cart.less', { name: line.name })} onClick={() => (validQuantity(line.quantity) && Number(line.quantity.replace(',', '.')) > 1 ? setQuantity(line.productId, String(Math.floor(Number(line.quantity.replace(',', '.'))) - 1)) : remove(line.productId))}>
                          <IconMinus aria-hidden />
                        </Button>
                        <FormField label={t('cart.quantity', { name: line.name })} error={wrong} className="w-28 [&_label]:sr-only">
                          <Input inputMode="decimal" value={line.quantity} onChange={(e) => setQuantity(line.productId, e.target.value)} maxLength={14} data-testid="store-cart-quantity" />
                        </FormField>
                        <Button size="icon" variant="outline" aria-label={t('cart.plus', { name: line.name })} onClick={() => add(line)}>
                          <IconPlus aria-hidden />
                        </Button>
                        <Button size="icon" variant="ghost" className="ml-auto" aria-label={t('cart.remove', { name: line.name })} onClick={() => remove(line.productId)}>
                          <IconTrash aria-hidden />
                        </Button>
                      </div>
                      {figured && (
                        <span className="text-xs text-muted-foreground">
                          {format.money(figured.unitPrice, figures?.decimals)} {figured.campaign ? `· ${figured.campaign}` : ''}
                        </span>
                      )}
                    </Card>
                  </li>
                );
              })}
            </ul>
            {figures && (
              <Card className="flex flex-col gap-4 p-4">
                <Segmented
                  label={t('cart.method')}
                  value={cart.paymentMethod}
                  options={[
                    // Pix only where the store takes it (its processor): otherwise the condition's terms alone.
                    ...(figures.pixAvailable ? [{ value: 'pix' as const, label: t('cart.pix') }] : []),
                    { value: 'terms' as const, label: t('cart.terms') },
                  ]}
                  onChange={(paymentMethod) => set({ paymentMethod })}
                />
                <FormField label={t('cart.condition')} error={problems.find((p) => p.field === 'paymentConditionId')?.message}>
                  <select className={selectClass} value={cart.paymentConditionId ?? ''} onChange={(e) => set({ paymentConditionId: e.target.value || null })} data-testid="store-condition">
                    <option value="">{t('cart.chooseCondition')}</option>
                    {figures.conditions.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                        {c.minimumInvoice ? ` · ${t('cart.minimum', { value: format.money(c.minimumInvoice) })}` : ''}
                      </option>
                    ))}
                  </select>
                </FormField>
                {figures.addresses.length > 0 && (
                  <FormField label={t('cart.address')} error={problems.find((p) => p.field === 'shippingAddressId')?.message}>
                    <select className={selectClass} value={cart.shippingAddressId ?? figures.shippingAddressId ?? ''} onChange={(e) => set({ shippingAddressId: e.target.value || null })}>
                      {figures.addresses.map((a) => (
                        <option key={a.id} value={a.id}>
                          {a.label}
                        </option>
                      ))}
                    </select>
                  </FormField>
                )}
                <FormField label={t('cart.note')}>
                  <textarea className={textareaClass} value={cart.note} maxLength={500} onChange={(e) => set({ note: e.target.value })} />
                </FormField>
                {figures.installments.length > 0 && (
                  <div className="flex flex-col gap-1 text-sm">
                    <h3 className="font-semibold">{t('order.installments')}</h3>
                    <ul data-testid="store-cart-installments">
                      {figures.installments.map((i) => (
                        <li key={i.installment} className="flex justify-between gap-3">
                          <span>
                            {i.installment} · {format.date(i.dueDate)}
                          </span>
                          <span className="tabular-nums">{format.money(i.value, figures.decimals)}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                <p className="flex justify-between border-t border-border pt-3 text-lg font-semibold" data-testid="store-cart-total">
                  <span>{t('order.total')}</span>
                  <span className="tabular-nums">{format.money(figures.totals.total, figures.decimals)}</span>
                </p>
                {otherProblems
                  .filter((p) => p.field !== 'paymentConditionId' && p.field !== 'shippingAddressId')
                  .map((p) => (
                    <Alert key={p.field + p.message} variant="warning">
                      {p.message}
                    </Alert>
                  ))}
              </Card>
            )}
            {quote.isError && <Alert variant="error">{apiErrorText(quote.error, t('cart.failed'))}</Alert>}
            {purchase.isError && (
              <Alert variant="error" data-testid="store-purchase-error">
                {apiErrorText(purchase.error, t('cart.closeFailed'))}
              </Alert>
            )}
            <Button size="lg" onClick={close} disabled={!canBuy || typedWrong || !figures || problems.length > 0 || quote.isFetching || purchase.isPending} data-testid="store-close">
              {purchase.isPending ? t('cart.closing') : t('cart.close')}
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
