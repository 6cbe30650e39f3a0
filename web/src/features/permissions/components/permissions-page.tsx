import { gridDiff, gridOf, PRESET_KEYS, PRESETS, rulesOf, type GridChange, type PermissionGrid, type PresetKey } from '@ev/shared/permissions';
import type { Profile } from '@ev/shared/schemas/profiles';
import { IconCopy, IconPlus, IconPower } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { HistoryPanel } from '@/components/history/history-panel';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, selectClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAbility } from '@/lib/ability';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { notify } from '@/lib/notices';
import { useProfileLabel } from '@/lib/profile-label';
import { refreshSessionData } from '@/lib/session-data';
import { copyProfile, createProfile, profileKeys, profilesChanged, setProfileActive, updateProfile, useProfiles } from '../api/profiles-api';
import { PermissionGridEditor } from './permission-grid';
import { PermissionsTabs } from './permissions-tabs';

/** /permissions (spec: update on permissões to change): pick a profile, edit its abilities, read the diff, save or revert. */
export function PermissionsPage({ selected }: { selected: string | undefined }) {
  const { t } = useTranslation('permissions');
  const profiles = useProfiles();
  const navigate = useNavigate();
  const ability = useAbility();
  const label = useProfileLabel();
  const [dialog, setDialog] = useState<'new' | 'copy' | 'active' | null>(null);
  const items = profiles.data ?? [];
  const profile = items.find((p) => p.id === selected) ?? items[0];
  const select = (id: string) => void navigate({ to: '/permissions', search: { profile: id }, replace: true });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} />
      <PermissionsTabs />
      {profiles.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>
      ) : profiles.isError ? (
        <FetchFailed error={profiles.error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void profiles.refetch()} />
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex flex-col gap-1.5 sm:w-80">
              <Label htmlFor="permissions-profile">{t('profile')}</Label>
              <select id="permissions-profile" className={selectClass} value={profile?.id ?? ''} onChange={(e) => select(e.target.value)}>
                {items.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.active ? label(p) : t('inactiveName', { name: label(p) })}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-wrap gap-2">
              {ability.can('create', 'permissões') && (
                <>
                  <Button variant="outline" onClick={() => setDialog('new')}>
                    <IconPlus aria-hidden />
                    {t('new.button')}
                  </Button>
                  {profile && (
                    <Button variant="outline" onClick={() => setDialog('copy')}>
                      <IconCopy aria-hidden />
                      {t('copy.button')}
                    </Button>
                  )}
                </>
              )}
              {profile && ability.can('update', 'permissões') && (
                <Button variant="outline" onClick={() => setDialog('active')}>
                  <IconPower aria-hidden />
                  {profile.active ? t('deactivate.button') : t('activate.button')}
                </Button>
              )}
            </div>
          </div>
          {profile && <ProfileEditor key={`${profile.id}:${profile.version}`} profile={profile} />}
          {profile && <HistoryPanel path={`/profiles/${profile.id}`} queryKey={profileKeys.record(profile.id)} labels={t('historyFields', { returnObjects: true }) as Record<string, string>} events={t('historyEvents', { returnObjects: true }) as Record<string, string>} />}
          <NameDialog
            mode={dialog === 'new' || dialog === 'copy' ? dialog : null}
            source={profile}
            onClose={() => setDialog(null)}
            onSaved={(p) => {
              setDialog(null);
              select(p.id);
            }}
          />
          {profile && <ActiveDialog open={dialog === 'active'} profile={profile} onClose={() => setDialog(null)} />}
        </>
      )}
    </div>
  );
}

/** A diff line in the user's language: "Ler — Clientes", "Somente os próprios registros — Vendas", "Acesso total". */
function useChangeText() {
  const { t } = useTranslation('permissions');
  return (c: GridChange) =>
    c.kind === 'full' ? t('grid.full') : c.kind === 'own' ? `${t('grid.own')} — ${t(`messages:subjects.${c.subject}`)}` : `${t(`actions.${c.action}`)} — ${t(`messages:subjects.${c.subject}`)}`;
}

