import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { BlankLayout } from '@/components/layout/blank-layout';

/** Unknown paths: the not-found page in the blank layout, the URL kept. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <BlankLayout>
      <main className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
        <p className="text-muted-foreground">{t('notFound.text')}</p>
        <Button asChild>
          <Link to="/home">{t('backHome')}</Link>
        </Button>
      </main>
    </BlankLayout>
  );
}
