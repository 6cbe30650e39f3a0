import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from './button';
import { Input } from './input';

/** A value to copy (a webhook's address, a sale's delivery link): read only, selected on focus, with a button that copies it. */
export function CopyField({ id, label: text, value, copyLabel, copiedLabel, testId }: { id: string; label: string; value: string; copyLabel: string; copiedLabel: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <label htmlFor={id} className="text-sm font-medium">
        {text}
      </label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button
          type="button"
          variant="outline"
          aria-label={`${copyLabel}: ${text}`}
          onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false))}
        >
          <IconCopy aria-hidden />
          <span className="hidden sm:inline">{copied ? copiedLabel : copyLabel}</span>
        </Button>
      </div>
    </div>
  );
}
