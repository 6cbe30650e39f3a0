import { Messages } from '@ev/shared/messages';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { cardActionTexts, RecordCardActions } from '@/components/record-card-actions';
import { FetchFailed } from '@/components/fetch-failed';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAbility } from '@/lib/ability';
import { ApiError } from '@/lib/api';
import { apiErrorText, serverText } from '@/lib/api-error-text';
import { loadBanks } from '@/lib/banks-lazy';
import { formatDateTime } from '@/lib/format';
import { localeOf } from '@/lib/i18n';
import { notify } from '@/lib/notices';
import { useDeleteRecord, useRegistryRecord, useRevalidateRecord, useSaveRecord, type RegistryRecord } from '../api/registry-api';
import { RegistryForm } from './registry-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/{registry}/{id}`: a record of any registry, viewed and edited in place; `/{registry}/new` creates
 * one. Card actions (spec): reload, help, collapse, show (the record's details), reload cache (the
 * server's revalidation), new.
 */
export function RegistryDetailPage({ definition: def, id }: { definition: RegistryDefinition; id: string }) {
  const { t, i18n } = useTranslation('registries');
  const navigate = useNavigate();
  const ability = useAbility();
  const creating = id === 'new';
  const validId = creating || UUID.test(id);
  const query = useRegistryRecord(def.name, id, validId && !creating);
  const save = useSaveRecord(def);
  const remove = useDeleteRecord(def);
  const revalidate = useRevalidateRecord(def);
  const needsBanks = Object.values(def.fields).some((f) => f.type === 'bank-code');
  const banks = useQuery({ queryKey: ['banks'], queryFn: () => loadBanks().then(() => true), enabled: needsBanks, staleTime: Infinity, gcTime: Infinity });
  const [collapsed, setCollapsed] = useState(false);
  const [help, setHelp] = useState(false);
  const [details, setDetails] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const canEdit = creating ? ability.can('create', def.subject) : ability.can('update', def.subject);
  const record = creating ? null : (query.data ?? null);
  const title = creating ? t('newTitle', { name: def.singular }) : record ? String(record.name ?? record[def.naturalKey.field] ?? def.singular) : def.singular;
  const toList = () => void navigate({ to: '/$registry', params: { registry: def.name } });

  const onSaved = (saved: RegistryRecord) => {
    notify({ kind: 'success', text: creating ? t('added') : t('updated') });
    if (creating) void navigate({ to: '/$registry/$id', params: { registry: def.name, id: saved.id }, replace: true });
    else setFormKey((k) => k + 1);
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(id);
      setConfirming(false);
      notify({ kind: 'success', text: t('removed') });
      toList();
    } catch (e) {
      setConfirming(false);
      notify({ kind: 'error', text: apiErrorText(e, t('deleteFailed')) });
    }
  };

  const onRevalidate = async () => {
    try {
      await revalidate.mutateAsync(id);
      setFormKey((k) => k + 1);
      notify({ kind: 'success', text: t('cacheRevalidated') });
    } catch (e) {
      notify({ kind: 'error', text: apiErrorText(e, t('cacheFailed')) });
    }
  };

  let body;
  if (!validId) body = <Alert variant="error">{serverText(Messages.invalidId)}</Alert>;
  else if (!creating && query.isPending) body = <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>;
  else if (!creating && query.isError)
    body =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <Alert variant="warning">{serverText(Messages.notFound)}</Alert>
      ) : (
        <FetchFailed error={query.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      );
  else if (needsBanks && !banks.data)
    body = banks.isError ? <Alert variant="error">{t('fetchFailed')}</Alert> : <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>;
  else
    body = (
      <RegistryForm
        key={`${record?.id ?? 'new'}-${record?.version ?? 0}-${formKey}`}
        def={def}
        record={record}
        readOnly={!canEdit}
        save={(b) => save.mutateAsync({ id: creating ? null : id, body: b })}
        onSaved={onSaved}
        onCancel={toList}
      />
    );

  const locale = localeOf(i18n.language);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button asChild variant="link" className="px-0">
          <Link to="/$registry" params={{ registry: def.name }}>
            <IconArrowLeft aria-hidden />
            {def.title}
          </Link>
        </Button>
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <h1 className="text-lg font-semibold leading-tight">{title}</h1>
          <RecordCardActions
            texts={cardActionTexts(t, true)}
            onReload={!creating && validId ? () => void query.refetch() : undefined}
            help={help}
            onHelp={() => setHelp((h) => !h)}
            collapsed={collapsed}
            onCollapse={() => setCollapsed((c) => !c)}
            details={record ? { shown: details, onToggle: () => setDetails((d) => !d) } : undefined}
            onRevalidate={record && ability.can('update', def.subject) ? () => void onRevalidate() : undefined}
            revalidating={revalidate.isPending}
            links={
              !creating && ability.can('create', def.subject)
                ? [
                    {
                      label: t('actions.new'),
                      link: (
                        <Link to="/$registry/$id" params={{ registry: def.name, id: 'new' }}>
                          <IconPlus aria-hidden />
                        </Link>
                      ),
                    },
                  ]
                : []
            }
            onDelete={record && ability.can('delete', def.subject) ? () => setConfirming(true) : undefined}
          />
        </CardHeader>
        {!collapsed && (
          <CardContent className="flex flex-col gap-4">
            {help && <Alert variant="info">{t('help', { name: def.title.toLowerCase() })}</Alert>}
            {details && record && (
              <dl className="grid gap-x-4 gap-y-1 rounded-md bg-muted/50 p-3 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="text-muted-foreground">{t('details.id')}</dt>
                <dd className="break-all font-mono text-xs">{record.id}</dd>
                <dt className="text-muted-foreground">{t('details.createdAt')}</dt>
                <dd>{formatDateTime(record.createdAt, { locale })}</dd>
                <dt className="text-muted-foreground">{t('details.updatedAt')}</dt>
                <dd>{formatDateTime(record.updatedAt, { locale })}</dd>
                <dt className="text-muted-foreground">{t('details.version')}</dt>
                <dd>{record.version}</dd>
              </dl>
            )}
            {body}
          </CardContent>
        )}
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('deleteTitle', { name: def.singular.toLowerCase() })}
        description={t('deleteText', { name: title })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        onConfirm={() => void onDelete()}
        busy={remove.isPending}
        destructive
      />
    </div>
  );
}
