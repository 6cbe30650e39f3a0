import { cn } from '@/lib/cn';

/** A choice of two or three views of one list (pending and sent, clients and unknown numbers): a radio group of buttons. */
export function Segmented<V extends string>({ label, value, options, onChange }: { label: string; value: V; options: readonly { value: V; label: string }[]; onChange(value: V): void }) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex w-full rounded-md border border-border bg-card p-0.5 sm:w-auto">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn('min-h-9 flex-1 rounded px-3 py-1 text-sm font-medium transition-colors sm:flex-none', value === o.value ? 'bg-primary text-primary-foreground' : 'hover:bg-muted')}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