function DiffList({ changes }: { changes: GridChange[] }) {
  const { t } = useTranslation('permissions');
  const text = useChangeText();
  const added = changes.filter((c) => c.change === 'added');
  const removed = changes.filter((c) => c.change === 'removed');
  const list = (items: GridChange[], sign: string, className: string) => (
    <ul className="flex flex-col gap-0.5">
      {items.map((c) => (
        <li key={`${c.kind}:${c.action ?? ''}:${c.subject ?? ''}`} className={className}>
          <span aria-hidden>{sign} </span>
          {text(c)}
          {c.highRisk && <strong className="ms-1 text-xs font-semibold uppercase">({t('grid.highRisk')})</strong>}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <h3 className="mb-1 font-medium">{t('diff.added', { count: added.length })}</h3>
        {added.length ? list(added, '+', 'text-foreground') : <p className="text-muted-foreground">{t('diff.none')}</p>}
      </div>
      <div>
        <h3 className="mb-1 font-medium">{t('diff.removed', { count: removed.length })}</h3>
        {removed.length ? list(removed, '−', 'text-destructive') : <p className="text-muted-foreground">{t('diff.none')}</p>}
      </div>
    </div>
  );
}

function ProfileEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation('permissions');
  const label = useProfileLabel();
  const ability = useAbility();
  const queryClient = useQueryClient();
  const canEdit = ability.can('update', 'permissões') && profile.active;
  const original = gridOf(profile.rules);
  const [grid, setGrid] = useState<PermissionGrid>(original);
  const [name, setName] = useState(profile.name);
  const [financial, setFinancial] = useState(profile.financialReleaseAuthorizer ?? false);
  const [preset, setPreset] = useState<PresetKey | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ text: string; conflict: boolean } | null>(null);
  const changes = gridDiff(original, grid);
  const renamed = name.trim() !== profile.name;
  const financialChanged = financial !== (profile.financialReleaseAuthorizer ?? false);
  const dirty = changes.length > 0 || renamed || financialChanged;
  const risky = changes.some((c) => c.highRisk);
  // What a save changes, in words: shown under the grid and again in the confirmation.
  const summary = (
    <div className="flex flex-col gap-2">
      {renamed && <p className="text-sm">{t('diff.renamed', { from: profile.name, to: name.trim() })}</p>}
      {financialChanged && <p className="text-sm">{financial ? t('diff.financialOn') : t('diff.financialOff')}</p>}
      {changes.length > 0 && <DiffList changes={changes} />}
    </div>
  );

  function revert() {
    setGrid(original);
    setName(profile.name);
    setFinancial(profile.financialReleaseAuthorizer ?? false);
    setErrors({});
    setError(null);
  }

  async function save() {
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      await updateProfile(profile.id, { name: name.trim(), rules: rulesOf(grid), financialReleaseAuthorizer: financial, version: profile.version });
      setConfirming(false);
      notify({ kind: 'success', text: t('saved', { name: name.trim() }) });
      await profilesChanged(queryClient);
      // When it is one's own profile, the session's abilities follow at once (the menu, the guards).
      await refreshSessionData().catch(() => undefined);
    } catch (err) {
      setConfirming(false);
      const conflict = err instanceof ApiError && err.status === 409 && err.code === 'conflict.version';
      setErrors(Object.fromEntries(apiFieldErrors(err).map((f) => [f.field, f.message])));
      setError({ text: conflict ? t('conflict') : apiErrorText(err, t('saveFailed')), conflict });
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!dirty || !canEdit) return;
    setTyped('');
    setConfirming(true);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('editor.title', { name: label(profile) })}</CardTitle>
        <CardDescription>{profile.active ? t('editor.description') : t('editor.inactive')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label={t('name')} error={errors.name}>
              <Input maxLength={80} value={name} disabled={!canEdit} onChange={(e) => setName(e.target.value)} />
            </FormField>
            <div className="flex items-end gap-2">
              <FormField label={t('preset.label')} hint={t('preset.hint')} className="flex-1">
                <PresetSelect value={preset} onChange={setPreset} empty={t('preset.choose')} disabled={!canEdit} />
              </FormField>
              <Button type="button" variant="outline" className="mb-5" disabled={!canEdit || !preset} onClick={() => preset && setGrid(gridOf(PRESETS[preset].rules))}>
                {t('preset.apply')}
              </Button>
            </div>
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={financial} disabled={!canEdit} onChange={(e) => setFinancial(e.target.checked)} />
            <span>
              {t('financial')}
              <span className="block text-xs text-muted-foreground">{t('financialHint')}</span>
            </span>
          </label>
          <PermissionGridEditor grid={grid} onChange={setGrid} disabled={!canEdit} />
          <section aria-labelledby="permissions-diff" aria-live="polite" className="rounded-md border p-3">
            <h2 id="permissions-diff" className="mb-2 font-medium">{t('diff.title')}</h2>
            {dirty ? summary : <p className="text-sm text-muted-foreground">{t('diff.nothing')}</p>}
          </section>
          {error && (
            <Alert variant={error.conflict ? 'warning' : 'error'}>
              {error.text}
              {error.conflict && (
                <Button type="button" variant="link" className="h-auto p-0 ps-1" onClick={() => void profilesChanged(queryClient)}>
                  {t('reload')}
                </Button>
              )}
            </Alert>
          )}
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={!dirty || busy}>{t('save')}</Button>
              <Button type="button" variant="outline" disabled={!dirty || busy} onClick={revert}>{t('revert')}</Button>
            </div>
          )}
        </form>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('confirm.title', { name: name.trim() })}
          description={t('confirm.description')}
          confirmLabel={t('confirm.save')}
          cancelLabel={t('confirm.cancel')}
          busy={busy || (risky && typed.trim() !== name.trim())}
          destructive={risky}
          onConfirm={() => void save()}
        >
          <div className="max-h-64 overflow-y-auto">{summary}</div>
          {risky && (
            <>
              <Alert variant="warning">{t('confirm.risky')}</Alert>
              <FormField label={t('confirm.typeName', { name: name.trim() })}>
                <Input autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
              </FormField>
            </>
          )}
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}

