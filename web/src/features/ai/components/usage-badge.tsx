import { AI_BUDGET_MAX, AI_BUDGET_MIN } from '@ev/shared/schemas/ai';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAbility } from '@/lib/ability';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { useAiUsage, useSaveAiSettings } from '../api/ai-api';

/** Which model answers (Bedrock's, or the local adapter, labelled as such) and this month's tokens against the company's budget. */
export function UsageBadge() {
  const { t } = useTranslation('ai');
  const format = useFormat();
  const usage = useAiUsage();
  const admin = useAbility().can('update', 'admin');
  const [open, setOpen] = useState(false);
  if (!usage.data) return null;
  const u = usage.data;
  const model = u.model.kind === 'local' ? t('model.local') : t('model.bedrock', { id: u.model.modelId });
  const tokens = u.limit === null ? t('usage.unlimited', { used: format.number(u.used, 0) }) : t('usage.of', { used: format.number(u.used, 0), limit: format.number(u.limit, 0) });
  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="ai-usage">
      <IconSparkles aria-hidden className="size-4 shrink-0" />
      <span>
        {model} · {tokens}
      </span>
      {admin && (
        <>
          <Button variant="link" size="sm" className="h-auto px-0 text-xs" onClick={() => setOpen(true)}>
            {t('usage.change')}
          </Button>
          <BudgetDialog open={open} onOpenChange={setOpen} limit={u.limit} />
        </>
      )}
    </div>
  );
}

function BudgetDialog({ open, onOpenChange, limit }: { open: boolean; onOpenChange(open: boolean): void; limit: number | null }) {
  const { t } = useTranslation('ai');
  const format = useFormat();
  const save = useSaveAiSettings();
  const [value, setValue] = useState(limit === null ? '' : String(limit));
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    const digits = value.replace(/\D/g, '');
    try {
      await save.mutateAsync({ monthlyTokenBudget: digits ? Number(digits) : null });
      onOpenChange(false);
    } catch (e) {
      setError(apiErrorText(e, t('usage.saveFailed')));
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title={t('usage.budgetTitle')} description={t('usage.budgetHint', { min: format.number(AI_BUDGET_MIN, 0), max: format.number(AI_BUDGET_MAX, 0) })} closeLabel={t('close')} />
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Label htmlFor="ai-budget">{t('usage.budget')}</Label>
          <Input id="ai-budget" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={!!error || undefined} aria-describedby={error ? 'ai-budget-error' : undefined} />
          {error && (
            <Alert variant="error" id="ai-budget-error">
              {error}
            </Alert>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {t('save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
