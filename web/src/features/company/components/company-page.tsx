import { IconBuildingFactory2, IconExternalLink } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { HistoryPanel } from '@/components/history/history-panel';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { companyKeys, useCompany } from '../api/company-api';
import { companyHistoryLabels } from '../form';
import { BranchesCard } from './branches-card';
import { StorePaymentsCard } from './store-payments-card';
import { CompanyForm } from './company-form';

/** The registry of product companies: the settings only point to it (docs/decisions.md, "Company settings"). */
function ProductCompaniesCard() {
  const { t } = useTranslation('company');
  const ability = useAbility();
  if (!ability.can('read', 'produtos')) return null;
  return (
    <Card role="group" aria-labelledby="product-companies-title">
      <CardHeader>
        <CardTitle id="product-companies-title" className="flex items-center gap-2">
          <IconBuildingFactory2 aria-hidden className="size-5 text-primary" />
          {t('productCompanies.title')}
        </CardTitle>
        <CardDescription>{t('productCompanies.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline" className="h-auto min-h-10 whitespace-normal text-start">
          <Link to="/$registry" params={{ registry: 'product-companies' }}>
            <IconExternalLink aria-hidden />
            {t('productCompanies.open')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * /settings/company (read admin; issue 14 item 3): the company's data and its settings (spec
 * section 3), each with its effect in one line, saved together over the version read; the
 * branches; a link to the product companies; the company's "histórico".
 */
export function CompanyPage() {
  const { t } = useTranslation('company');
  const ability = useAbility();
  const company = useCompany();
  const labels = useMemo(() => companyHistoryLabels(t), [t]);
  const events = useMemo(() => ({ 'company.update': t('events.company.update') }), [t]);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} />
      {company.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : company.isError ? (
        <FetchFailed error={company.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void company.refetch()} />
      ) : (
        <CompanyForm key={company.data.version} company={company.data} readOnly={!ability.can('update', 'admin')} onReload={() => void company.refetch()} />
      )}
      <BranchesCard />
      <StorePaymentsCard readOnly={!ability.can('update', 'admin')} />
      <ProductCompaniesCard />
      <HistoryPanel path="/company" queryKey={companyKeys.company} labels={labels} events={events} />
    </div>
  );
}
