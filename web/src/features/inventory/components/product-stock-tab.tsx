import { Decimal } from '@ev/shared/money';
import type { Balance, Movement } from '@ev/shared/schemas/inventory';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiText, textOf } from '@/lib/api-error-text';
import { FetchFailed } from '@/components/fetch-failed';
import { LoadingBlocks } from '@/components/loading-blocks';
import { DataList, ListEmpty, PagedList, pagedListTexts, usePagedRows, type ListColumn } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Section } from '@/components/ui/section';
import { useAbility } from '@/lib/ability';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import { MOVEMENTS_PAGE_SIZE, useProductBalances, useProductMovements } from '../api/inventory-api';
import { MovementForm, type BranchOption } from './movement-form';

const FIGURES = ['bought', 'physical', 'reserved', 'lent', 'available'] as const;

const selectClass = 'h-9 rounded-md border border-input bg-card px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring';

const isNegative = (value: string) => new Decimal(value).isNegative();

/** An order's short name: the last 8 characters of its id (the random end of a UUID v7). */
const shortId = (orderId: string) => orderId.replace(/-/g, '').slice(-8).toUpperCase();

/**
 * The order a reservation or delivery belongs to. The sales pages come with the sales module: a
 * plain link to `/sales/{id}` until that route exists (the router's `Link` only takes known routes).
 */
function OrderLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation('inventory');
  return (
    <a href={`/sales/${encodeURIComponent(orderId)}`} className="font-medium text-primary underline-offset-4 hover:underline" data-testid="stock-movement-order">
      {t('stock.movements.order', { id: shortId(orderId) })}
    </a>
  );
}

