import { isCalendarDate } from '@ev/shared/calendar';
import { useState, type Ref } from 'react';
import { Input } from '@/components/ui/input';
import { DEFAULT_DATE_FORMAT, formatDate, useFormat } from '@/lib/format';
import { applyMask } from '@/lib/masks';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The mask of a date format made of dd, MM and yyyy ('dd/MM/yyyy' → '##/##/####'). */
export const dateMask = (pattern: string) => pattern.replace(/yyyy|MM|dd/g, (p) => '#'.repeat(p.length));

/** A complete date typed in `pattern` as `yyyy-MM-dd`; null while incomplete or not a day of the calendar. */
export function parseTypedDate(text: string, pattern: string): string | null {
  if (text.length !== pattern.length) return null;
  const part = (p: string) => text.slice(pattern.indexOf(p), pattern.indexOf(p) + p.length);
  const [y, m, d] = [part('yyyy'), part('MM'), part('dd')];
  if (!/^\d{4}$/.test(y) || !/^\d{2}$/.test(m) || !/^\d{2}$/.test(d)) return null;
  const iso = `${y}-${m}-${d}`;
  return isCalendarDate(iso) ? iso : null;
}

interface DateInputProps {
  id?: string;
  name?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  ref?: Ref<HTMLInputElement>;
  /** `yyyy-MM-dd`, '' for none, or what was typed while it is not a date yet. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  readOnly?: boolean;
}

/**
 * A date typed in the user's date format (`formatoData`: dd/MM/yyyy, MM/dd/yyyy or yyyy-MM-dd),
 * masked as it is typed; a date pasted as yyyy-MM-dd is taken as it is. The value is the date as
 * the API reads it (`yyyy-MM-dd`) once complete, and the typed text before that, so the schema's
 * message names a date left half typed.
 */
export function DateInput({ value, onChange, readOnly, ...rest }: DateInputProps) {
  const format = useFormat();
  const pattern = format.ctx.dateFormat || DEFAULT_DATE_FORMAT;
  const show = (v: string) => (ISO.test(v) ? formatDate(v, format.ctx) : v);
  const [text, setText] = useState(() => show(value));
  const [shown, setShown] = useState(value);
  // A value set from outside (a reset, a record read again) replaces the text.
  if (value !== shown) {
    setShown(value);
    setText(show(value));
  }
  return (
    <Input
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      placeholder={pattern}
      maxLength={pattern.length}
      readOnly={readOnly}
      value={text}
      onChange={(e) => {
        const typed = e.target.value.trim();
        const iso = ISO.test(typed) ? typed : null;
        const masked = iso ? show(iso) : applyMask(typed, dateMask(pattern));
        const next = iso ?? parseTypedDate(masked, pattern) ?? masked;
        setText(masked);
        setShown(next);
        onChange(next);
      }}
    />
  );
}
