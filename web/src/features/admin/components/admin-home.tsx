import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { CompaniesList } from './companies-list';
import { ServersSection } from './servers-card';

/** /admin signed in: the server data card and the companies (spec section 2 "Admin"). */
export function AdminHome() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t('home.title')} description={t('home.description')} />
      <ServersSection />
      <CompaniesList />
    </>
  );
}
