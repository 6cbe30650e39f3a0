import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** 403 and its alias /not-authorized: the spec's denied-access text and a way back. */
export function ForbiddenPage() {
  const { t } = useTranslation('common');
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-primary">403</p>
      <h1 className="text-2xl font-semibold">{t('forbidden.title')}</h1>
      <p className="text-muted-foreground">{t('forbidden.text')}</p>
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => window.history.back()}>
          {t('back')}
        </Button>
        <Button asChild>
          <Link to="/home">{t('backHome')}</Link>
        </Button>
      </div>
    </main>
  );
}
