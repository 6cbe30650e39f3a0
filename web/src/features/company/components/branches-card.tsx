import { BranchCreate, BranchUpdate, type Branch } from '@ev/shared/schemas/company';
import { IconBuildingStore, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FetchFailed } from '@/components/fetch-failed';
import { DecimalField, FormFields, SwitchField, TextAreaField, TextField } from '@/components/form/fields';
import { HistoryPanel } from '@/components/history/history-panel';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useAbility } from '@/lib/ability';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { schemaResolver } from '@/lib/form-map';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notices';
import { companyKeys, useBranches, useSaveBranch, useSetBranchActive } from '../api/company-api';
import { BRANCH_FIELDS, BRANCH_HISTORY_FIELDS, branchBody, branchLabel, branchValues, type BranchValues } from '../form';

const REQUIRED = new Set(['name']);

/** The branch's form (new or edit), validated with the API's schema; the API's field errors show at their fields. */
function BranchForm({ branch, onDone }: { branch: Branch | null; onDone(): void }) {
  const { t } = useTranslation('company');
  const resolver = useMemo(() => schemaResolver<BranchValues>(branch ? BranchUpdate : BranchCreate, branchBody, !!branch, { labelOf: branchLabel }), [branch]);
  const form = useForm<BranchValues>({ resolver, defaultValues: branchValues(branch), mode: 'onSubmit' });
  const save = useSaveBranch();
  const [error, setError] = useState<string | null>(null);
  const { isSubmitting } = form.formState;
  const f = (name: keyof typeof BRANCH_FIELDS) => t(`branches.fields.${name}`);
  const h = (name: keyof typeof BRANCH_FIELDS) => t(`branches.hints.${name}`);

  const submit = async (values: BranchValues) => {
    setError(null);
    try {
      await save.mutateAsync({ id: branch?.id ?? null, body: { ...branchBody(values), ...(branch ? { version: branch.version } : {}) } });
      notify({ kind: 'success', text: branch ? t('branches.updated') : t('branches.added') });
      onDone();
    } catch (e) {
      const fields = apiFieldErrors(e, branchLabel).filter((x) => x.field in BRANCH_FIELDS);
      for (const x of fields) form.setError(x.field as FieldPath<BranchValues>, { type: 'server', message: x.message });
      if (fields.length) form.setFocus(fields[0]!.field as FieldPath<BranchValues>);
      else setError(apiErrorText(e, t('branches.failed')));
    }
  };

  return (
    <FormProvider {...form}>
      <FormFields required={REQUIRED}>
        <form noValidate className="flex flex-col gap-3" aria-label={branch ? t('branches.editTitle') : t('branches.newTitle')} onSubmit={(e) => void form.handleSubmit(submit)(e)}>
          <TextField name="name" label={f('name')} maxLength={120} />
          <TextField name="nickname" label={f('nickname')} hint={h('nickname')} maxLength={60} />
          <TextAreaField name="header" label={f('header')} hint={h('header')} maxLength={2000} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField name="decimals" label={f('decimals')} hint={h('decimals')} inputMode="numeric" maxLength={1} shape={(v) => v.replace(/\D/g, '')} />
            <SwitchField name="issuesSales" label={f('issuesSales')} hint={h('issuesSales')} />
            <TextField name="consignmentDays" label={f('consignmentDays')} hint={h('consignmentDays')} inputMode="numeric" maxLength={4} shape={(v) => v.replace(/\D/g, '')} />
            <DecimalField name="consignmentDiscount" label={f('consignmentDiscount')} hint={h('consignmentDiscount')} scale={2} maxLength={6} />
          </div>
          {error && <Alert variant="error">{error}</Alert>}
          <FormActions texts={{ cancel: t('branches.cancel'), submit: t('branches.save'), submitting: t('branches.saving') }} submitting={isSubmitting} onCancel={onDone} />
        </form>
      </FormFields>
    </FormProvider>
  );
}

