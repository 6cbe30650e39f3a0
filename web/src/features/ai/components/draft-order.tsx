import { AI_DRAFT_TEXT_MAX, type AiDraftLine, type AiProductMatch, type AiSuggestion } from '@ev/shared/schemas/ai';
import { IconShoppingCartPlus, IconWand } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, selectClass, textareaClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useAcceptSuggestion, useDraftOrder } from '../api/ai-api';

/** A line as the user checks it: the product chosen among the match and its alternatives (or none), and the quantity. */
interface Checked {
  productId: string;
  quantity: string;
}

const NONE = '';

function optionsOf(line: AiDraftLine): AiProductMatch[] {
  return line.match ? [line.match, ...line.alternatives.filter((a) => a.productId !== line.match!.productId)] : line.alternatives;
}

/**
 * A message read as an order: each line's words, quantity and the product matched in the catalogue
 * (with its confidence and alternatives), for the user to check; the lines kept become a sales draft
 * that opens in order entry, where the order is closed as any other.
 */
export function DraftOrder({ phone, text, onText }: { phone: string; text: string; onText(text: string): void }) {
  const { t } = useTranslation('ai');
  const navigate = useNavigate();
  const read = useDraftOrder();
  const accept = useAcceptSuggestion();
  const [suggestion, setSuggestion] = useState<AiSuggestion | null>(null);
  const [checked, setChecked] = useState<Checked[]>([]);
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const ask = async () => {
    setError(null);
    try {
      const s = await read.mutateAsync({ phone, text });
      setSuggestion(s);
      setChecked(s.lines.map((l) => ({ productId: l.match?.productId ?? NONE, quantity: l.quantity.replace('.', ',') })));
    } catch (e) {
      setError(apiErrorText(e, t('assistant.failed')));
    }
  };
  const kept = checked.filter((c) => c.productId !== NONE);
  const create = async () => {
    if (!suggestion) return;
    setError(null);
    try {
      const accepted = await accept.mutateAsync({ id: suggestion.id, body: { kind: 'draft', lines: kept.map((c) => ({ productId: c.productId, quantity: c.quantity })) } });
      if (accepted.draftId) void navigate({ to: '/sales/create/{-$id}', params: { id: accepted.draftId } });
    } catch (e) {
      setError(apiErrorText(e, t('draft.failed')));
    }
  };
  return (
    <section aria-label={t('draft.title')} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t('draft.title')}</h3>
      <Label htmlFor={textId}>{t('draft.message')}</Label>
      <textarea id={textId} className={textareaClass} rows={3} maxLength={AI_DRAFT_TEXT_MAX} value={text} onChange={(e) => onText(e.target.value)} />
      <div>
        <Button size="sm" variant="outline" onClick={() => void ask()} disabled={read.isPending || !text.trim()}>
          <IconWand aria-hidden />
          {read.isPending ? t('draft.reading') : t('draft.read')}
        </Button>
      </div>
      {suggestion && (
        <>
          {suggestion.lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('draft.nothing')}</p>
          ) : (
            <ol className="flex flex-col gap-2" aria-label={t('draft.lines')}>
              {suggestion.lines.map((line, i) => (
                <DraftLine key={i} index={i} line={line} value={checked[i]!} onChange={(c) => setChecked(Object.assign([...checked], { [i]: c }))} />
              ))}
            </ol>
          )}
          <div>
            <Button size="sm" onClick={() => void create()} disabled={accept.isPending || kept.length === 0}>
              <IconShoppingCartPlus aria-hidden />
              {accept.isPending ? t('draft.creating') : t('draft.create', { count: kept.length })}
            </Button>
          </div>
        </>
      )}
      {error && <Alert variant="error">{error}</Alert>}
    </section>
  );
}

function DraftLine({ index, line, value, onChange }: { index: number; line: AiDraftLine; value: Checked; onChange(c: Checked): void }) {
  const { t } = useTranslation('ai');
  const options = optionsOf(line);
  const chosen = options.find((o) => o.productId === value.productId);
  const productId = `ai-line-${index}-product`;
  const quantityId = `ai-line-${index}-quantity`;
  return (
    <li className="flex flex-col gap-1.5 rounded-md border border-border p-2 text-sm" data-testid="ai-draft-line">
      <p className="text-xs text-muted-foreground">
        “{line.source}”{line.unitWord && ` · ${line.unitWord}`}
      </p>
      <div className="grid grid-cols-[5rem_minmax(0,1fr)] gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={quantityId} className="text-xs">
            {t('draft.quantity')}
          </Label>
          <Input id={quantityId} inputMode="decimal" value={value.quantity} onChange={(e) => onChange({ ...value, quantity: e.target.value })} />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor={productId} className="text-xs">
            {t('draft.product')}
          </Label>
          <select id={productId} className={selectClass} value={value.productId} onChange={(e) => onChange({ ...value, productId: e.target.value })}>
            <option value={NONE}>{t('draft.skip')}</option>
            {options.map((o) => (
              <option key={o.productId} value={o.productId}>
                {[o.ref, o.name, o.unit].filter(Boolean).join(' · ')} ({o.confidence}%)
              </option>
            ))}
          </select>
        </div>
      </div>
      {chosen ? (
        <p className="text-xs">
          <span className="break-words">{[chosen.name, chosen.unit].filter(Boolean).join(' · ')}</span>
          <span className={cn('block', chosen.confidence < 60 ? 'font-medium' : 'text-muted-foreground')}>{t(chosen.confidence < 60 ? 'draft.unsure' : 'draft.confidence', { value: chosen.confidence })}</span>
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">{options.length ? t('draft.skipped') : t('draft.noMatch')}</p>
      )}
    </li>
  );
}
