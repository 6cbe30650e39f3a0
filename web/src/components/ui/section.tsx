import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SectionProps extends Omit<ComponentProps<'section'>, 'title'> {
  /** The heading, which names the section for assistive technology. */
  title: ReactNode;
  /** The heading's level: 2 on a page, 3 inside a part of it or a dialog. */
  level?: 2 | 3;
  /** In a bordered box. */
  boxed?: boolean;
  titleClassName?: string;
}

/** A part of a page or dialog under its heading (a `<section>` named by it), its content below. */
export function Section({ title, level = 2, boxed = false, className, titleClassName, children, ...props }: SectionProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} {...props} className={cn('flex flex-col gap-2', boxed && 'rounded-md border border-border p-3', className)}>
      <Heading id={id} className={cn(level === 2 ? 'text-base font-semibold' : 'text-sm font-semibold', titleClassName)}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
