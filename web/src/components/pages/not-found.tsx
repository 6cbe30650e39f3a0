import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { BlankLayout } from '@/components/layout/blank-layout';
import { StatusPage } from './status-page';

/** Unknown paths: the not-found page in the blank layout, the URL kept. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <BlankLayout>
      <StatusPage code="404" title={t('notFound.title')} text={t('notFound.text')}>
        <Button asChild>
          <Link to="/home">{t('backHome')}</Link>
        </Button>
      </StatusPage>
    </BlankLayout>
  );
}
