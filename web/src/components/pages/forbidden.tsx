import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { StatusPage } from './status-page';

/** 403 and its alias /not-authorized: the spec's denied-access text and a way back. */
export function ForbiddenPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage code="403" title={t('forbidden.title')} text={t('forbidden.text')}>
      <Button variant="outline" onClick={() => window.history.back()}>
        {t('back')}
      </Button>
      <Button asChild>
        <Link to="/home">{t('backHome')}</Link>
      </Button>
    </StatusPage>
  );
}
