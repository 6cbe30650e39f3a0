import { MESSAGE_BATCH_MAX, MessageTexts, PARAMETER_SOURCES, parameterCount, type BatchPreview, type MessageTemplate, skipReasonText, type ParameterSource } from '@ev/shared/schemas/messages';
import { CLIENT_SITUATIONS, CLIENT_STATUSES } from '@ev/shared/schemas/choices';
import { IconEye, IconSend } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { RecordsFilter, SearchBox, SelectFilter, type MultiSelectFilterTexts } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, selectClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Segmented } from '@/components/ui/segmented';
import { apiErrorText, textOf } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { useCreateBatch, useMessagingState, usePreviewBatch, useTemplateList } from '../api/messages-api';
import { SandboxBadge } from './sandbox-badge';
import { showWhatsApp } from '@/components/chat/phone';
import { WhatsAppPreview } from './whatsapp-preview';

interface Param {
  source: ParameterSource;
  text: string;
}

const fresh = (n: number): Param[] => Array.from({ length: n }, (_, i) => ({ source: i === 0 ? 'name' : 'text', text: '' }));

/** One parameter's source: a client field, or a fixed text typed here. */
function ParamField({ id, label, value, onChange }: { id: string; label: string; value: Param; onChange(p: Param): void }) {
  const { t } = useTranslation('whatsapp');
  return (
    <div className="grid gap-2 sm:grid-cols-[12rem_1fr]">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-source`}>{label}</Label>
        <select id={`${id}-source`} className={selectClass} value={value.source} onChange={(e) => onChange({ ...value, source: e.target.value as ParameterSource })}>
          {PARAMETER_SOURCES.map((s) => (
            <option key={s} value={s}>
              {t(`source.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {value.source === 'text' && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-text`}>{t('create.fixedText', { label })}</Label>
          <Input id={`${id}-text`} maxLength={200} value={value.text} onChange={(e) => onChange({ ...value, text: e.target.value })} />
        </div>
      )}
    </div>
  );
}

/**
 * `/messages/create` (create `mensagens`; issue 16 item 3): an approved template, each parameter
 * from a client field or a fixed text, the clients chosen or those of a filter (at most 300). The
 * preview shows each client's message, the clients left out with the reason and the daily limit's
 * warning; then the send, written once and sent through the queue.
 */
export function CreateBatchPage() {
  const { t } = useTranslation(['whatsapp', 'clients']);
  const format = useFormat();
  const navigate = useNavigate();
  const messaging = useMessagingState();
  const templates = useTemplateList({ status: 'approved' });
  const approved = useMemo(() => templates.data?.pages.flatMap((p) => p.items) ?? [], [templates.data]);
  const [templateId, setTemplateId] = useState('');
  const template: MessageTemplate | undefined = approved.find((x) => x.id === templateId);
  const headerCount = template?.header ? parameterCount(template.header) : 0;
  const [header, setHeader] = useState<Param>({ source: 'city', text: '' });
  const [body, setBody] = useState<Param[]>([]);
  const [mode, setMode] = useState<'chosen' | 'filter'>('chosen');
  const [clientIds, setClientIds] = useState<string[] | undefined>(undefined);
  const [q, setQ] = useState('');
  const [situation, setSituation] = useState('');
  const [status, setStatus] = useState('');
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [shown, setShown] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const previewing = usePreviewBatch();
  const creating = useCreateBatch();

  const chooseTemplate = (id: string) => {
    setTemplateId(id);
    const chosen = approved.find((x) => x.id === id);
    setBody(fresh(chosen ? parameterCount(chosen.body) : 0));
    setPreview(null);
  };
  const request = () => ({
    templateId,
    header: headerCount ? { source: header.source, text: header.source === 'text' ? header.text : null } : null,
    body: body.map((p) => ({ source: p.source, text: p.source === 'text' ? p.text : null })),
    ...(mode === 'chosen' ? { clientIds: clientIds ?? [] } : { filter: { q: q.trim() || undefined, situation: situation || undefined, status: status || undefined } }),
  });
  const onPreview = async () => {
    setError(null);
    try {
      setPreview(await previewing.mutateAsync(request()));
      setShown(0);
    } catch (e) {
      setPreview(null);
      setError(apiErrorText(e, t('create.previewFailed')));
    }
  };
  const onSend = async () => {
    setError(null);
    try {
      const batch = await creating.mutateAsync(request());
      void navigate({ to: '/messages/status', search: { batch: batch.id } });
    } catch (e) {
      setError(apiErrorText(e, t('create.sendFailed')));
    }
  };
  const clientTexts = (chosen: number): MultiSelectFilterTexts => ({
    placeholder: chosen ? t('create.chosen', { count: chosen }) : t('create.chooseClients'),
    search: t('create.searchClients'),
    empty: t('create.noClientFound'),
    loading: t('loading'),
    failed: t('fetchFailed'),
    chosen: t('create.clients'),
    remove: (name) => `${t('create.remove')}: ${name}`,
  });
  const current = preview?.recipients[shown];
  const ready = !!template && messaging.data?.configured === true;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('create.title')} description={t('create.description', { max: MESSAGE_BATCH_MAX })} />
      {messaging.data && !messaging.data.configured && <Alert variant="warning">{textOf(MessageTexts.notConfigured())}</Alert>}
      {messaging.data?.provider === 'sandbox' && (
        <div>
          <SandboxBadge />
        </div>
      )}
      <Card role="group" aria-labelledby="create-template-title">
        <CardHeader>
          <CardTitle id="create-template-title">{t('create.templateTitle')}</CardTitle>
          <CardDescription>{t('create.templateHint')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5 sm:max-w-md">
            <Label htmlFor="create-template">{t('create.template')}</Label>
            <select id="create-template" className={selectClass} value={templateId} onChange={(e) => chooseTemplate(e.target.value)}>
              <option value="">{templates.isPending ? t('loading') : approved.length ? t('create.chooseTemplate') : t('create.noApproved')}</option>
              {approved.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name} ({t(`language.${x.language}`)})
                </option>
              ))}
            </select>
          </div>
          {approved.length === 0 && !templates.isPending && (
            <p className="text-sm">
              <Link to="/messages/templates" className="font-medium text-primary underline">
                {t('create.toTemplates')}
              </Link>
            </p>
          )}
          {template && (
            <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <fieldset className="flex flex-col gap-3">
                <legend className="mb-1 text-sm font-medium">{t('create.parameters')}</legend>
                {headerCount > 0 && <ParamField id="create-header" label={t('create.headerParam')} value={header} onChange={setHeader} />}
                {body.map((p, i) => (
                  <ParamField key={i} id={`create-body-${i}`} label={t('create.param', { n: i + 1 })} value={p} onChange={(v) => setBody(body.map((b, j) => (j === i ? v : b)))} />
                ))}
                {headerCount === 0 && body.length === 0 && <p className="text-sm text-muted-foreground">{t('create.noParameters')}</p>}
              </fieldset>
              <WhatsAppPreview header={template.header} body={template.body} footer={template.footer} buttons={template.buttons.map((b) => b.text)} />
            </div>
          )}
        </CardContent>
      </Card>

      <Card role="group" aria-labelledby="create-clients-title">
        <CardHeader>
          <CardTitle id="create-clients-title">{t('create.clients')}</CardTitle>
          <CardDescription>{t('create.clientsHint', { max: MESSAGE_BATCH_MAX })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Segmented label={t('create.mode')} value={mode} options={[{ value: 'chosen', label: t('create.modeChosen') }, { value: 'filter', label: t('create.modeFilter') }] as const} onChange={(m) => { setMode(m); setPreview(null); }} />
          {mode === 'chosen' ? (
            <div className="sm:max-w-xl">
              <RecordsFilter id="create-clients" source="clients" label={t('create.clients')} ids={clientIds} onChange={(ids) => { setClientIds(ids); setPreview(null); }} texts={clientTexts} />
            </div>
          ) : (
            <div className="grid gap-3 sm:grid-cols-3">
              <SearchBox label={t('create.filterSearch')} placeholder={t('create.filterSearch')} value={q} onChange={(v) => { setQ(v); setPreview(null); }} />
              <SelectFilter id="create-situation" label={t('create.situation')} value={situation} onChange={(v) => { setSituation(v); setPreview(null); }} all={t('filters.all')} options={CLIENT_SITUATIONS.map((s) => ({ value: s, label: t(`clients:situation.${s}`) }))} />
              <SelectFilter id="create-status" label={t('create.clientStatus')} value={status} onChange={(v) => { setStatus(v); setPreview(null); }} all={t('filters.all')} options={CLIENT_STATUSES.map((s) => ({ value: s, label: t(`clients:status.${s}`) }))} />
            </div>
          )}
          {error && <Alert variant="error">{error}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" disabled={!ready || previewing.isPending} onClick={() => void onPreview()}>
              <IconEye aria-hidden />
              {previewing.isPending ? t('loading') : t('create.preview')}
            </Button>
          </div>
        </CardContent>
      </Card>

      {preview && (
        <Card role="group" aria-labelledby="create-preview-title">
          <CardHeader>
            <CardTitle id="create-preview-title">{t('create.previewTitle', { count: preview.recipients.length })}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {preview.heldForTomorrow > 0 && (
              <Alert variant="warning">{textOf(MessageTexts.tierWarning({ limit: format.number(preview.dailyLimit ?? 0, 0), sent: format.number(preview.sentToday, 0), held: preview.heldForTomorrow }))}</Alert>
            )}
            {preview.recipients.length === 0 ? (
              <Alert variant="error">{textOf(MessageTexts.noneGenerated())}</Alert>
            ) : (
              <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor="create-preview-client">{t('create.previewClient')}</Label>
                  <select id="create-preview-client" className={selectClass} value={shown} onChange={(e) => setShown(Number(e.target.value))}>
                    {preview.recipients.map((r, i) => (
                      <option key={r.clientId} value={i}>
                        {r.name} · {showWhatsApp(r.phone)}
                      </option>
                    ))}
                  </select>
                </div>
                {current && <WhatsAppPreview header={current.header} body={current.body} footer={template?.footer ?? null} buttons={template?.buttons.map((b) => b.text) ?? []} />}
              </div>
            )}
            {preview.skipped.length > 0 && (
              <div className="flex flex-col gap-1 text-sm">
                <h2 className="font-medium">{t('create.skipped', { count: preview.skipped.length })}</h2>
                <ul className="flex flex-col gap-0.5" aria-label={t('create.skipped', { count: preview.skipped.length })}>
                  {preview.skipped.map((s) => (
                    <li key={s.clientId}>
                      <span className="font-medium">{s.name}</span>: {textOf(skipReasonText(s.reason))}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {preview.recipients.length > 0 && (
              <div>
                <Button type="button" disabled={creating.isPending} onClick={() => void onSend()}>
                  <IconSend aria-hidden />
                  {creating.isPending ? t('create.sending') : t('create.send', { count: preview.recipients.length })}
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
