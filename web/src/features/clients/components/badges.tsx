import type { ClientSituation, ClientStatus } from '@ev/shared/schemas/clients';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useClientMessage } from '../messages';

const tone = {
  neutral: 'bg-muted text-foreground',
  good: 'bg-primary/15 text-foreground',
  warning: 'bg-warning/20 text-foreground',
  bad: 'border border-destructive/60 bg-destructive/10 text-foreground',
};

export function Badge({ kind, title, children, testId }: { kind: keyof typeof tone; title?: string; children: ReactNode; testId?: string }) {
  return (
    <span title={title} data-testid={testId} className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', tone[kind])}>
      {children}
    </span>
  );
}

export function StatusBadge({ status }: { status: ClientStatus }) {
  const { t } = useTranslation('clients');
  return <Badge kind={status === 'active' ? 'good' : 'neutral'}>{t(`status.${status}`)}</Badge>;
}

export function SituationBadge({ situation }: { situation: ClientSituation }) {
  const { t } = useTranslation('clients');
  const kind = situation === 'normal' ? 'good' : situation === 'closed' ? 'neutral' : 'bad';
  return <Badge kind={kind}>{t(`situation.${situation}`)}</Badge>;
}

/** Incomplete (cannot buy until completed) and blocked (analysis or problem) markers. */
export function FlagBadges({ incomplete, blocked }: { incomplete: boolean; blocked: boolean }) {
  const { t } = useTranslation('clients');
  const message = useClientMessage();
  return (
    <>
      {incomplete && (
        <Badge kind="warning" title={message('incomplete')} testId="badge-incomplete">
          {t('badges.incomplete')}
        </Badge>
      )}
      {blocked && (
        <Badge kind="bad" title={message('situationBlocks')} testId="badge-blocked">
          {t('badges.blocked')}
        </Badge>
      )}
    </>
  );
}
