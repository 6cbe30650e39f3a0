import type { AdminCompany, CompanyData } from '@ev/shared/schemas/admin';
import { IconArrowsLeftRight, IconDatabase, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CompactTable } from '@/components/ui/compact-table';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { useCompanyData } from '../api/admin-api';
import { formatCount, formatMegabytes } from '../size';
import { displayValue, flattenSettings } from '../values';
import { PasswordDialog } from './password-dialog';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mb-1.5 min-w-0 break-words sm:mb-0">{children}</dd>
    </>
  );
}

type Kind = NonNullable<CompanyData['usage']>['kinds'][number];

/** The company's data as the API told it: the table and prefix, the items and bytes per kind, the backups, the settings. */
function DataView({ data }: { data: CompanyData }) {
  const { t } = useTranslation(['admin', 'company']);
  const format = useFormat();
  const { locale } = format.ctx;
  const words = { yes: t('yes'), no: t('no'), none: t('details.none') };
  const kinds = [...(data.usage?.kinds ?? [])].sort((a, b) => b.bytes - a.bytes || a.kind.localeCompare(b.kind));
  const groups = Object.entries(data.settings);
  return (
    <div className="flex min-w-0 flex-col gap-5" data-testid="company-data-view">
      <dl className="grid min-w-0 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1.5">
        <Row label={t('data.table')}>{data.database.table}</Row>
        <Row label={t('data.region')}>{data.database.region}</Row>
        <Row label={t('data.keyPrefix')}>
          <span className="break-all font-mono text-xs">{data.database.keyPrefix}</span>
        </Row>
        <Row label={t('data.stream')}>{data.database.stream ? t('yes') : t('no')}</Row>
        <Row label={t('data.items')}>{formatCount(data.usage?.items, locale)}</Row>
        <Row label={t('data.size')}>{formatMegabytes(data.usage?.bytes, locale)}</Row>
        <Row label={t('servers.pitr')}>{t(`servers.pitrStates.${data.backup.pointInTimeRecovery}`)}</Row>
        <Row label={t('data.lastExport')}>{data.backup.lastExport ? t('data.exported', { at: format.dateTime(data.backup.lastExport.at), items: formatCount(data.backup.lastExport.items, locale) }) : t('data.noExport')}</Row>
      </dl>
      {data.usage ? (
        <CompactTable<Kind>
          caption={t('data.kindsTitle')}
          data-testid="company-data-kinds"
          className="max-h-96"
          rows={kinds}
          rowKey={(k) => k.kind}
          columns={[
            {
              header: t('data.kind'),
              className: 'min-w-36',
              cell: (k) => (
                <span className="flex flex-col">
                  <span>{t(`data.kinds.${k.kind}`, { defaultValue: k.kind })}</span>
                  <span className="font-mono text-xs text-muted-foreground">{k.kind}</span>
                </span>
              ),
            },
            { header: t('data.items'), headerClassName: 'text-end', className: 'whitespace-nowrap text-end tabular-nums', cell: (k) => formatCount(k.items, locale) },
            { header: t('data.size'), headerClassName: 'text-end', className: 'whitespace-nowrap text-end tabular-nums', cell: (k) => formatMegabytes(k.bytes, locale) },
            { header: t('data.bytes'), headerClassName: 'text-end', className: 'whitespace-nowrap text-end tabular-nums', cell: (k) => formatCount(k.bytes, locale) },
          ]}
        />
      ) : (
        <Alert variant="info">{t('data.notCounted')}</Alert>
      )}
      <details className="group rounded-md border border-border" data-testid="company-data-settings">
        <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">{t('data.settings', { count: groups.length })}</summary>
        <div className="flex flex-col gap-4 border-t border-border px-3 py-3">
          {groups.map(([group, values]) => (
            <section key={group} aria-labelledby={`admin-setting-${group}`} className="flex min-w-0 flex-col gap-1.5">
              <h3 id={`admin-setting-${group}`} className="text-sm font-semibold">
                {t(`company:settings.${group}.title`, { defaultValue: group })}
              </h3>
              <dl className="grid min-w-0 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:gap-y-1">
                {flattenSettings(values).map(({ path, value }) => (
                  <Row key={path} label={t(`company:settings.${group}.${path}.label`, { defaultValue: path })}>
                    <span className="break-words">{displayValue(value, words)}</span>
                  </Row>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </details>
    </div>
  );
}

/**
 * A company's data, "database details" (docs/admin.md "A company's data"): asked with the
 * operator's password, shown until hidden or the page is left (not cached). Also the ways to compare
 * this company's setup with another's, as the source or as the target.
 */
export function CompanyDataCard({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const [asking, setAsking] = useState(false);
  const [data, setData] = useState<CompanyData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCompanyData(company.id);
  return (
    <Card role="group" aria-labelledby="admin-data-title" data-testid="company-data">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle id="admin-data-title" className="text-base">
            {t('data.title')}
          </CardTitle>
          <CardDescription>{t('data.description')}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant={data ? 'outline' : 'default'} onClick={() => setAsking(true)}>
            {data ? <IconRefresh aria-hidden /> : <IconDatabase aria-hidden />}
            {data ? t('data.again') : t('data.show')}
          </Button>
          {data && (
            <Button variant="outline" onClick={() => setData(null)}>
              <IconEyeOff aria-hidden />
              {t('data.hide')}
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-col gap-4">
        {error && <Alert variant="error">{error}</Alert>}
        {data && <DataView data={data} />}
        <div className="flex flex-col gap-2 border-t border-border pt-4 text-sm">
          <span className="font-medium">{t('data.compare')}</span>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/compare" search={{ source: company.id }}>
                <IconArrowsLeftRight aria-hidden />
                {t('data.compareAsSource')}
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/compare" search={{ target: company.id }}>
                <IconArrowsLeftRight aria-hidden />
                {t('data.compareAsTarget')}
              </Link>
            </Button>
          </div>
        </div>
      </CardContent>
      <PasswordDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('confirm.dataTitle')}
        description={t('confirm.dataDescription', { name: company.name })}
        confirmLabel={t('data.show')}
        testId="confirm-data"
        onConfirm={async (adminPassword) => {
          setError(null);
          setData(await load.mutateAsync(adminPassword));
        }}
        onFailed={(e) => setError(apiErrorText(e, t('fetchFailed')))}
      />
    </Card>
  );
}
