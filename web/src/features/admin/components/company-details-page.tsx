import { AdminCompanyUpdate, type AdminCompany } from '@ev/shared/schemas/admin';
import { IconArrowLeft, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SaveBar } from '@/components/form/save-bar';
import { FetchFailed } from '@/components/fetch-failed';
import { FormFields } from '@/components/form/fields';
import { useLeaveGuard } from '@/components/form/leave-guard';
import { RecordNotFound } from '@/components/record-not-found';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { schemaResolver } from '@/lib/form-map';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notices';
import { useAdminCompany, useCompanyStatus, useUpdateCompany } from '../api/admin-api';
import { adminFieldLabel, updateBody, updateValues, type UpdateValues } from '../form';
import { formatCount, formatMegabytes } from '../size';
import { CertificateBadge, CompanyStatusBadge, DemoDataBadge } from './badges';
import { PlatformFields } from './company-fields';
import { CompanyDataCard } from './company-data';
import { CompanyLog } from './company-log';
import { ArchiveCard, ClientDataCard, ErasureCard } from './lgpd';
import { PasswordDialog } from './password-dialog';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** The company's platform record as stored: what the form does not edit. */
function Details({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <Card role="group" aria-labelledby="admin-details-title">
      <CardHeader>
        <CardTitle id="admin-details-title" className="text-base">
          {t('details.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]" data-testid="company-details">
          <Row label={t('details.status')}>
            <CompanyStatusBadge status={company.status} />
          </Row>
          {company.suspendedAt && <Row label={t('details.suspendedAt')}>{format.dateTime(company.suspendedAt)}</Row>}
          {company.erasureAt && (
            <Row label={t('details.erasureAt')}>
              <strong className="font-semibold text-destructive">{format.date(company.erasureAt)}</strong>
            </Row>
          )}
          {company.demoData && (
            <Row label={t('details.demoData')}>
              <DemoDataBadge state={company.demoData} />
            </Row>
          )}
          <Row label={t('details.certificate')}>
            <CertificateBadge certificate={company.certificate} />
          </Row>
          <Row label={t('details.adminEmail')}>{company.adminEmail ?? t('details.none')}</Row>
          <Row label={t('details.timezone')}>{company.timezone}</Row>
          <Row label={t('details.data')}>
            <span className="font-mono text-xs">{`T#${company.id}`}</span>
          </Row>
          <Row label={t('details.items')}>{formatCount(company.items, format.ctx.locale)}</Row>
          <Row label={t('details.size')}>{formatMegabytes(company.bytes, format.ctx.locale)}</Row>
          <Row label={t('details.createdAt')}>{format.dateTime(company.createdAt)}</Row>
          <Row label={t('details.updatedAt')}>{format.dateTime(company.updatedAt)}</Row>
          <Row label={t('details.version')}>{String(company.version)}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The platform's fields over the version read; the operator's password asked before saving. */
function EditForm({ company, onReload }: { company: AdminCompany; onReload(): void }) {
  const { t } = useTranslation('admin');
  const resolver = useMemo(() => schemaResolver<UpdateValues>(AdminCompanyUpdate, updateBody, true, { labelOf: adminFieldLabel }), []);
  const form = useForm<UpdateValues>({ resolver, defaultValues: updateValues(company), mode: 'onSubmit' });
  const update = useUpdateCompany(company.id);
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<{ text: string; conflict: boolean } | null>(null);
  const savedRef = useLeaveGuard(() => form.formState.isDirty, t('form.leave'));
  const { isDirty } = form.formState;

  const failed = (e: unknown) => {
    const conflict = e instanceof ApiError && e.status === 409;
    const fields = apiFieldErrors(e, adminFieldLabel);
    for (const f of fields) form.setError(f.field as FieldPath<UpdateValues>, { type: 'server', message: f.message });
    if (fields.length) form.setFocus(fields[0]!.field as FieldPath<UpdateValues>);
    setError({ text: fields.length && !conflict ? t('form.invalid') : apiErrorText(e, t('form.failed')), conflict });
  };

  return (
    <FormProvider {...form}>
      <FormFields required={new Set(['name'])}>
        <form
          noValidate
          aria-labelledby="admin-edit-title"
          className="flex flex-col gap-4"
          onSubmit={(e) =>
            void form.handleSubmit(
              (values) => {
                setError(null);
                setPending({ ...updateBody(values), version: company.version });
              },
              () => setError({ text: t('form.invalid'), conflict: false }),
            )(e)
          }
        >
          <h2 id="admin-edit-title" className="text-lg font-semibold">
            {t('form.editTitle')}
          </h2>
          <PlatformFields current={company.taxRegime} />
          <SaveBar error={error} reload={{ text: t('form.reload'), onClick: onReload }}>
            <div className="flex flex-wrap items-center gap-3 sm:flex-row-reverse">
              <Button type="submit" disabled={update.isPending}>
                {t('form.save')}
              </Button>
              {isDirty && <span className="text-sm text-muted-foreground">{t('form.unsaved')}</span>}
            </div>
          </SaveBar>
        </form>
      </FormFields>
      <PasswordDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('confirm.saveTitle')}
        description={t('confirm.saveDescription', { name: company.name })}
        confirmLabel={t('form.save')}
        testId="confirm-save"
        onConfirm={async (adminPassword) => {
          await update.mutateAsync({ ...pending, adminPassword });
          savedRef.current = true;
          notify({ kind: 'success', text: t('form.saved') });
        }}
        onFailed={failed}
      />
    </FormProvider>
  );
}

/** Suspend or reactivate, each asking the operator's password; a refusal other than the password shows here. */
function StatusAction({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useCompanyStatus(company.id);
  const action = company.status === 'active' ? 'suspend' : 'reactivate';
  // An erasure marked is cancelled before reactivating (the API answers 409 otherwise): said beside the button.
  const blocked = action === 'reactivate' && company.erasureAt !== null;
  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant={action === 'suspend' ? 'destructive' : 'default'} disabled={blocked} aria-describedby={blocked ? 'admin-reactivate-blocked' : undefined} onClick={() => setOpen(true)}>
        {action === 'suspend' ? <IconPlayerPause aria-hidden /> : <IconPlayerPlay aria-hidden />}
        {t(`actions.${action}`)}
      </Button>
      {blocked && (
        <p id="admin-reactivate-blocked" className="max-w-xs text-end text-sm text-muted-foreground">
          {t('erasure.reactivateBlocked')}
        </p>
      )}
      {error && <Alert variant="error">{error}</Alert>}
      <PasswordDialog
        open={open}
        onOpenChange={setOpen}
        title={t(`confirm.${action}Title`)}
        description={t(`confirm.${action}Description`, { name: company.name })}
        confirmLabel={t(`actions.${action}`)}
        destructive={action === 'suspend'}
        testId={`confirm-${action}`}
        onConfirm={async (adminPassword) => {
          setError(null);
          await status.mutateAsync({ action, version: company.version, adminPassword });
          notify({ kind: 'success', text: t(`actions.${action}Done`, { name: company.name }) });
        }}
        onFailed={(e) => setError(apiErrorText(e, t('form.failed')))}
      />
    </div>
  );
}

/**
 * /admin/{id}: a company's platform record (docs/admin.md "Companies"): its details and status, the
 * edit of the platform's fields, suspend or reactivate, and the operators' log of this company.
 */
export function CompanyDetailsPage({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const company = useAdminCompany(id);
  const back = (
    <Link to="/admin" className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-foreground underline decoration-primary decoration-2 underline-offset-4">
      <IconArrowLeft aria-hidden className="size-4" />
      {t('back')}
    </Link>
  );
  if (company.isPending)
    return (
      <div role="status" aria-label={t('loading')} className="flex flex-col gap-3" data-testid="admin-company-skeleton">
        <div className="h-10 w-2/3 animate-pulse rounded-md bg-muted" />
        <div className="h-48 animate-pulse rounded-lg bg-muted" />
      </div>
    );
  if (company.isError) {
    const e = company.error;
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return <RecordNotFound back={{ link: <Link to="/admin" />, label: t('companies.title') }} invalidId={e.status === 400} />;
    return (
      <>
        {back}
        <FetchFailed error={e} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void company.refetch()} />
      </>
    );
  }
  const c = company.data;
  return (
    <>
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="break-words text-2xl font-semibold">{c.name}</h1>
          <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <CompanyStatusBadge status={c.status} />
            {c.nickname}
          </span>
        </div>
        <StatusAction company={c} />
      </div>
      <Details company={c} />
      {/* A suspended company's erasure (asked or to ask) comes first; an active one's only says to suspend it. */}
      {c.status === 'suspended' && <ErasureCard company={c} />}
      <CompanyDataCard company={c} />
      <ArchiveCard company={c} />
      <ClientDataCard company={c} />
      {c.status === 'active' && <ErasureCard company={c} />}
      <EditForm key={c.version} company={c} onReload={() => void company.refetch()} />
      <CompanyLog companyId={c.id} />
    </>
  );
}
