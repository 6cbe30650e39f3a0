import { Label } from '@/components/ui/label';
import { selectClass } from '@/components/ui/input';


/** A filter with fixed choices: a native select whose first option (`all`, value '') means no filter. */
export function SelectFilter({ id, label, value, onChange, all, options }: { id: string; label: string; value: string; onChange(value: string): void; all: string; options: { value: string; label: string }[] }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