/** One branch of the list: its data at a glance and what the user may do with it. */
function BranchRow({ branch, canEdit, onEdit, onDeactivate, onActivate, busy }: { branch: Branch; canEdit: boolean; onEdit(): void; onDeactivate(): void; onActivate(): void; busy: boolean }) {
  const { t } = useTranslation('company');
  const format = useFormat();
  const name = branch.nickname ?? branch.name;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{branch.name}</span>
          {branch.nickname && branch.nickname !== branch.name && <span className="text-sm font-normal text-muted-foreground">({branch.nickname})</span>}
          {!branch.active && <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{t('branches.inactive')}</span>}
        </p>
        <p className="text-sm text-muted-foreground">
          {[
            branch.issuesSales ? t('branches.issuesSales') : t('branches.noSales'),
            t('branches.decimals', { places: branch.decimals }),
            branch.consignmentDays > 0 ? t('branches.consignment', { days: branch.consignmentDays, discount: format.number(branch.consignmentDiscount, 2) }) : t('branches.noConsignment'),
          ].join(' · ')}
        </p>
      </div>
      {canEdit && (
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('branches.editLabel', { name })}>
            <IconPencil aria-hidden />
            {t('branches.edit')}
          </Button>
          {branch.active ? (
            <Button variant="outline" size="sm" onClick={onDeactivate} disabled={busy} aria-label={t('branches.deactivateLabel', { name })}>
              {t('branches.deactivate')}
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={onActivate} disabled={busy} aria-label={t('branches.activateLabel', { name })}>
              {t('branches.activate')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The company's branches (result centers): the list, a new branch and an edit in a side sheet (with
 * the branch's "histórico"), a deactivation after a confirmation, a reactivation. Branches are
 * never deleted.
 */
export function BranchesCard() {
  const { t } = useTranslation('company');
  const ability = useAbility();
  const branches = useBranches();
  const setActive = useSetBranchActive();
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  const [confirm, setConfirm] = useState<Branch | null>(null);
  const canCreate = ability.can('create', 'filiais');
  const canEdit = ability.can('update', 'filiais');
  const historyLabels = useMemo(() => Object.fromEntries(BRANCH_HISTORY_FIELDS.map((k) => [k, t(`branches.fields.${k}`)])), [t]);
  const events = useMemo(() => Object.fromEntries(['branches.create', 'branches.update', 'branches.deactivate', 'branches.activate'].map((e) => [e, t(`events.${e}`)])), [t]);

  const changeActive = async (branch: Branch, active: boolean) => {
    const name = branch.nickname ?? branch.name;
    try {
      await setActive.mutateAsync({ id: branch.id, active, version: branch.version });
      notify({ kind: 'success', text: active ? t('branches.activated', { name }) : t('branches.deactivated', { name }) });
    } catch (e) {
      notify({ kind: 'error', text: apiErrorText(e, t('branches.changeFailed')) });
    } finally {
      setConfirm(null);
    }
  };

  const current = editing === 'new' ? null : editing;
  return (
    <Card role="group" aria-labelledby="branches-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <CardTitle id="branches-title" className="flex items-center gap-2">
            <IconBuildingStore aria-hidden className="size-5 text-primary" />
            {t('branches.title')}
          </CardTitle>
          <CardDescription>{t('branches.description')}</CardDescription>
        </div>
        {canCreate && (
          <Button onClick={() => setEditing('new')}>
            <IconPlus aria-hidden />
            {t('branches.add')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {branches.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('loading')}
          </p>
        ) : branches.isError ? (
          <FetchFailed error={branches.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void branches.refetch()} />
        ) : branches.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('branches.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-labelledby="branches-title">
            {branches.data.map((b) => (
              <BranchRow key={b.id} branch={b} canEdit={canEdit} busy={setActive.isPending} onEdit={() => setEditing(b)} onDeactivate={() => setConfirm(b)} onActivate={() => void changeActive(b, true)} />
            ))}
          </ul>
        )}
      </CardContent>
      <Sheet open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <SheetContent className="max-w-lg overflow-y-auto p-5" closeLabel={t('branches.close')}>
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-1 pe-10">
              <SheetTitle className="text-lg font-semibold">{current ? `${t('branches.editTitle')}: ${current.name}` : t('branches.newTitle')}</SheetTitle>
              <SheetDescription className="text-sm text-muted-foreground">{t('branches.formDescription')}</SheetDescription>
            </div>
            {editing !== null && <BranchForm key={current ? `${current.id}-${current.version}` : 'new'} branch={current} onDone={() => setEditing(null)} />}
            {current && <HistoryPanel path={`/branches/${current.id}`} queryKey={companyKeys.branch(current.id)} labels={historyLabels} events={events} />}
          </div>
        </SheetContent>
      </Sheet>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm ? t('branches.confirmTitle', { name: confirm.nickname ?? confirm.name }) : ''}
        description={t('branches.confirmText')}
        confirmLabel={t('branches.deactivate')}
        cancelLabel={t('branches.cancel')}
        destructive
        busy={setActive.isPending}
        onConfirm={() => confirm && void changeActive(confirm, false)}
      />
    </Card>
  );
}
