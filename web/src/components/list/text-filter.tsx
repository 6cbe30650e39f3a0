import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUrlSearchText } from './search-box';

/**
 * A filter by a typed text kept in the URL (a city, a neighbourhood): the field follows the typing,
 * the URL follows it 300 ms later (undefined when blank), a value changed from outside (clearing
 * the filters, the back button) is shown.
 */
export function TextFilter({ id, label, value, onChange, maxLength = 120 }: { id: string; label: string; value: string | undefined; onChange(value: string | undefined): void; maxLength?: number }) {
  const { typed, setTyped } = useUrlSearchText(value, onChange);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="text" value={typed} maxLength={maxLength} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
    </div>
  );
}
