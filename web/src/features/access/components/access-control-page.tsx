import { IconCheck, IconShieldCheck, IconShieldLock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SUBJECT_NAMES, type Action, type AppAbility, type Subject } from '@ev/shared/permissions';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { localeOf } from '@/lib/i18n';
import { cn } from '@/lib/cn';
import { PageHeader } from '@/components/page-header';

/** The actions a user meets on screen, in the order the page shows them (`manage` means all). */
const SHOWN_ACTIONS = ['read', 'create', 'update', 'delete', 'dashboard'] as const satisfies readonly Action[];
type ShownAction = (typeof SHOWN_ACTIONS)[number];

/** `all` is not a module: it only widens rules. */
const MODULES = SUBJECT_NAMES.filter((s) => s !== 'all');

type Grant = 'yes' | 'limited' | 'no';

/** Allowed, allowed with conditions or fields (only some records or fields), or not allowed. */
function grantOf(ability: AppAbility, action: ShownAction, subject: Subject): Grant {
  if (!ability.can(action, subject)) return 'no';
  const rule = ability.relevantRuleFor(action, subject);
  return rule && (rule.conditions || rule.fields) ? 'limited' : 'yes';
}

/**
 * /access-control: what the current user may do, in words and as a table, decided by the same
 * CASL ability the routes and the API use (so `manage all` shows everything allowed).
 */
export function AccessControlPage() {
  const { t, i18n } = useTranslation('access');
  const ability = useAbility();
  const list = new Intl.ListFormat(localeOf(i18n.language), { style: 'long', type: 'conjunction' });
  // The subjects' labels are keyed in the shared catalogue (`messages:subjects.<subject>`).
  const label = (s: Subject) => t(`messages:subjects.${s}`);
  const rows = MODULES.map((subject) => ({ subject, grants: SHOWN_ACTIONS.map((action) => ({ action, grant: grantOf(ability, action, subject) })) }));
  // Modules that allow the same actions are told together: "May view and create: Clients, Sales."
  const groups: { key: string; actions: ShownAction[]; limited: boolean; subjects: Subject[] }[] = [];
  for (const { subject, grants } of rows) {
    const actions = grants.filter((g) => g.grant !== 'no').map((g) => g.action);
    if (!actions.length) continue;
    const limited = grants.some((g) => g.grant === 'limited');
    const key = `${actions.join(',')}${limited ? '+' : ''}`;
    const group = groups.find((x) => x.key === key);
    if (group) group.subjects.push(subject);
    else groups.push({ key, actions, limited, subjects: [subject] });
  }
  groups.sort((a, b) => b.actions.length - a.actions.length);
  const denied = rows.filter((r) => r.grants.every((g) => g.grant === 'no'));
  const everything = ability.can('manage', 'all');

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} />
      {everything && <Alert variant="success">{t('everything')}</Alert>}

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <IconShieldCheck aria-hidden className="size-5 text-primary" />
              {t('summary.title')}
            </CardTitle>
            <CardDescription>{t('summary.description')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ul className="flex flex-col gap-3 text-sm">
              {groups.map((g) => (
                <li key={g.key} className="flex flex-col gap-0.5">
                  <span className="font-medium">
                    {t(g.limited ? 'summary.mayLimited' : 'summary.may', { actions: list.format(g.actions.map((a) => t(`verbs.${a}`))) })}
                  </span>
                  <span className="text-muted-foreground">{list.format(g.subjects.map(label))}.</span>
                </li>
              ))}
            </ul>
            {denied.length > 0 && (
              <p className="text-sm">
                <span className="font-medium">{t('summary.deniedTitle')}</span>{' '}
                <span className="text-muted-foreground">{list.format(denied.map((r) => label(r.subject)))}.</span>
              </p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <IconShieldLock aria-hidden className="size-5 text-primary" />
              {t('table.title')}
            </CardTitle>
            <CardDescription>{t('table.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <div className="relative overflow-x-auto rounded-md border border-border" tabIndex={0} role="region" aria-label={t('table.caption')}>
              <table className="w-full min-w-[480px] border-collapse text-sm">
                <caption className="sr-only">{t('table.caption')}</caption>
                <thead className="bg-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-left font-medium">
                      {t('table.module')}
                    </th>
                    {SHOWN_ACTIONS.map((a) => (
                      <th key={a} scope="col" className="px-2 py-2 text-center font-medium">
                        {t(`actions.${a}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map(({ subject, grants }) => (
                    <tr key={subject} className="border-t border-border">
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        {label(subject)}
                      </th>
                      {grants.map(({ action, grant }) => (
                        <td key={action} className="px-2 py-2 text-center">
                          <GrantMark grant={grant} text={t(`grant.${grant}`)} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function GrantMark({ grant, text }: { grant: Grant; text: string }) {
  const Icon = grant === 'no' ? IconX : IconCheck;
  return (
    <span className={cn('inline-flex items-center justify-center', grant === 'no' ? 'text-muted-foreground' : 'text-primary', grant === 'limited' && 'text-warning')} title={text}>
      <Icon aria-hidden className="size-4" stroke={grant === 'no' ? 1.75 : 2.5} />
      <span className="sr-only">{text}</span>
    </span>
  );
}
