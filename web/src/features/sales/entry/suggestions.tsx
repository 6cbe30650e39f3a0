import type { SaleCatalogueItem, SaleClientProduct } from '@ev/shared/schemas/sales';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Section } from '@/components/ui/section';
import { apiErrorText } from '@/lib/api-error-text';
import type { Formatter } from '@/lib/format';
import { catalogue, catalogueReason } from './entry-api';

/** How many of the client's usual products the entry suggests at once. */
const SHOWN = 8;

/**
 * The company's "suggest products" (docs/sales.md): the products the client buys most often in
 * its latest sales, those not on the order yet, each added with one press at today's price for
 * the client and the order's negotiation (a product that can no longer be sold says why).
 */
export function Suggestions({
  products,
  onOrder,
  clientId,
  priceTableId,
  format,
  decimals,
  onAdd,
}: {
  products: SaleClientProduct[];
  onOrder: ReadonlySet<string>;
  clientId: string;
  priceTableId: string | null;
  format: Formatter;
  decimals: number;
  onAdd(p: SaleCatalogueItem): void;
}) {
  const { t } = useTranslation('sales');
  const [busy, setBusy] = useState<string | null>(null);
  const [refused, setRefused] = useState<Record<string, string>>({});
  const shown = products.filter((p) => !onOrder.has(p.productId)).slice(0, SHOWN);
  if (!shown.length) return null;

  async function add(p: SaleClientProduct) {
    setBusy(p.productId);
    try {
      const item = (await catalogue({ clientId, priceTableId, productIds: [p.productId] })).items[0];
      if (!item) setRefused((r) => ({ ...r, [p.productId]: t('entry.suggestionGone') }));
      else if (catalogueReason(item)) setRefused((r) => ({ ...r, [p.productId]: catalogueReason(item)! }));
      else onAdd(item);
    } catch (e) {
      setRefused((r) => ({ ...r, [p.productId]: apiErrorText(e, t('entry.searchFailed')) }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section title={t('entry.suggestions')} level={3} boxed titleClassName="font-medium">
      <ul className="flex flex-col divide-y divide-border" data-testid="entry-suggestions">
        {shown.map((p) => (
          <li key={p.productId} className="flex items-center justify-between gap-2 py-1.5">
            <div className="min-w-0">
              <p className="break-words text-sm">
                <span className="font-mono text-xs text-muted-foreground">{p.ref}</span> {p.name}
              </p>
              <p className="text-xs text-muted-foreground">
                {t('entry.suggestionOrders', { count: p.orders })} · {t('entry.lastPrice', { price: format.money(p.lastUnitPrice, decimals), date: format.date(p.lastDate) })}
              </p>
              {refused[p.productId] && <p className="text-xs font-medium text-destructive">{refused[p.productId]}</p>}
            </div>
            <Button variant="outline" size="sm" disabled={busy !== null} aria-label={t('entry.addSuggestion', { name: p.name })} onClick={() => void add(p)}>
              <IconPlus />
              <span className="hidden sm:inline">{t('entry.add')}</span>
            </Button>
          </li>
        ))}
      </ul>
    </Section>
  );
}