/** One result center's figures: bought, physical, reserved, lent and available (negative in red). */
function BalanceBox({ balance, name, decimals }: { balance: Balance; name: string; decimals: number }) {
  const { t } = useTranslation('inventory');
  const format = useFormat();
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3" data-testid="stock-balance">
      <h3 className="text-sm font-semibold">
        {name}
      </h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        {FIGURES.map((f) => (
          <div key={f} className="flex flex-col">
            <dt className="text-xs text-muted-foreground">{t(`columns.${f}`)}</dt>
            <dd className={cn('tabular-nums', f === 'available' && 'font-semibold', f === 'available' && isNegative(balance.available) && 'text-destructive')} data-testid={`stock-balance-${f}`}>
              {format.quantity(balance[f], decimals)}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function LoadingTab() {
  const { t } = useTranslation('inventory');
  return (
    <LoadingBlocks
      label={t('stock.loading')}
      testId="product-stock-loading"
      rows={[
        { count: 2, columns: 'sm:grid-cols-2', height: 'h-20' },
        { count: 1, height: 'h-48' },
      ]}
    />
  );
}

/**
 * The "Estoque" tab of a product (`/products/{id}`, read `estoques`): its balance in each result
 * center the user is allowed, the form that posts a movement (update `estoques` only), and its
 * movements (all result centers, by center and newest first as the API reads them, or one center),
 * reservations and deliveries linked to their order. Table from `lg` (1280 px), cards below.
 * Quantities at the session branch's decimals (more when a quantity has more).
 */
export function ProductStockTab({ productId }: { productId: string }) {
  const { t } = useTranslation('inventory');
  const format = useFormat();
  const ability = useAbility();
  const session = useSession().data;
  const [shown, setShown] = useState<string | null>(null);
  const balances = useProductBalances(productId);
  const movements = useProductMovements(productId, shown);
  const paged = usePagedRows(movements, shown ?? '', MOVEMENTS_PAGE_SIZE);
  const movementsTitle = useId();
  const filterId = useId();
  const decimals = session?.branch?.casasDecimais ?? 2;
  const names = new Map((session?.branches ?? []).map((b) => [b.id, b.apelido || b.nome]));
  const branchName = (id: string) => names.get(id) ?? '—';

  if (balances.isError && !balances.data) return <FetchFailed error={balances.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void balances.refetch()} />;
  if (!balances.data || movements.isPending) return <LoadingTab />;
  if (!balances.data.length) return <Alert variant="info">{apiText('noBranches')}</Alert>;

  const branches: BranchOption[] = balances.data.map((b) => ({ id: b.branchId, name: branchName(b.branchId) }));
  const active = session?.branch?.id;
  const quantity = (m: Movement) => {
    const text = format.quantity(m.quantity, decimals);
    return m.kind === 'adjustment' && !isNegative(m.quantity) ? `+${text}` : text;
  };
  const note = (m: Movement) =>
    m.reason || m.reference ? (
      <>
        {/* A reason the system wrote, in the user's language; one a person typed, as typed. */}
        {m.reasonKey ? textOf({ key: m.reasonKey }) : m.reason}
        {m.reference && <span className={cn('text-muted-foreground', m.reason && 'ms-1')}>{m.reason ? `· ${m.reference}` : m.reference}</span>}
      </>
    ) : null;
  const columns: ListColumn<Movement>[] = [
    { id: 'at', header: t('stock.movements.columns.at'), className: 'whitespace-nowrap tabular-nums', cell: (m) => format.dateTime(m.at) },
    { id: 'branch', header: t('stock.movements.columns.branch'), className: 'whitespace-nowrap', cell: (m) => branchName(m.branchId) },
    { id: 'kind', header: t('stock.movements.columns.kind'), className: 'whitespace-nowrap', cell: (m) => t(`kinds.${m.kind}`) },
    { id: 'quantity', header: t('stock.movements.columns.quantity'), align: 'end', className: 'whitespace-nowrap tabular-nums', cell: quantity },
    { id: 'reason', header: t('stock.movements.columns.reason'), className: 'max-w-xs', cell: note },
    { id: 'order', header: t('stock.movements.columns.order'), className: 'whitespace-nowrap', cell: (m) => (m.orderId ? <OrderLink orderId={m.orderId} /> : null) },
  ];
  const card = (m: Movement) => (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-medium">{t(`kinds.${m.kind}`)}</span>
        <span className="font-semibold tabular-nums">{quantity(m)}</span>
      </div>
      <div className="flex flex-wrap justify-between gap-x-2 text-xs text-muted-foreground">
        <span>{branchName(m.branchId)}</span>
        <span className="tabular-nums">{format.dateTime(m.at)}</span>
      </div>
      {note(m) && <p className="break-words">{note(m)}</p>}
      {m.orderId && <OrderLink orderId={m.orderId} />}
    </div>
  );

  return (
    <div className="flex flex-col gap-6" data-testid="product-stock">
      <Section title={t('stock.balances')} className="gap-3">
        <ul className="grid gap-3 md:grid-cols-2">
          {balances.data.map((b) => (
            <BalanceBox key={b.branchId} balance={b} name={branchName(b.branchId)} decimals={decimals} />
          ))}
        </ul>
      </Section>

      {ability.can('update', 'estoques') && <MovementForm productId={productId} branches={branches} initialBranchId={branches.some((b) => b.id === active) ? active! : branches[0]!.id} decimals={decimals} />}

      <section aria-labelledby={movementsTitle} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={movementsTitle} className="text-base font-semibold">
            {t('stock.movements.title')}
          </h2>
          {branches.length > 1 && (
            <div className="flex w-full flex-col gap-1 sm:w-auto">
              <label htmlFor={filterId} className="text-xs text-muted-foreground">
                {t('stock.movements.filter')}
              </label>
              <select id={filterId} className={selectClass} value={shown ?? ''} onChange={(e) => setShown(e.target.value || null)}>
                <option value="">{t('stock.movements.allBranches')}</option>
                {branches.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'stock-movements-loading' }} empty={<ListEmpty>{t('stock.movements.empty')}</ListEmpty>}>
          <DataList
            label={t('stock.movements.title')}
            tableLabel={t('stock.movements.title')}
            rows={paged.rows}
            columns={columns}
            rowKey={(m) => m.id}
            rowTestId="stock-movement"
            card={card}
            cardItem={{ className: 'rounded-md border border-border p-3', testId: 'stock-movement-card' }}
            cardsBelow="lg"
            busy={movements.isFetching}
          />
        </PagedList>
      </section>
    </div>
  );
}
