import { COMPANY_STATUSES, type AdminCompanySummary } from '@ev/shared/schemas/admin';
import { IconGitCompare, IconPlus } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CARD_LINK_CLASS, ClearFiltersButton, DataList, ListEmpty, PagedList, pagedListTexts, SearchBox, SelectFilter, urlSelect, urlSort, usePagedRows, useListUrl, type ListColumn } from '@/components/list';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { PAGE_SIZE, useAdminCompanies, type AdminCompanyFilter } from '../api/admin-api';
import { formatCount, formatMegabytes } from '../size';
import { CertificateBadge, CompanyStatusBadge } from './badges';

const route = getRouteApi('/admin/');

/**
 * The service's companies (docs/admin.md "Companies"): searched by name, nickname, group, CPF/CNPJ or
 * e-mail, filtered by status, a page at a time; the digital certificate flagged when it expires
 * within 30 days or has expired. A company opens at /admin/{id}; "Nova empresa" at /admin/new.
 */
export function CompaniesList() {
  const { t } = useTranslation('admin');
  const { locale } = useFormat().ctx;
  const { search, navigate, set, typed, setTyped, q } = useListUrl(route);
  const filter: AdminCompanyFilter = { q, status: search.status };
  const paged = usePagedRows(useAdminCompanies(filter), filter, PAGE_SIZE);
  const open = (id: string) => void navigate({ to: '/admin/$id', params: { id } });
  const link = (c: AdminCompanySummary, className: string, children: React.ReactNode, testId?: string) => (
    <Link to="/admin/$id" params={{ id: c.id }} className={className} data-testid={testId} onClick={(e) => e.stopPropagation()}>
      {children}
    </Link>
  );

  const columns: ListColumn<AdminCompanySummary>[] = [
    { id: 'name', header: t('columns.name'), sortBy: (c) => c.name, className: 'max-w-64', cell: (c) => link(c, 'font-medium text-foreground underline decoration-primary decoration-2 underline-offset-4', c.name) },
    { id: 'nickname', header: t('columns.nickname'), sortBy: (c) => c.nickname, cell: (c) => c.nickname },
    { id: 'group', header: t('columns.group'), sortBy: (c) => c.group, cell: (c) => c.group },
    { id: 'document', header: t('columns.document'), className: 'whitespace-nowrap', cell: (c) => c.document },
    { id: 'email', header: t('columns.email'), className: 'max-w-56 break-all', cell: (c) => c.email },
    { id: 'status', header: t('columns.status'), sortBy: (c) => c.status, cell: (c) => <CompanyStatusBadge status={c.status} /> },
    { id: 'items', header: t('columns.items'), sortBy: (c) => c.items, align: 'end', className: 'whitespace-nowrap tabular-nums', cell: (c) => formatCount(c.items, locale) },
    { id: 'size', header: t('columns.size'), sortBy: (c) => c.bytes, align: 'end', className: 'whitespace-nowrap tabular-nums', cell: (c) => formatMegabytes(c.bytes, locale) },
    { id: 'certificate', header: t('columns.certificate'), sortBy: (c) => c.certificate?.days ?? null, cell: (c) => <CertificateBadge certificate={c.certificate} compact /> },
  ];

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold leading-tight">{t('companies.title')}</h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/compare">
              <IconGitCompare aria-hidden />
              {t('companies.compare')}
            </Link>
          </Button>
          <Button asChild>
            <Link to="/admin/new">
              <IconPlus aria-hidden />
              {t('companies.new')}
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          <SearchBox label={t('companies.search')} placeholder={t('companies.searchPlaceholder')} value={typed} onChange={setTyped} />
          <SelectFilter id="admin-companies-status" label={t('companies.status')} {...urlSelect(search, set, 'status')} all={t('companies.allStatuses')} options={COMPANY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </div>
        {search.status && <ClearFiltersButton label={t('companies.clear')} onClick={() => set({ status: undefined })} className="self-start" />}
        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'admin-companies-skeleton' }} empty={<ListEmpty>{q ? t('companies.emptySearch') : search.status ? t('companies.emptyFilter') : t('companies.empty')}</ListEmpty>}>
          <DataList
            label={t('companies.title')}
            rows={paged.rows}
            columns={columns}
            rowKey={(c) => c.id}
            onRowClick={(c) => open(c.id)}
            cardsBelow="lg"
            {...urlSort(search, set)}
            card={(c) =>
              link(
                c,
                CARD_LINK_CLASS,
                <>
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium text-foreground underline decoration-primary decoration-2 underline-offset-4">{c.name}</span>
                    <CompanyStatusBadge status={c.status} />
                  </span>
                  {(c.nickname || c.group) && <span className="text-xs text-muted-foreground">{[c.nickname, c.group].filter(Boolean).join(' · ')}</span>}
                  <span className="flex flex-wrap gap-x-3 break-all text-xs text-muted-foreground">
                    {c.document && <span>{c.document}</span>}
                    {c.email && <span>{c.email}</span>}
                  </span>
                  <span className="text-xs text-muted-foreground">{t('companies.usage', { items: formatCount(c.items, locale), size: formatMegabytes(c.bytes, locale) })}</span>
                  <span className="self-start">
                    <CertificateBadge certificate={c.certificate} compact />
                  </span>
                </>,
                'admin-company-card',
              )
            }
          />
        </PagedList>
      </CardContent>
    </Card>
  );
}
