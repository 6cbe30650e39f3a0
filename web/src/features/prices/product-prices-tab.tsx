import { PriceValue, type TablePrice } from '@ev/shared/schemas/prices';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { useAbility } from '@/lib/ability';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { maskDecimal } from '@/lib/masks';
import { notify } from '@/lib/notices';
import { validityText } from './validity';
import { useProductPrices, useRemovePrice, useSetPrice } from './api/prices-api';

/** "12.5000" → "12,50" to edit: the stored digits, at least two places, without trailing zeros beyond them. */
function editable(price: string): string {
  const [int = '0', frac = ''] = price.split('.');
  return `${int},${frac.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** One table's row: the price, edited inline (administrators), removed after a confirmation. */
function PriceRow({ productId, item, decimals, canEdit }: { productId: string; item: TablePrice; decimals: number; canEdit: boolean }) {
  const { t } = useTranslation('prices');
  const format = useFormat();
  const setPrice = useSetPrice(productId);
  const removePrice = useRemovePrice(productId);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const validity = validityText(t as never, format, item);

  const start = () => {
    setValue(item.price ? editable(item.price) : '');
    setError(null);
    setEditing(true);
  };
  const save = async () => {
    const parsed = PriceValue.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      await setPrice.mutateAsync({ tableId: item.tableId, price: value });
      setEditing(false);
      notify({ kind: 'success', text: t('tab.saved') });
    } catch (e) {
      const field = apiFieldErrors(e).find((f) => f.field === 'price');
      setError(field ? field.message : apiErrorText(e, t('tab.saveFailed')));
    }
  };
  const remove = async () => {
    try {
      await removePrice.mutateAsync(item.tableId);
      setConfirm(false);
      notify({ kind: 'success', text: t('tab.removed') });
    } catch (e) {
      setConfirm(false);
      notify({ kind: 'error', text: apiErrorText(e, t('tab.removeFailed')) });
    }
  };

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="product-price-row">
      <div className="flex flex-col">
        <span className="font-medium">
          {item.tableName}
          {item.isDefault && <span className="ms-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-normal text-primary">{t('tab.default')}</span>}
        </span>
        {(validity || !item.inWindow) && (
          <span className="text-xs text-muted-foreground">
            {validity}
            {!item.inWindow && <span className="ms-1 text-destructive">· {t('window.outside')}</span>}
          </span>
        )}
      </div>
      {editing ? (
        <form
          className="flex flex-col gap-1 sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="flex items-center gap-2">
            <Input
              autoFocus
              inputMode="decimal"
              className="w-36 text-end"
              aria-label={t('tab.inputLabel', { table: item.tableName })}
              aria-invalid={error ? true : undefined}
              value={value}
              onChange={(e) => setValue(maskDecimal(e.target.value, 4).slice(0, 20))}
              placeholder="0,00"
            />
            <Button type="submit" size="icon" aria-label={t('tab.save')} disabled={setPrice.isPending}>
              <IconCheck aria-hidden />
            </Button>
            <Button variant="outline" size="icon" aria-label={t('tab.cancel')} onClick={() => setEditing(false)}>
              <IconX aria-hidden />
            </Button>
          </div>
          {error ? <p className="text-xs font-medium text-destructive">{error}</p> : <p className="text-xs text-muted-foreground">{t('tab.hint')}</p>}
        </form>
      ) : (
        <div className="flex items-center gap-2 sm:justify-end">
          <span className="tabular-nums" data-testid="product-price-value">
            {item.price ? format.money(item.price, decimals) : <span className="text-muted-foreground">{t('tab.none')}</span>}
          </span>
          {canEdit && (
            <>
              <Button variant="outline" size="sm" onClick={start} aria-label={`${item.price ? t('tab.edit') : t('tab.set')}: ${item.tableName}`}>
                <IconPencil aria-hidden />
                {item.price ? t('tab.edit') : t('tab.set')}
              </Button>
              {item.price && (
                <Button variant="ghost" size="sm" onClick={() => setConfirm(true)} aria-label={`${t('tab.remove')}: ${item.tableName}`}>
                  <IconTrash aria-hidden />
                </Button>
              )}
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('tab.removeTitle', { table: item.tableName })}
        description={t('tab.removeText')}
        confirmLabel={t('tab.remove')}
        cancelLabel={t('tab.cancel')}
        onConfirm={() => void remove()}
        busy={removePrice.isPending}
        destructive
      />
    </li>
  );
}

/**
 * The "Preços" tab of a product (`/products/{id}`): its price in each price table of the company,
 * the default first, with each table's window; shown at the session branch's decimals. Those who may
 * update `produtos` set a price inline (comma decimals, up to 4 places) and remove one after a
 * confirmation.
 */
export function ProductPricesTab({ productId }: { productId: string }) {
  const { t } = useTranslation('prices');
  const ability = useAbility();
  const query = useProductPrices(productId);
  const canEdit = ability.can('update', 'produtos');
  if (query.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('loading')}
      </p>
    );
  if (query.isError) return <FetchFailed error={query.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  if (!query.data.items.length) return <Alert variant="info">{t('tab.noTables')}</Alert>;
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label={t('tab.title')}>
      {query.data.items.map((item) => (
        <PriceRow key={item.tableId} productId={productId} item={item} decimals={query.data.decimals} canEdit={canEdit} />
      ))}
    </ul>
  );
}