/** The four presets to start from (their names in the user's language), after an empty choice. */
function PresetSelect({ value, onChange, empty, disabled, ...field }: { value: PresetKey | ''; onChange(v: PresetKey | ''): void; empty: string; disabled?: boolean; id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) {
  const { t } = useTranslation('common');
  return (
    <select {...field} className={selectClass} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as PresetKey | '')}>
      <option value="">{empty}</option>
      {PRESET_KEYS.map((k) => (
        <option key={k} value={k}>
          {t(`presets.${k}`)}
        </option>
      ))}
    </select>
  );
}

/** "Novo perfil" (a name and a preset to start from) and "Copiar perfil" (a name). */
function NameDialog({ mode, source, onClose, onSaved }: { mode: 'new' | 'copy' | null; source: Profile | undefined; onClose(): void; onSaved(p: Profile): void }) {
  const { t } = useTranslation('permissions');
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [preset, setPreset] = useState<PresetKey | ''>('salesman');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const saved = mode === 'copy' && source ? await copyProfile(source.id, name) : await createProfile({ name, ...(preset ? { preset } : {}) });
      await profilesChanged(queryClient);
      notify({ kind: 'success', text: t(mode === 'copy' ? 'copy.done' : 'new.done', { name: saved.name }) });
      setName('');
      onSaved(saved);
    } catch (err) {
      setError(apiFieldErrors(err)[0]?.message ?? apiErrorText(err, t('saveFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <ConfirmDialog
      open={mode !== null}
      onOpenChange={(open) => !open && close()}
      title={mode === 'copy' ? t('copy.title', { name: source?.name ?? '' }) : t('new.title')}
      description={mode === 'copy' ? t('copy.description') : t('new.description')}
      confirmLabel={mode === 'copy' ? t('copy.confirm') : t('new.confirm')}
      cancelLabel={t('confirm.cancel')}
      busy={busy}
      onConfirm={() => void confirm()}
    >
      <FormField label={t('name')} error={error ?? undefined}>
        <Input maxLength={80} value={name} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void confirm()} />
      </FormField>
      {mode === 'new' && (
        <FormField label={t('preset.label')}>
          <PresetSelect value={preset} onChange={setPreset} empty={t('preset.none')} />
        </FormField>
      )}
    </ConfirmDialog>
  );
}

function ActiveDialog({ open, profile, onClose }: { open: boolean; profile: Profile; onClose(): void }) {
  const { t } = useTranslation('permissions');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await setProfileActive(profile.id, !profile.active, profile.version);
      await profilesChanged(queryClient);
      notify({ kind: 'success', text: t(profile.active ? 'deactivate.done' : 'activate.done', { name: profile.name }) });
      onClose();
    } catch (err) {
      setError(apiErrorText(err, t('saveFailed')));
    } finally {
      setBusy(false);
    }
  }
  const key = profile.active ? 'deactivate' : 'activate';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setError(null);
          onClose();
        }
      }}
      title={t(`${key}.title`, { name: profile.name })}
      description={t(`${key}.description`)}
      confirmLabel={t(`${key}.confirm`)}
      cancelLabel={t('confirm.cancel')}
      busy={busy}
      destructive={profile.active}
      onConfirm={() => void confirm()}
    >
      {error && <Alert variant="error">{error}</Alert>}
    </ConfirmDialog>
  );
}
