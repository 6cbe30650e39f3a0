import { formatTerm, normalizeTerms, termDays } from '@ev/shared/registries/fields';
import { IconX } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';

interface TermsInputProps {
  id?: string;
  value: number[];
  onChange(value: number[]): void;
  /** A typed term outside 0 to 365 was removed (the form shows the spec's message). */
  onInvalid(): void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * Payment terms (spec section 5): typed as 1 to 3 digits and Enter, shown as 3-digit chips (000 is
 * cash); an invalid one is removed, duplicates dropped, kept sorted.
 */
export function TermsInput({ id, value, onChange, onInvalid, ...aria }: TermsInputProps) {
  const { t } = useTranslation('registries');
  const [typed, setTyped] = useState('');
  const add = () => {
    if (!typed) return;
    const days = termDays(typed);
    setTyped('');
    if (days === null) onInvalid();
    else onChange(normalizeTerms([...value, days]));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',' || e.key === ' ') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !typed && value.length) onChange(value.slice(0, -1));
  };
  return (
    <div className="flex flex-col gap-2">
      <Input id={id} inputMode="numeric" maxLength={3} value={typed} placeholder="030" onChange={(e) => setTyped(e.target.value.replace(/\D/g, '').slice(0, 3))} onKeyDown={onKeyDown} onBlur={add} {...aria} />
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('terms.list')}>
          {value.map((d) => (
            <li key={d} data-testid="term-chip" className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2.5 py-0.5 text-sm font-medium tabular-nums">
              {formatTerm(d)}
              {d === 0 && <span className="text-xs text-muted-foreground">({t('terms.cash')})</span>}
              <button type="button" className="rounded-full p-0.5 hover:bg-muted" aria-label={t('terms.remove', { term: formatTerm(d) })} onClick={() => onChange(value.filter((x) => x !== d))}>
                <IconX className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
