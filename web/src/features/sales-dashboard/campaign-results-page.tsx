import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvExportButton } from '@/components/jobs/csv-export-button';
import { LoadingBlocks } from '@/components/loading-blocks';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CompactTable } from '@/components/ui/compact-table';
import { Segmented } from '@/components/ui/segmented';
import { useAbility } from '@/lib/ability';
import { useFormat } from '@/lib/format';
import { useCampaignResults, type CampaignResult, type CampaignStatusFilter } from './api/campaign-results-api';

/**
 * /sales/campaigns (docs/campaigns.md "Results", `dashboard` on `vendas`): each campaign with what it
 * sold in sales neither cancelled nor refunded (units, sales, clients, the lines' value and the
 * discount it gave), filtered by status, exported as CSV.
 */
export function CampaignResultsPage() {
  const { t } = useTranslation('sales-dashboard');
  const format = useFormat();
  const ability = useAbility();
  const [status, setStatus] = useState<CampaignStatusFilter>('all');
  const query = useCampaignResults(status);
  const money = (v: string) => format.money(v, 2);
  const terms = (c: CampaignResult) => (c.kind === 'price' ? t('campaigns.price', { price: format.money(c.price ?? '0', 2) }) : t('campaigns.discount', { percent: format.decimal(c.discountPercent ?? '0') }));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader title={t('campaigns.title')} description={t('campaigns.description')} />
        <CsvExportButton
          name="campaign-results"
          query={status === 'all' ? {} : { status }}
          disabled={!query.data?.items.length}
          texts={{ label: t('campaigns.export'), started: t('campaigns.exportStarted'), failed: t('campaigns.exportFailed') }}
          testId="campaign-results-export"
        />
      </div>
      <Segmented<CampaignStatusFilter>
        label={t('campaigns.status')}
        value={status}
        onChange={setStatus}
        options={[
          { value: 'all', label: t('campaigns.all') },
          { value: 'active', label: t('campaigns.active') },
          { value: 'inactive', label: t('campaigns.inactive') },
        ]}
      />
      {query.isError ? (
        <Alert variant="error">
          <p>{t('campaigns.error')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : !query.data ? (
        <LoadingBlocks label={t('loading')} rows={[{ count: 1, height: 'h-64' }]} />
      ) : query.data.items.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-start gap-2 py-6 text-sm">
            <p>{t('campaigns.empty')}</p>
            {ability.can('create', 'campanhas') && (
              <Link to="/$registry/$id" params={{ registry: 'campaigns', id: 'new' }} className="text-primary underline">
                {t('campaigns.create')}
              </Link>
            )}
          </CardContent>
        </Card>
      ) : (
        <CompactTable
          caption={t('campaigns.title')}
          data-testid="campaign-results"
          rows={query.data.items}
          rowKey={(c) => c.id}
          columns={[
            {
              header: t('campaigns.name'),
              className: 'min-w-40',
              cell: (c) => (
                <span className="flex flex-col">
                  <Link to="/$registry/$id" params={{ registry: 'campaigns', id: c.id }} className="font-medium text-primary underline-offset-2 hover:underline">
                    {c.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {terms(c)} · {format.date(c.validFrom)} – {format.date(c.validUntil)} · {c.status === 'active' ? t('campaigns.activeOne') : t('campaigns.inactiveOne')}
                  </span>
                </span>
              ),
            },
            { header: t('campaigns.units'), headerClassName: 'text-end', className: 'text-end tabular-nums', cell: (c) => (c.totalLimit ? t('campaigns.ofLimit', { units: format.decimal(c.units), limit: format.decimal(c.totalLimit) }) : format.decimal(c.units)) },
            { header: t('campaigns.sales'), headerClassName: 'text-end', className: 'text-end tabular-nums', cell: (c) => c.sales },
            { header: t('campaigns.clients'), headerClassName: 'text-end', className: 'text-end tabular-nums', cell: (c) => c.clients },
            { header: t('campaigns.value'), headerClassName: 'text-end', className: 'text-end tabular-nums whitespace-nowrap', cell: (c) => money(c.value) },
            { header: t('campaigns.given'), headerClassName: 'text-end', className: 'text-end tabular-nums whitespace-nowrap', cell: (c) => money(c.given) },
          ]}
        />
      )}
    </div>
  );
}
