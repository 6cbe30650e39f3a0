import { IconDevices, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { logout } from '@/lib/logout';
import { notify } from '@/lib/notices';
import { useEndOtherSessions, useSessions } from '../api/settings-api';

/** Sign out of this browser (the user menu does the same): the spec's success or failure text. */
export function SessionCard() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    const result = await logout(queryClient);
    if (!result.ok) {
      setBusy(false);
      toast.error(result.message);
      return;
    }
    notify({ kind: 'success', text: result.message });
    await navigate({ to: '/login', replace: true });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <IconLogout aria-hidden className="size-5 text-primary" />
          {t('session.title')}
        </CardTitle>
        <CardDescription>{t('session.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Button variant="outline" className="self-start" onClick={() => void signOut()} disabled={busy}>
          <IconLogout aria-hidden />
          {busy ? t('session.signingOut') : t('session.signOut')}
        </Button>
        <ActiveSessions />
      </CardContent>
    </Card>
  );
}

/** The user's sessions (browsers and devices signed in), and "end the others" after a confirmation. */
function ActiveSessions() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const [asking, setAsking] = useState(false);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Section
      level={3}
      titleClassName="flex items-center gap-2 font-medium"
      title={
        <>
          <IconDevices aria-hidden className="size-4 text-muted-foreground" />
          {t('session.active')}
        </>
      }
    >
      {sessions.isPending && <p className="text-sm text-muted-foreground">{t('session.loading')}</p>}
      {sessions.isError && <p className="text-sm text-destructive">{t('session.loadError')}</p>}
      {sessions.data && (
        <ul className="flex flex-col divide-y divide-border text-sm" data-testid="active-sessions">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
              <span className="font-medium">{s.current ? t('session.thisOne') : t('session.other')}</span>
              <span className="text-muted-foreground">{t('session.times', { since: format.dateTime(s.createdAt), last: format.dateTime(s.lastUsedAt) })}</span>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" className="self-start" disabled={others === 0 || endOthers.isPending} onClick={() => setAsking(true)}>
        {t('session.endOthers')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('session.endOthersTitle')}
        description={t('session.endOthersText', { count: others })}
        confirmLabel={t('session.endOthers')}
        cancelLabel={t('session.cancel')}
        destructive
        busy={endOthers.isPending}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: (ended) => {
              setAsking(false);
              notify({ kind: 'success', text: t('session.ended', { count: ended }) });
            },
            onError: (e) => {
              setAsking(false);
              toast.error(apiErrorText(e, t('session.endFailed')));
            },
          })
        }
      />
    </Section>
  );
}
