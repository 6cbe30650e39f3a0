import type { Sale } from '@ev/shared/schemas/sales';
import { allowedMoves, type SaleStatus } from '@ev/shared/sales/status';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { useAbility } from '@/lib/ability';
import { apiErrorText } from '@/lib/api-error-text';
import { notify } from '@/lib/notices';
import { useSession } from '@/lib/use-session';
import { useDeleteDraft, useMoveSale } from '../../api/sales-api';

/** The moves that ask why (spec: a cancellation or a refund keeps its reason in the history). */
const WITH_REASON: readonly SaleStatus[] = ['cancelled', 'refunded'];

/**
 * The status moves the current user may make from here (`allowedMoves`: the machine's, by the
 * move's ability and, for the release, the authorizer flag: the server's rule), each confirmed in a
 * dialog (a reason for cancel and refund). None: no buttons.
 */
export function MoveButtons({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const ability = useAbility();
  const authorizer = useSession().data?.user.autorizadorFinanceiro === true;
  const move = useMoveSale();
  const [to, setTo] = useState<SaleStatus | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const moves = allowedMoves(sale.status, { can: (action, subject) => ability.can(action, subject), authorizer });
  if (!moves.length) return null;
  const open = (next: SaleStatus) => {
    setReason('');
    setError(null);
    setTo(next);
  };
  const confirm = async () => {
    if (!to) return;
    try {
      await move.mutateAsync({ id: sale.id, version: sale.version, to, reason: WITH_REASON.includes(to) ? reason : undefined });
      notify({ kind: 'success', text: t('moves.done', { status: t(`status.${to}`) }) });
      setTo(null);
    } catch (e) {
      setError(apiErrorText(e, t('moves.failed')));
      setTo(null);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={t('moves.label')} className="flex flex-wrap gap-2">
        {moves.map((m) => (
          <Button key={m} variant={m === 'cancelled' || m === 'refunded' ? 'outline' : 'default'} size="sm" onClick={() => open(m)}>
            {t(`status.${m}`)}
          </Button>
        ))}
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      <ConfirmDialog
        open={to !== null}
        onOpenChange={(o) => !o && setTo(null)}
        title={to ? t('moves.title', { status: t(`status.${to}`) }) : ''}
        description={to ? t('moves.text', { from: t(`status.${sale.status}`), to: t(`status.${to}`) }) : undefined}
        confirmLabel={t('moves.confirm')}
        cancelLabel={t('moves.back')}
        onConfirm={() => void confirm()}
        busy={move.isPending}
        destructive={to === 'cancelled' || to === 'refunded'}
      >
        {to && WITH_REASON.includes(to) && (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="sale-move-reason">{t('moves.reason')}</Label>
            <textarea
              id="sale-move-reason"
              maxLength={500}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
            />
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** "Excluir rascunho": confirmed, then back to the drafts. */
export function DeleteDraftButton({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const navigate = useNavigate();
  const remove = useDeleteDraft();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    try {
      await remove.mutateAsync(sale.id);
      setOpen(false);
      notify({ kind: 'success', text: t('deleteDraft.done') });
      void navigate({ to: '/sales', search: { tab: 'drafts' } });
    } catch (e) {
      setOpen(false);
      setError(apiErrorText(e, t('deleteDraft.failed')));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <IconTrash aria-hidden />
          {t('deleteDraft.button')}
        </Button>
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('deleteDraft.title')}
        description={t('deleteDraft.text')}
        confirmLabel={t('deleteDraft.confirm')}
        cancelLabel={t('deleteDraft.back')}
        onConfirm={() => void confirm()}
        busy={remove.isPending}
        destructive
      />
    </div>
  );
}

