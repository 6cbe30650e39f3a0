import { MessageTexts, rejectionOf, type MessageTemplate } from '@ev/shared/schemas/messages';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordDetails, RecordPageFrame, useRecordPage } from '@/components/record-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAbility } from '@/lib/ability';
import { apiErrorText, textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notices';
import { useDeleteTemplate, useMessagingState, useSaveTemplate, useTemplate } from '../api/messages-api';
import { TemplateStatusBadge } from './template-status';
import { PARAMS, TemplateForm } from './template-form';

/** Why the template cannot be edited now (Meta's rules), or null. */
function lockedBecause(template: MessageTemplate, t: (key: string, o?: Record<string, string>) => string, when: (v: string) => string): string | null {
  if (template.status === 'pending') return t('template.inReview');
  if (template.editableFrom) return t('template.editableFrom', { when: when(template.editableFrom) });
  return null;
}

/**
 * `/messages/templates/{id}` (read `mensagens`) and `/messages/templates/new`: a template with its
 * live preview; its review by WhatsApp (pending, approved, or rejected with the reason); edited as
 * Meta allows; deleted after a confirmation.
 */
export function TemplatePage({ id }: { id: string }) {
  const { t } = useTranslation('whatsapp');
  const navigate = useNavigate();
  const ability = useAbility();
  const format = useFormat();
  const state = useMessagingState();
  const remove = useDeleteTemplate();
  const [confirming, setConfirming] = useState(false);
  const page = useRecordPage<MessageTemplate>({
    id,
    subject: 'mensagens',
    read: useTemplate,
    save: useSaveTemplate(),
    openCreated: (saved: string) => void navigate({ to: '/messages/templates/$id', params: { id: saved }, replace: true }),
    newLink: <Link to="/messages/templates/$id" params={{ id: 'new' }} />,
    back: { link: <Link to="/messages/templates" />, label: t('templates.title') },
    t,
  });
  const { creating, record: template, collapsed, help, details } = page;
  const title = creating ? t('template.newTitle') : template ? template.name : t('template.singular');
  const locked = template ? lockedBecause(template, t, format.dateTime) : null;
  const notConfigured = state.data && !state.data.configured;

  const onDelete = async () => {
    if (!template) return;
    try {
      await remove.mutateAsync(template.id);
      setConfirming(false);
      notify({ kind: 'success', text: t('template.deleted') });
      void navigate({ to: '/messages/templates' });
    } catch (e) {
      setConfirming(false);
      notify({ kind: 'error', text: apiErrorText(e, t('template.deleteFailed')) });
    }
  };

  let body = page.readState();
  if (!body) {
    body = (
      <TemplateForm
        key={page.formKey}
        record={template}
        readOnly={!page.canEdit || !!locked || (creating && !!notConfigured)}
        save={page.save}
        onSaved={page.onSaved}
        onCancel={() => void navigate({ to: '/messages/templates' })}
      />
    );
  }

  return (
    <RecordPageFrame back={page.back} title={title} actions={page.cardActions()}>
      <CardContent className={cn('flex flex-col gap-4', collapsed && 'hidden')}>
        {help && <Alert variant="info">{t('template.help', PARAMS)}</Alert>}
        {creating && notConfigured && <Alert variant="warning">{textOf(MessageTexts.notConfigured())}</Alert>}
        {template && (
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="template-summary">
            <span className="font-mono">{template.name}</span>
            <span>{t(`category.${template.category}`)}</span>
            <span>{t(`language.${template.language}`)}</span>
            <TemplateStatusBadge status={template.status} />
          </div>
        )}
        {template?.status === 'rejected' && <Alert variant="error">{t('template.rejected', { reason: textOf(rejectionOf(template.rejectedReason)) })}</Alert>}
        {locked && <Alert variant="info">{locked}</Alert>}
        {details && template && <RecordDetails record={template} t={t} />}
        {body}
        {template && ability.can('delete', 'mensagens') && (
          <div className="flex justify-start border-t border-border pt-4">
            <Button type="button" variant="outline" className="text-destructive" onClick={() => setConfirming(true)}>
              <IconTrash aria-hidden />
              {t('template.delete')}
            </Button>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('template.deleteTitle', { name: template?.name ?? '' })}
        description={t('template.deleteText')}
        confirmLabel={t('template.delete')}
        cancelLabel={t('cancel')}
        onConfirm={() => void onDelete()}
        busy={remove.isPending}
        destructive
      />
    </RecordPageFrame>
  );
}
