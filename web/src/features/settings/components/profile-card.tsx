import { IconRefresh, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { localeOf } from '@/lib/i18n';
import { companyName, type SessionBody } from '@/lib/session';
import { useMe, useUser } from '../api/settings-api';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

/**
 * The user's data, read only: what the session says (name, nickname, e-mail, company, branch) at
 * once, completed by the user's record (birthday, CPF/CNPJ, RG/IE, phones) when it arrives.
 */
export function ProfileCard({ fallback }: { fallback: SessionBody }) {
  const { t, i18n } = useTranslation('settings');
  const me = useMe();
  const user = useUser(fallback.user.id);
  const data = me.data ?? fallback;
  const record = user.data;
  const none = <span className="text-muted-foreground">{t('profile.none')}</span>;
  const ctx = { locale: localeOf(i18n.language), dateFormat: data.user.formatoData };
  const fetching = me.isFetching || user.isFetching;

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <IconUser aria-hidden className="size-5 text-primary" />
            {t('profile.title')}
          </CardTitle>
          <CardDescription>{t('profile.description')}</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('profile.reload')}
          title={t('profile.reload')}
          disabled={fetching}
          onClick={() => {
            void me.refetch();
            void user.refetch();
          }}
        >
          <IconRefresh aria-hidden className={fetching ? 'animate-spin' : undefined} />
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {(me.isError || user.isError) && <Alert variant="warning">{t('profile.loadError')}</Alert>}
        <dl className="grid gap-4 sm:grid-cols-2">
          <Item label={t('profile.name')}>{data.user.nome}</Item>
          <Item label={t('profile.nickname')}>{data.user.apelido || none}</Item>
          <Item label={t('profile.email')}>{data.user.email}</Item>
          <Item label={t('profile.company')}>{companyName(data.company)}</Item>
          <Item label={t('profile.branch')}>{data.branch ? data.branch.apelido || data.branch.nome : <span className="text-warning">{t('profile.noBranch')}</span>}</Item>
          <Item label={t('profile.branches')}>{data.branches.length ? data.branches.map((b) => b.apelido || b.nome).join(', ') : none}</Item>
          {record && (
            <>
              <Item label={t('profile.birthday')}>{record.birthday ? formatDate(record.birthday, ctx) : none}</Item>
              <Item label={t('profile.document')}>{record.document || none}</Item>
              <Item label={t('profile.stateRegistration')}>{record.stateRegistration || none}</Item>
              <Item label={t('profile.phones')}>{record.phones.length ? record.phones.join(', ') : none}</Item>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
