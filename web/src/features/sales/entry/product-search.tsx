import type { SaleCatalogueItem } from '@ev/shared/schemas/sales';
import { SaleTexts } from '@ev/shared/sales/texts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import { catalogue, catalogueReason } from './entry-api';
import { unitAndPackage } from './item-row';

/**
 * The product search of the order entry: name, reference or barcode. A barcode scanner types the
 * code and Enter: the product whose barcode or reference is exactly what was typed goes on the
 * order at once (or the only one found). A product that cannot be sold shows why, and is not added.
 */
export function ProductSearch({ clientId, priceTableId, productCompanyId, onAdd }: { clientId: string | null; priceTableId: string | null; productCompanyId: string | null; onAdd(p: SaleCatalogueItem): void }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const decimals = useSession().data?.branch?.casasDecimais ?? 2;
  const listId = useId();
  const [typedText, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typedText.trim()), 250);
    return () => clearTimeout(timer);
  }, [typedText]);
  const results = useQuery({
    queryKey: ['sales', 'entry', 'catalogue', clientId, priceTableId, term],
    queryFn: ({ signal }) => catalogue({ clientId, priceTableId, q: term, limit: 10 }, signal),
    enabled: term.length > 0 && !!clientId,
    staleTime: 30_000,
    // Offline the catalogue answers from the device (entry-offline.ts).
    networkMode: 'always',
  });
  const items = term && results.data ? results.data.items : [];
  const refusal = (p: SaleCatalogueItem) => catalogueReason(p) ?? (productCompanyId && p.productCompanyId && p.productCompanyId !== productCompanyId ? textOf(SaleTexts.otherCompany({ name: p.name })) : null);
  const current = Math.max(0, Math.min(active, items.length - 1));

  const add = (p: SaleCatalogueItem | undefined) => {
    if (!p || refusal(p)) return;
    onAdd(p);
    setTyped('');
    setTerm('');
    setActive(0);
  };
  const onKeyDown = async (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && items.length) {
      e.preventDefault();
      setActive((current + 1) % items.length);
    } else if (e.key === 'ArrowUp' && items.length) {
      e.preventDefault();
      setActive((current - 1 + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const code = typedText.trim();
      if (!code || !clientId) return;
      // A scanner is faster than the debounce: ask now for what was typed.
      const found = term === code && results.data ? results.data.items : (await catalogue({ clientId, priceTableId, q: code, limit: 10 })).items;
      const exact = found.find((p) => p.barcode === code || p.ref.toLowerCase() === code.toLowerCase());
      add(exact ?? (found.length === 1 ? found[0] : term === code ? found[current] : undefined));
    } else if (e.key === 'Escape') setTyped('');
  };

  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={`${listId}-input`} className="text-sm font-medium">
        {t('entry.addProduct')}
      </label>
      <Input
        id={`${listId}-input`}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items.length ? `${listId}-${current}` : undefined}
        autoComplete="off"
        disabled={!clientId}
        placeholder={clientId ? t('entry.productPlaceholder') : t('entry.clientFirst')}
        value={typedText}
        onChange={(e) => {
          setTyped(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => void onKeyDown(e)}
      />
      {term && results.isSuccess && items.length === 0 && <p className="text-sm text-muted-foreground">{t('entry.noProducts')}</p>}
      {results.isError && <p className="text-sm text-destructive">{t('entry.searchFailed')}</p>}
      {items.length > 0 && (
        <ul id={listId} role="listbox" aria-label={t('entry.addProduct')} className="max-h-80 overflow-y-auto rounded-md border border-border bg-card shadow-sm">
          {items.map((p, i) => {
            const why = refusal(p);
            return (
              <li
                key={p.productId}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === current}
                aria-disabled={why ? true : undefined}
                className={cn('flex cursor-pointer flex-col gap-0.5 px-3 py-2 text-sm', i === current && 'bg-muted', why && 'cursor-not-allowed')}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => add(p)}
              >
                <span className="flex justify-between gap-2">
                  <span className="min-w-0 break-words">
                    <span className="font-mono text-xs text-muted-foreground">{p.ref}</span> {p.name}
                    {unitAndPackage(p) && <span className="ms-1.5 text-xs text-muted-foreground">{unitAndPackage(p)}</span>}
                  </span>
                  {p.price && <span className="shrink-0 tabular-nums">{format.money(p.price, decimals)}</span>}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t('entry.stock', { quantity: format.quantity(p.available) })}
                  {p.barcode && ` · ${p.barcode}`}
                </span>
                {why && <span className="text-xs font-medium text-destructive">{why}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
