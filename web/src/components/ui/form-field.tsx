import type { ReactElement, ReactNode } from 'react';
import { cloneElement, useId } from 'react';
import { Label } from './label';
import { cn } from '@/lib/cn';

interface FormFieldProps {
  label: ReactNode;
  /** The message under the field; the control is marked invalid and described by it. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** One control (Input, PasswordInput, select…): it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}

/**
 * A label, its control and the control's error or hint, wired for assistive technology. It may
 * shrink below its content (`min-w-0`), so a long chosen name truncates in its picker instead of
 * widening a grid column past a phone's screen.
 */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={messageId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
