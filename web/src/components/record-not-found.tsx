import { IconArrowLeft, IconFileUnknown } from '@tabler/icons-react';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiText } from '@/lib/api-error-text';

/**
 * A record page opened by an id that does not exist, that is no id at all, or whose record is
 * outside what the user may see (the API answers 404 for both): the one not-found state of every
 * record page and sheet (docs/web-layout.md, "When a page fails"), with the way back to the
 * record's list (`back`: a router Link without children, and the list's name).
 */
export function RecordNotFound({ back, invalidId = false }: { back: { link: ReactElement; label: string }; invalidId?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-8 text-center" data-testid="record-not-found">
      <IconFileUnknown aria-hidden className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{t('recordNotFound.title')}</h2>
      <p className="max-w-prose text-sm text-muted-foreground">
        {apiText(invalidId ? 'invalidId' : 'notFound')} {t('recordNotFound.text')}
      </p>
      <Button asChild variant="outline">
        {cloneElement(back.link, {}, <IconArrowLeft aria-hidden />, t('recordNotFound.back', { list: back.label }))}
      </Button>
    </div>
  );
}
