import { ERASURE_GRACE_DAYS, type AdminCompany, type CompanyArchive } from '@ev/shared/schemas/admin';
import { Id } from '@ev/shared/schemas/common';
import { IconArchive, IconDownload, IconFileExport, IconTrash, IconUserOff, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notices';
import { downloadUrl, saveFile } from '@/lib/save-file';
import { anonymiseClient, archiveOptions, exportClient, useArchive, useCompanyErasure, useRequestArchive } from '../api/admin-api';
import { formatCount, formatMegabytes } from '../size';
import { PasswordDialog } from './password-dialog';

/** The reason's bounds of `ClientAnonymiseBody` (packages/shared/src/schemas/admin.ts). */
const REASON = { min: 5, max: 500 };

function Part({ id, title, description, testId, actions, children }: { id: string; title: string; description?: ReactNode; testId: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Card role="group" aria-labelledby={`${id}-title`} data-testid={testId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle id={`${id}-title`} className="text-base">
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </CardHeader>
      {children && <CardContent className="flex min-w-0 flex-col gap-4">{children}</CardContent>}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mb-1.5 min-w-0 break-words sm:mb-0">{children}</dd>
    </>
  );
}

/**
 * A company's erasure (docs/admin.md "Export and erase"): asked for a suspended company only, its
 * data erased 30 days later, cancellable until then; the date marked is shown first.
 */
export function ErasureCard({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [asking, setAsking] = useState<'erase' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const erasure = useCompanyErasure(company.id);
  // Asked or cancelled, the button is replaced by the other: the focus goes to it.
  const actionRef = useRef<HTMLDivElement>(null);
  const marked = company.erasureAt;
  // The date the erasure would get, said in the question (the API sets it from its own clock).
  const [expected, setExpected] = useState('');
  const action = marked ? (
    <Button variant="outline" onClick={() => setAsking('cancel')}>
      <IconX aria-hidden />
      {t('erasure.cancel')}
    </Button>
  ) : company.status === 'suspended' ? (
    <Button
      variant="destructive"
      onClick={() => {
        setExpected(new Date(Date.now() + ERASURE_GRACE_DAYS * 86_400_000).toISOString());
        setAsking('erase');
      }}
    >
      <IconTrash aria-hidden />
      {t('erasure.ask')}
    </Button>
  ) : null;
  return (
    <Part id="admin-erasure" testId="company-erasure" title={t('erasure.title')} description={t('erasure.description', { days: ERASURE_GRACE_DAYS })} actions={action && <div ref={actionRef}>{action}</div>}>
      {marked ? (
        <Alert variant="warning" data-testid="erasure-date">
          <strong className="block text-base font-semibold">{t('erasure.marked', { date: format.date(marked) })}</strong>
          {t('erasure.markedHint')}
        </Alert>
      ) : (
        company.status === 'active' && <p className="text-sm text-muted-foreground">{t('erasure.needsSuspension')}</p>
      )}
      {error && <Alert variant="error">{error}</Alert>}
      <PasswordDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'cancel' ? t('confirm.eraseCancelTitle') : t('confirm.eraseTitle')}
        description={asking === 'cancel' ? t('confirm.eraseCancelDescription', { name: company.name }) : t('confirm.eraseDescription', { name: company.name, days: ERASURE_GRACE_DAYS, date: format.date(expected) })}
        confirmLabel={asking === 'cancel' ? t('erasure.cancel') : t('erasure.confirm')}
        destructive={asking === 'erase'}
        testId={asking === 'cancel' ? 'confirm-erase-cancel' : 'confirm-erase'}
        focusAfter={() => actionRef.current?.querySelector('button') ?? null}
        onConfirm={async (adminPassword) => {
          setError(null);
          const cancel = asking === 'cancel';
          const saved = await erasure.mutateAsync({ cancel, version: company.version, adminPassword });
          notify({ kind: 'success', text: cancel ? t('erasure.cancelled') : t('erasure.asked', { date: format.date(saved.erasureAt) }) });
        }}
        onFailed={(e) => setError(apiErrorText(e, t('form.failed')))}
      />
    </Part>
  );
}

/** What an archive holds, once done: its items per kind, files and size, and its download. */
function ArchiveView({ archive }: { archive: CompanyArchive }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const qc = useQueryClient();
  const { locale } = format.ctx;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (archive.status === 'queued' || archive.status === 'running')
    return (
      <p role="status" className="flex items-center gap-2 text-sm" data-testid="archive-progress">
        <span aria-hidden className="size-3 animate-pulse rounded-full bg-primary" />
        {t(`archive.states.${archive.status}`)}
      </p>
    );
  if (archive.status === 'failed') return <Alert variant="error">{t('archive.failed', { error: archive.error ?? '' })}</Alert>;
  const items = archive.kinds.reduce((n, k) => n + k.items, 0);
  // The link lasts 5 minutes: each click asks the status again for a fresh one.
  const download = async (e: MouseEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const fresh = await qc.fetchQuery({ ...archiveOptions(archive.id), staleTime: 0 });
      if (fresh.url) downloadUrl(fresh.url, fresh.fileName ?? `${archive.id}.tar.gz`);
      else setError(t('archive.noLink'));
    } catch (err) {
      setError(apiErrorText(err, t('fetchFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="archive-done">
      <p className="text-sm font-medium">{t('archive.done', { at: format.dateTime(archive.finishedAt) })}</p>
      <dl className="grid min-w-0 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1.5">
        <Row label={t('archive.items')}>{formatCount(items, locale)}</Row>
        <Row label={t('archive.files')}>{formatCount(archive.files, locale)}</Row>
        <Row label={t('archive.size')}>{formatMegabytes(archive.bytes, locale)}</Row>
        <Row label={t('archive.kinds')}>{archive.kinds.map((k) => `${t(`data.kinds.${k.kind}`, { defaultValue: k.kind })}: ${formatCount(k.items, locale)}`).join(' · ') || t('details.none')}</Row>
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="default">
          <a href={archive.url ?? '#'} download={archive.fileName ?? undefined} onClick={(e) => void download(e)} aria-busy={busy || undefined}>
            <IconDownload aria-hidden />
            {t('archive.download')}
          </a>
        </Button>
        <span className="break-all font-mono text-xs text-muted-foreground">{archive.fileName}</span>
      </div>
      <p className="text-xs text-muted-foreground">{t('archive.linkHint')}</p>
      {error && <Alert variant="error">{error}</Alert>}
    </div>
  );
}

/**
 * A company's whole archive (docs/admin.md "A company's archive"): asked with the password, made by
 * a job; its status read every 2 s until done or failed. Kept by the card while the page is open.
 */
export function ArchiveCard({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const [asking, setAsking] = useState(false);
  const [archiveId, setArchiveId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestArchive(company.id);
  const archive = useArchive(archiveId);
  return (
    <Part
      id="admin-archive"
      testId="company-archive"
      title={t('archive.title')}
      description={t('archive.description')}
      actions={
        <Button variant={archiveId ? 'outline' : 'default'} onClick={() => setAsking(true)}>
          <IconArchive aria-hidden />
          {t('archive.ask')}
        </Button>
      }
    >
      {(error || archive.data || archive.isError) && (
        <>
          {error && <Alert variant="error">{error}</Alert>}
          {archive.isError && <Alert variant="error">{apiErrorText(archive.error, t('fetchFailed'))}</Alert>}
          {archive.data && <ArchiveView archive={archive.data} />}
        </>
      )}
      <PasswordDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('confirm.archiveTitle')}
        description={t('confirm.archiveDescription', { name: company.name })}
        confirmLabel={t('archive.ask')}
        testId="confirm-archive"
        onConfirm={async (adminPassword) => {
          setError(null);
          setArchiveId((await request.mutateAsync(adminPassword)).id);
        }}
        onFailed={(e) => setError(apiErrorText(e, t('form.failed')))}
      />
    </Part>
  );
}

interface Exported {
  name: string;
  installments: number;
  scrap: number;
  sales: number;
}

/**
 * One client's data (a data subject's request; docs/admin.md "One client's data"): by its id, its
 * export downloaded as JSON with a summary, or its personal data erased (anonymised) with the reason.
 */
export function ClientDataCard({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const [clientId, setClientId] = useState('');
  const [idError, setIdError] = useState<string | null>(null);
  const [asking, setAsking] = useState<'export' | 'anonymise' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exported, setExported] = useState<Exported | null>(null);
  const [anonymised, setAnonymised] = useState<string | null>(null);
  const qc = useQueryClient();
  const id = clientId.trim().toLowerCase();

  const ask = (what: 'export' | 'anonymise') => {
    if (!Id.safeParse(id).success) {
      setIdError(id ? t('client.invalidId') : t('client.idRequired'));
      document.getElementById('admin-client-id')?.focus();
      return;
    }
    setIdError(null);
    setAsking(what);
  };

  return (
    <Part id="admin-client" testId="company-client" title={t('client.title')} description={t('client.description')}>
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          ask('export');
        }}
      >
        <FormField label={t('client.id')} error={idError ?? undefined} hint={t('client.idHint')} className="sm:min-w-80 sm:flex-1">
          <Input
            id="admin-client-id"
            name="clientId"
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            maxLength={36}
            value={clientId}
            onChange={(e) => {
              setClientId(e.target.value);
              setExported(null);
              setAnonymised(null);
            }}
          />
        </FormField>
        <div className="flex flex-wrap gap-2 sm:pt-7">
          <Button type="submit">
            <IconFileExport aria-hidden />
            {t('client.export')}
          </Button>
          <Button type="button" variant="destructive" onClick={() => ask('anonymise')}>
            <IconUserOff aria-hidden />
            {t('client.anonymise')}
          </Button>
        </div>
      </form>
      {error && <Alert variant="error">{error}</Alert>}
      {exported && (
        <div className="flex flex-col gap-1.5 text-sm" data-testid="client-exported">
          <p className="font-medium">{t('client.exported', { file: `cliente-${id}.json` })}</p>
          <dl className="grid min-w-0 gap-x-4 gap-y-0.5 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1">
            <Row label={t('client.name')}>{exported.name}</Row>
            <Row label={t('client.installments')}>{String(exported.installments)}</Row>
            <Row label={t('client.scrap')}>{String(exported.scrap)}</Row>
            <Row label={t('client.sales')}>{String(exported.sales)}</Row>
          </dl>
        </div>
      )}
      {anonymised && (
        <Alert variant="success" data-testid="client-anonymised">
          {t('client.anonymised', { name: anonymised })}
        </Alert>
      )}
      <PasswordDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'anonymise' ? t('confirm.anonymiseTitle') : t('confirm.clientExportTitle')}
        description={asking === 'anonymise' ? t('confirm.anonymiseDescription', { name: company.name }) : t('confirm.clientExportDescription', { name: company.name })}
        confirmLabel={asking === 'anonymise' ? t('client.anonymise') : t('client.export')}
        destructive={asking === 'anonymise'}
        testId={asking === 'anonymise' ? 'confirm-anonymise' : 'confirm-client-export'}
        {...(asking === 'anonymise' ? { reason: { label: t('client.reason'), hint: t('client.reasonHint'), required: t('client.reasonRequired'), ...REASON } } : {})}
        onConfirm={async (adminPassword, reason) => {
          setError(null);
          // Each is logged: the operators' log on the page is read again.
          void qc.invalidateQueries({ queryKey: ['admin', 'log'] });
          if (asking === 'anonymise') {
            const client = await anonymiseClient(company.id, id, { reason, adminPassword });
            setExported(null);
            setAnonymised(typeof client.name === 'string' ? client.name : id);
            return;
          }
          const data = await exportClient(company.id, id, adminPassword);
          saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `cliente-${id}.json`);
          setAnonymised(null);
          setExported({ name: typeof data.client.name === 'string' ? data.client.name : id, installments: data.installments.length, scrap: data.scrap.length, sales: data.sales.length });
        }}
        onFailed={(e) => setError(apiErrorText(e, t('form.failed')))}
      />
    </Part>
  );
}
