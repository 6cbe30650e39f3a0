import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const alertVariants = cva('flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0', {
  variants: {
    variant: {
      info: 'border-primary/30 bg-primary/10 text-foreground',
      success: 'border-primary/30 bg-primary/10 text-foreground',
      warning: 'border-warning/40 bg-warning/10 text-foreground',
      error: 'border-destructive/40 bg-destructive/10 text-foreground',
    },
  },
  defaultVariants: { variant: 'info' },
});

const ICONS = { info: IconInfoCircle, success: IconCircleCheck, warning: IconAlertTriangle, error: IconAlertCircle } as const;

/** An inline message. Errors are announced at once (role alert); the others politely (role status). */
export function Alert({ className, variant, children, ...props }: HTMLAttributes<HTMLDivElement> & VariantProps<typeof alertVariants>) {
  const Icon = ICONS[variant ?? 'info'];
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
