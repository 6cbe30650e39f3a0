import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** The frame of the login pages and the other public ones (the delivery confirmation): the brand, the language switch, and a card with the page. */
export function PublicCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <main className="flex w-full max-w-md flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2.5 whitespace-nowrap text-lg font-semibold">
          <img src="/favicon.svg" alt="" className="size-9" width={36} height={36} />
          {t('appName')}
        </span>
        <LanguageSwitch />
      </div>
      <TitledCard title={title} description={description}>
        {children}
      </TitledCard>
    </main>
  );
}

/** A public page's card: its title (the page's heading), a line under it, and the form or the text (the login pages', the store's). */
export function TitledCard({ title, description, className, children }: { title: string; description?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <Card className={cn('flex flex-col gap-5 p-6 sm:p-8', className)}>
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </Card>
  );
}
