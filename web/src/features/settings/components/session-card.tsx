import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { logout } from '@/lib/logout';
import { notify } from '@/lib/notices';

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
      <CardContent>
        <Button variant="outline" onClick={() => void signOut()} disabled={busy}>
          <IconLogout aria-hidden />
          {busy ? t('session.signingOut') : t('session.signOut')}
        </Button>
      </CardContent>
    </Card>
  );
}
