import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { cardActionTexts, RecordCardActions } from '@/components/record-card-actions';
import { RECORD_ID, RecordDetails, RecordPageFrame, recordReadState, revalidateRecord, useCardToggles } from '@/components/record-page';
import { CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLocalRegistry } from '@/lib/registry-texts';
import { useAbility } from '@/lib/ability';
import { apiErrorText } from '@/lib/api-error-text';
import { loadBanks } from '@/lib/banks-lazy';
import { notify } from '@/lib/notices';
import { useDeleteRecord, useRegistryRecord, useRevalidateRecord, useSaveRecord, type RegistryRecord } from '../api/registry-api';
import { RegistryForm } from './registry-form';

/**
 * `/{registry}/{id}`: a record of any registry, viewed and edited in place; `/{registry}/new` creates
 * one. Card actions (spec): reload, help, collapse, show (the record's details), reload cache (the
 * server's revalidation), new.
 */
export function RegistryDetailPage({ definition, id }: { definition: RegistryDefinition; id: string }) {
  const def = useLocalRegistry(definition);
  const { t } = useTranslation('registries');
  const navigate = useNavigate();
  const ability = useAbility();
  const creating = id === 'new';
  const validId = creating || RECORD_ID.test(id);
  const query = useRegistryRecord(def.name, id, validId && !creating);
  const save = useSaveRecord(def);
  const remove = useDeleteRecord(def);
  const revalidate = useRevalidateRecord(def);
  const needsBanks = Object.values(def.fields).some((f) => f.type === 'bank-code');
  const banks = useQuery({ queryKey: ['banks'], queryFn: () => loadBanks().then(() => true), enabled: needsBanks, staleTime: Infinity, gcTime: Infinity });
  const { collapsed, help, details, actionProps } = useCardToggles();
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

  const onRevalidate = () =>
    revalidateRecord(
      () => revalidate.mutateAsync(id),
      t,
      () => setFormKey((k) => k + 1),
    );

  const back = { link: <Link to="/$registry" params={{ registry: def.name }} />, label: def.title };
  // The bad id, the read or its failure; then the bank list the form needs; then the form.
  const body =
    recordReadState({ validId, creating, query }, t, back) ??
    (needsBanks && !banks.data ? (
      banks.isError ? (
        <Alert variant="error">{t('fetchFailed')}</Alert>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      )
    ) : (
      <RegistryForm
        key={`${record?.id ?? 'new'}-${record?.version ?? 0}-${formKey}`}
        def={def}
        record={record}
        readOnly={!canEdit}
        save={(b) => save.mutateAsync({ id: creating ? null : id, body: b })}
        onSaved={onSaved}
        onCancel={toList}
      />
    ));

  return (
    <RecordPageFrame
      back={back}
      title={title}
      actions={
        <RecordCardActions
          texts={cardActionTexts(t, true)}
          onReload={!creating && validId ? () => void query.refetch() : undefined}
          {...actionProps(!!record)}
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
      }
      after={
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
      }
    >
      {!collapsed && (
        <CardContent className="flex flex-col gap-4">
          {help && <Alert variant="info">{t('help', { name: def.title.toLowerCase() })}</Alert>}
          {details && record && <RecordDetails record={record} t={t} />}
          {body}
        </CardContent>
      )}
    </RecordPageFrame>
  );
}
