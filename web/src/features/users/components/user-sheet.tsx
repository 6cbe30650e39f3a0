import type { Branch } from '@ev/shared/schemas/company';
import type { Profile } from '@ev/shared/schemas/profiles';
import type { User } from '@ev/shared/schemas/users';
import { IconKey, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { HistoryPanel } from '@/components/history/history-panel';
import { RecordNotFound } from '@/components/record-not-found';
import { failedRead } from '@/components/record-page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useAbility } from '@/lib/ability';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notices';
import { useSession } from '@/lib/use-session';
import { useSaveUser, useUser, useUserAction, userKeys, type UserAction } from '../api/users-api';
import { USER_HISTORY_FIELDS } from '../form';
import { UserForm } from './user-form';
import { UserStatusBadge } from './user-status-badge';

const EVENTS = ['users.create', 'users.update', 'users.update_self', 'users.deactivate', 'users.reactivate', 'users.reset_password'] as const;

/** What a confirmed action says when it is done. */
const DONE: Record<UserAction, string> = { deactivate: 'deactivated', reactivate: 'reactivated', 'reset-password': 'passwordReset' };

/** The actions on a saved user: reset the password, deactivate or reactivate, each after a confirmation. */
function UserActions({ user, self }: { user: User; self: boolean }) {
  const { t } = useTranslation('users');
  const ability = useAbility();
  const action = useUserAction();
  const [asked, setAsked] = useState<UserAction | null>(null);
  if (self) return <p className="text-sm text-muted-foreground">{t('self')}</p>;
  const run = async (which: UserAction) => {
    try {
      await action.mutateAsync({ id: user.id, action: which });
      notify({ kind: 'success', text: t(`done.${DONE[which]}`, { name: user.name, email: user.email }) });
    } catch (e) {
      notify({ kind: 'error', text: apiErrorText(e, t('actionFailed')) });
    } finally {
      setAsked(null);
    }
  };
  const confirm = asked && {
    deactivate: { title: t('confirm.deactivateTitle', { name: user.name }), text: t('confirm.deactivateText'), label: t('actions.deactivate'), destructive: true },
    reactivate: { title: t('confirm.reactivateTitle', { name: user.name }), text: t('confirm.reactivateText'), label: t('actions.reactivate'), destructive: false },
    'reset-password': { title: t('confirm.resetTitle', { name: user.name }), text: t('confirm.resetText', { email: user.email }), label: t('actions.resetPassword'), destructive: true },
  }[asked];
  return (
    <div className="flex flex-wrap gap-2">
      {user.active && ability.can('update', 'usuarios') && (
        <Button variant="outline" size="sm" onClick={() => setAsked('reset-password')} disabled={action.isPending}>
          <IconKey aria-hidden />
          {t('actions.resetPassword')}
        </Button>
      )}
      {user.active && ability.can('delete', 'usuarios') && (
        <Button variant="outline" size="sm" onClick={() => setAsked('deactivate')} disabled={action.isPending}>
          <IconUserOff aria-hidden />
          {t('actions.deactivate')}
        </Button>
      )}
      {!user.active && ability.can('update', 'usuarios') && (
        <Button variant="outline" size="sm" onClick={() => setAsked('reactivate')} disabled={action.isPending}>
          <IconUserCheck aria-hidden />
          {t('actions.reactivate')}
        </Button>
      )}
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={confirm?.title ?? ''}
        description={confirm?.text}
        confirmLabel={action.isPending ? t('working') : (confirm?.label ?? '')}
        cancelLabel={t('cancel')}
        destructive={confirm?.destructive}
        busy={action.isPending}
        onConfirm={() => asked && void run(asked)}
      />
    </div>
  );
}

/**
 * The side sheet of one user (`id`: a user's id, or `new`): the form, and for a saved user its
 * state, its actions and its "histórico". Closing with unsaved changes asks first.
 */
export function UserSheet({ id, profiles, branches, onClose }: { id: string | null; profiles: Profile[]; branches: Branch[]; onClose(): void }) {
  const { t } = useTranslation('users');
  const ability = useAbility();
  const format = useFormat();
  const me = useSession().data?.user.id;
  const creating = id === 'new';
  const query = useUser(creating ? null : id);
  const save = useSaveUser();
  const [reloads, setReloads] = useState(0);
  const [dirty, setDirty] = useState(false);
  const onDirty = useCallback((d: boolean) => setDirty(d), []);
  const user = creating ? null : (query.data ?? null);
  const historyLabels = useMemo(() => Object.fromEntries(USER_HISTORY_FIELDS.map((k) => [k, t(`fields.${k}`)])), [t]);
  const events = useMemo(() => Object.fromEntries(EVENTS.map((e) => [e, t(`events.${e}`)])), [t]);

  const close = () => {
    if (dirty && !window.confirm(t('leaveConfirm'))) return;
    setDirty(false);
    onClose();
  };
  const reload = () => {
    void query.refetch().then(() => setReloads((r) => r + 1));
  };

  let body;
  if (!creating && query.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        {t('loadingUser')}
      </p>
    );
  } else if (!creating && query.isError) {
    body =
      failedRead(query.error) === 'missing' ? (
        <RecordNotFound back={{ link: <Link to="/permissions/users" search={(prev) => ({ ...prev, user: undefined })} />, label: t('title') }} />
      ) : (
        <FetchFailed error={query.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      );
  } else {
    body = (
      <>
        {user && (
          <div className="flex flex-col gap-3" data-testid="user-state">
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <UserStatusBadge active={user.active} />
              <span>{user.lastAccessAt ? t('lastAccess', { at: format.dateTime(user.lastAccessAt) }) : t('neverAccessed')}</span>
            </p>
            <UserActions user={user} self={user.id === me} />
          </div>
        )}
        <UserForm
          key={`${user?.id ?? 'new'}-${user?.version ?? 0}-${reloads}`}
          user={user}
          profiles={profiles}
          branches={branches}
          readOnly={creating ? !ability.can('create', 'usuarios') : !ability.can('update', 'usuarios')}
          save={(body) => save.mutateAsync({ id: user?.id ?? null, body })}
          onSaved={(saved, emailed) => {
            notify({ kind: 'success', text: user ? t('done.updated', { name: saved.name }) : emailed ? t('done.createdEmailed', { name: saved.name, email: saved.email }) : t('done.created', { name: saved.name }) });
            setDirty(false);
            onClose();
          }}
          onCancel={close}
          onReload={reload}
          onDirty={onDirty}
        />
        {user && <HistoryPanel path={`/users/${user.id}`} queryKey={userKeys.record(user.id)} labels={historyLabels} events={events} />}
      </>
    );
  }

  return (
    <Sheet open={id !== null} onOpenChange={(open) => !open && close()}>
      <SheetContent className="max-w-2xl overflow-y-auto p-4 sm:p-5" closeLabel={t('close')}>
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1 pe-10">
            <SheetTitle className="break-words text-lg font-semibold">{creating ? t('newTitle') : (user?.name ?? t('singular'))}</SheetTitle>
            <SheetDescription className="text-sm text-muted-foreground">{creating ? t('newDescription') : t('editDescription')}</SheetDescription>
          </div>
          {body}
        </div>
      </SheetContent>
    </Sheet>
  );
}
