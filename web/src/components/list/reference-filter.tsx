import { useState } from 'react';
import { ReferencePicker, type ReferenceSource } from '@/components/form/fields';
import type { ComboboxTexts } from '@/components/ui/combobox';
import { Label } from '@/components/ui/label';

/**
 * A filter by one record of another module or registry, kept in the URL by its id: the forms'
 * reference picker (searched by name; a value from the URL has its name read once) under a label.
 * `texts.clear` is the choice that removes the filter ("Todos").
 */
export function ReferenceFilter({ id, source, label, value, onChange, texts }: { id: string; source: ReferenceSource; label: string; value: string | undefined; onChange(value: string | undefined): void; texts: ComboboxTexts }) {
  // The names of the records chosen here: no read for them.
  const [known, setKnown] = useState<Record<string, string>>({});
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <ReferencePicker
        id={id}
        source={source}
        value={value ?? null}
        known={known}
        texts={texts}
        onChange={(v, option) => {
          if (option) setKnown((k) => ({ ...k, [option.value]: option.label }));
          onChange(v ?? undefined);
        }}
      />
    </div>
  );
}
