import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';

/** A list's search field: a search input with the magnifier inside it. */
export function SearchBox({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange(value: string): void }) {
  return (
    <div className="relative">
      <IconSearch aria-hidden className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground" />
      <Input type="search" className="ps-9" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** A list's search text: `typed` follows the field, `q` (trimmed) follows it 300 ms later; `clear` empties both at once. */
export function useSearchText() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const clear = () => {
    setTyped('');
    setQ('');
  };
  return { typed, setTyped, q, clear };
}
