import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { extraProblems, lineKey, type ExtraRow } from './entry-state';

/** Most extra fields one order carries on this screen. */
export const MAX_EXTRA_ROWS = 20;

/**
 * The sale's extra data (spec section 4, "extra data"): free fields a company uses for what the
 * order has no field for (a purchase order number, a delivery window), each a name and a value.
 * Saved with the draft; a row without a name is kept on screen and not sent, and says so.
 */
export function ExtraData({ rows, error, onChange }: { rows: ExtraRow[]; error: string | undefined; onChange(rows: ExtraRow[]): void }) {
  const { t } = useTranslation('sales');
  const problems = extraProblems(rows);
  const set = (key: string, patch: Partial<ExtraRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('entry.extra')}</legend>
      {rows.length === 0 && <p className="text-sm text-muted-foreground">{t('entry.extraNone')}</p>}
      {rows.map((r, i) => {
        const problem = problems.get(r.key);
        return (
          <div key={r.key} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[14rem_1fr_auto] sm:items-start" data-testid="extra-row">
            <FormField label={t('entry.extraName', { n: i + 1 })} error={problem ? t(`entry.extraProblem.${problem}`) : undefined}>
              <Input maxLength={40} autoComplete="off" value={r.name} onChange={(e) => set(r.key, { name: e.target.value })} />
            </FormField>
            <FormField label={t('entry.extraValue', { n: i + 1 })} className="col-start-1 sm:col-start-auto">
              <Input maxLength={500} autoComplete="off" value={r.value} onChange={(e) => set(r.key, { value: e.target.value })} />
            </FormField>
            <Button variant="ghost" size="icon" className="row-start-1 col-start-2 mt-6 sm:col-start-3" aria-label={t('entry.extraRemove', { n: i + 1 })} onClick={() => onChange(rows.filter((x) => x.key !== r.key))}>
              <IconTrash />
            </Button>
          </div>
        );
      })}
      {error && <p className="text-xs font-medium text-destructive">{error}</p>}
      <Button variant="outline" size="sm" className="self-start" disabled={rows.length >= MAX_EXTRA_ROWS} onClick={() => onChange([...rows, { key: lineKey(), name: '', value: '' }])}>
        <IconPlus />
        {t('entry.extraAdd')}
      </Button>
    </fieldset>
  );
}
