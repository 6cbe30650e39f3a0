import { useState } from 'react';
import { DateInput } from '@/components/form/date-input';
import { Label } from '@/components/ui/label';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One end of a list's period filter: typed in the user's date format, handed on (to the URL) once
 * it is a whole date, or emptied. A value changed from outside (clearing the filters, the back
 * button) replaces what was typed.
 */
export function PeriodDate({ id, label, value, onChange }: { id: string; label: string; value: string | undefined; onChange(value: string | undefined): void }) {
  const [typed, setTyped] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setTyped(value ?? '');
  }
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <DateInput
        id={id}
        value={typed}
        onChange={(next) => {
          setTyped(next);
          if (next === '' || ISO.test(next)) {
            setSeen(next || undefined);
            onChange(next || undefined);
          }
        }}
      />
    </div>
  );
}
