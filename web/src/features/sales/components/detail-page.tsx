import { Decimal } from '@ev/shared/money';
import type { Sale, SaleEditChanges } from '@ev/shared/schemas/sales';
import { allowedMoves, type SaleStatus } from '@ev/shared/sales/status';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlocks } from '@/components/loading-blocks';
import { cardActionTexts, RecordCardActions } from '@/components/record-card-actions';
import { RecordDetails, RecordPageFrame, RECORD_ID, recordReadState, useCardToggles } from '@/components/record-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Section } from '@/components/ui/section';
import { useAbility } from '@/lib/ability';
import { api } from '@/lib/api';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notices';
import { useNamedRecord } from '@/lib/record-api';
import { useSession } from '@/lib/use-session';
import { useDeleteDraft, useMoveSale, useSale } from '../api/sales-api';
import { ConsignmentSection } from './consignment-section';
import { SaleStatusBadge } from './status-badge';

/** The moves that ask why (spec: a cancellation or a refund keeps its reason in the history). */
const WITH_REASON: readonly SaleStatus[] = ['cancelled', 'refunded'];

const TH = 'px-3 py-2 text-start text-xs font-medium text-muted-foreground';
const TD = 'px-3 py-2 align-top';
const END = 'text-end tabular-nums whitespace-nowrap';

/** A table wider than a phone: its scroller is focusable and named (keyboard scrolling). */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-md border border-border" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** A draft goes back to the order entry; any sale or draft is copied into a new draft (docs/sales.md "Clone"). */
/** What a user may start from a sale: continue a draft or copy it (create on `vendas`), correct a pending sale (update on `vendas`). */
function EntryActions({ sale, canCreate, canEdit }: { sale: Sale; canCreate: boolean; canEdit: boolean }) {
  const { t } = useTranslation('sales');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const copy = () => {
    setBusy(true);
    setError(null);
    api<Sale>(`/sales/${sale.id}/clone`, { method: 'POST' })
      .then((draft) => {
        notify({ kind: 'success', text: t('entry.cloned') });
        void navigate({ to: '/sales/create/{-$id}', params: { id: draft.id } });
      })
      .catch((e: unknown) => setError(apiErrorText(e, t('entry.cloneFailed'))))
      .finally(() => setBusy(false));
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {canCreate && sale.status === 'typing' && (
          <Button asChild>
            <Link to="/sales/create/{-$id}" params={{ id: sale.id }}>
              {t('entry.continue')}
            </Link>
          </Button>
        )}
        {canEdit && sale.status === 'pending' && !sale.consigned && (
          <Button asChild>
            <Link to="/sales/$id/edit" params={{ id: sale.id }}>
              {t('entry.edit')}
            </Link>
          </Button>
        )}
        {canCreate && (
          <Button variant="outline" onClick={copy} disabled={busy}>
            {t('entry.clone')}
          </Button>
        )}
      </div>
      {error && <Alert variant="error">{error}</Alert>}
    </div>
  );
}

function ItemsTable({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  if (!sale.items.length) return <p className="text-sm text-muted-foreground">{t('detail.noItems')}</p>;
  const places = sale.decimals;
  return (
    <Scroller label={t('detail.items')}>
      <table className="w-full text-sm">
        <thead className="bg-muted/50">
          <tr>
            <th className={TH}>{t('items.index')}</th>
            <th className={TH}>{t('items.ref')}</th>
            <th className={TH}>{t('items.name')}</th>
            <th className={cn(TH, 'text-end')}>{t('items.quantity')}</th>
            <th className={cn(TH, 'text-end')}>{t('items.unitPrice')}</th>
            <th className={cn(TH, 'text-end')}>{t('items.discount')}</th>
            <th className={cn(TH, 'text-end')}>{t('items.total')}</th>
          </tr>
        </thead>
        <tbody>
          {sale.items.map((item) => {
            const quantity = format.quantity(item.quantity);
            return (
              <tr key={item.index} data-testid="sale-item" data-cancelled={item.cancelled || undefined} className={cn('border-t border-border', item.cancelled && 'text-muted-foreground')}>
                {/* The line's position on the order (the API counts from 0). */}
                <td className={cn(TD, 'tabular-nums')}>{item.index + 1}</td>
                <td className={cn(TD, 'whitespace-nowrap font-mono text-xs')}>{item.ref}</td>
                <td className={TD}>
                  <span className={cn(item.cancelled && 'line-through')}>{item.name}</span>
                  {item.cancelled && <span className="ms-2 inline-flex rounded-full border border-destructive/60 bg-destructive/10 px-2 py-0.5 text-xs font-medium text-foreground">{t('detail.cancelledItem')}</span>}
                </td>
                <td className={cn(TD, END, item.cancelled && 'line-through')}>
                  {/* A settled consigned line is billed on what was sold: shown beside what was lent. */}
                  {item.sold != null ? t('detail.sold', { sold: format.quantity(item.sold), lent: quantity }) : item.quantityAsked ? t('detail.asked', { quantity, asked: format.quantity(item.quantityAsked) }) : quantity}
                </td>
                <td className={cn(TD, END, item.cancelled && 'line-through')}>{format.money(item.unitPrice, places)}</td>
                <td className={cn(TD, END, item.cancelled && 'line-through')}>{item.discountPercent ? format.number(item.discountPercent, 2) : '—'}</td>
                <td className={cn(TD, END, 'font-medium', item.cancelled && 'line-through')}>{format.money(item.total, places)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Scroller>
  );
}

function TotalsBlock({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const money = (v: string) => format.money(v, sale.decimals);
  const { totals } = sale;
  const row = (label: string, value: string, sub = false, testId?: string) => (
    <div className={cn('flex justify-between gap-4', sub && 'ps-4 text-muted-foreground')} data-testid={testId}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{money(value)}</dd>
    </div>
  );
  return (
    <div className="flex max-w-md flex-col gap-1 text-sm" data-testid="sale-totals">
      <dl>{row(t('totals.items'), totals.items, false, 'sale-total-items')}</dl>
      <p className="pt-1 font-medium">{t('totals.discounts')}</p>
      <dl className="flex flex-col gap-1">
        {row(t('totals.discountItems'), totals.discounts.items, true)}
        {row(t('totals.discountGeneral'), totals.discounts.general, true)}
        {row(t('totals.discountPayment'), totals.discounts.payment, true)}
        {row(t('totals.discountOther'), totals.discounts.other, true)}
      </dl>
      <p className="pt-1 font-medium">{t('totals.increases')}</p>
      <dl className="flex flex-col gap-1">
        {row(t('totals.increasePayment'), totals.increases.payment, true)}
        {row(t('totals.increaseTransport'), totals.increases.transport, true)}
        {row(t('totals.increaseOther'), totals.increases.other, true)}
      </dl>
      <dl className="mt-1 border-t border-border pt-2 text-base font-semibold">
        <div className="flex justify-between gap-4" data-testid="sale-total">
          <dt>{t('totals.total')}</dt>
          <dd className="tabular-nums">{money(totals.total)}</dd>
        </div>
      </dl>
    </div>
  );
}

function InstallmentsTable({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  if (!sale.installments.length) return <p className="text-sm text-muted-foreground">{t('detail.noInstallments')}</p>;
  return (
    <>
      <p className="mb-2 text-sm" data-testid="sale-payment">
        {t('payment.title')}: <strong>{t(`payment.${sale.payment}`)}</strong>
      </p>
      <Scroller label={t('detail.installments')}>
        <table className="w-full text-sm">
          <thead className="bg-muted/50">
            <tr>
              <th className={TH}>{t('installments.installment')}</th>
              <th className={TH}>{t('installments.dueDate')}</th>
              <th className={cn(TH, 'text-end')}>{t('installments.value')}</th>
              <th className={cn(TH, 'text-end')}>{t('installments.paidValue')}</th>
              <th className={TH}>{t('installments.status')}</th>
            </tr>
          </thead>
          <tbody>
            {sale.installments.map((i) => (
              <tr key={i.installment} className="border-t border-border" data-testid="sale-installment">
                <td className={cn(TD, 'tabular-nums')}>{i.installment}</td>
                <td className={cn(TD, 'whitespace-nowrap')}>{format.date(i.dueDate)}</td>
                <td className={cn(TD, END)}>{format.money(i.value, sale.decimals)}</td>
                <td className={cn(TD, END)}>{format.money(i.paidValue, sale.decimals)}</td>
                <td className={TD}>{t(`installments.${i.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroller>
    </>
  );
}

function HistoryList({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  if (!sale.history.length) return <p className="text-sm text-muted-foreground">{t('detail.noHistory')}</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {sale.history.map((h, i) => (
        <li key={i} className="flex flex-col gap-0.5 rounded-md border border-border p-2" data-testid="sale-history">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-muted-foreground">{format.dateTime(h.at)}</span>
            <span className="font-medium">{h.changes ? t('history.edited') : h.from ? `${t(`status.${h.from}`)} → ${t(`status.${h.to}`)}` : `${t('history.created')} → ${t(`status.${h.to}`)}`}</span>
            {h.userName && <span className="text-muted-foreground">{h.userName}</span>}
          </span>
          {h.reason && (
            <span>
              {t('history.reason')}: {h.reason}
            </span>
          )}
          {h.changes && <EditChanges changes={h.changes} decimals={sale.decimals} />}
        </li>
      ))}
    </ol>
  );
}

/** What an edit of a pending sale changed: each line before and after, the fields, the total. */
function EditChanges({ changes, decimals }: { changes: SaleEditChanges; decimals: number }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const figures = (f: NonNullable<SaleEditChanges['lines'][number]['before']>) =>
    f.cancelled
      ? t('history.lineCancelled')
      : // The unit price at the sale's places, or at more where it carries more (a price table keeps 4).
        `${format.quantity(f.quantity, 0)} × ${format.money(f.unitPrice, Math.max(decimals, new Decimal(f.unitPrice).decimalPlaces()))}${f.discountPercent ? ` −${format.quantity(f.discountPercent, 0)}%` : ''} = ${format.money(f.total, decimals)}`;
  return (
    <div className="flex flex-col gap-1" data-testid="sale-history-changes">
      <ul className="flex flex-col gap-0.5">
        {changes.lines.map((l, i) => (
          <li key={i}>
            <span className="font-medium">{l.name}</span>:{' '}
            {l.before === null ? t('history.lineAdded', { figures: figures(l.after!) }) : l.after === null ? t('history.lineRemoved', { figures: figures(l.before) }) : `${figures(l.before)} → ${figures(l.after)}`}
            {l.reason && ` (${t('history.reason')}: ${l.reason})`}
          </li>
        ))}
      </ul>
      {changes.fields.length > 0 && <p className="text-muted-foreground">{t('history.fieldsChanged', { fields: changes.fields.map((f) => t(`history.fields.${f.field}`, { defaultValue: f.field })).join(', ') })}</p>}
      <p>
        {t('history.total')}: {format.money(changes.total.before, decimals)} → <strong>{format.money(changes.total.after, decimals)}</strong>
      </p>
    </div>
  );
}

/**
 * The status moves the current user may make from here (`allowedMoves`: the machine's, by the
 * move's ability and, for the release, the authorizer flag: the server's rule), each confirmed in a
 * dialog (a reason for cancel and refund). None: no buttons.
 */
function MoveButtons({ sale }: { sale: Sale }) {
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
function DeleteDraftButton({ sale }: { sale: Sale }) {
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

/** The header of a sale: status, client (a link), order date, salesman. */
function SaleHeader({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const salesman = useNamedRecord('users', sale.salesmanId);
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="sale-header">
      <div className="flex flex-col">
        <dt className="text-muted-foreground">{t('columns.status')}</dt>
        <dd>
          <SaleStatusBadge status={sale.status} />
        </dd>
      </div>
      <div className="flex flex-col">
        <dt className="text-muted-foreground">{t('detail.client')}</dt>
        <dd>
          {sale.clientId ? (
            <Link to="/clients/$id" params={{ id: sale.clientId }} className="font-medium text-primary hover:underline">
              {sale.clientName ?? sale.clientId}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t('noClient')}</span>
          )}
        </dd>
      </div>
      <div className="flex flex-col">
        <dt className="text-muted-foreground">{t('detail.orderDate')}</dt>
        <dd>{format.date(sale.orderDate)}</dd>
      </div>
      <div className="flex flex-col">
        <dt className="text-muted-foreground">{t('detail.salesman')}</dt>
        <dd>{salesman.data ?? '—'}</dd>
      </div>
    </dl>
  );
}

/**
 * `/sales/{id}` (read vendas): a sale or a draft, read only (the order entry edits drafts). Its
 * header, items, totals, installments and history; the status moves its user may make
 * (docs/sales.md "Who moves a sale"); a draft's deletion, for who may delete `vendas`.
 */
export function SaleDetailPage({ id }: { id: string }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const ability = useAbility();
  const toggles = useCardToggles();
  const validId = RECORD_ID.test(id);
  const query = useSale(id, validId);
  const sale = query.data ?? null;
  const title = sale ? (sale.number === null ? t('draft') : t('number', { number: sale.number })) : t('singular');
  const back = { link: <Link to="/sales" search={sale?.status === 'typing' ? { tab: 'drafts' } : {}} />, label: t('title') };
  const readState = query.isPending && validId ? <LoadingBlocks label={t('loading')} rows={[{ count: 4, columns: 'sm:grid-cols-2 lg:grid-cols-4', height: 'h-10' }, { count: 1, height: 'h-40' }]} testId="sale-loading" /> : recordReadState({ validId, creating: false, query }, t, back);

  return (
    <RecordPageFrame
      back={back}
      title={title}
      actions={<RecordCardActions texts={cardActionTexts(t)} onReload={validId ? () => void query.refetch() : undefined} {...toggles.actionProps(!!sale)} />}
    >
      <CardContent className={cn('flex flex-col gap-6', toggles.collapsed && 'hidden')}>
        {toggles.help && <Alert variant="info">{t('help')}</Alert>}
        {toggles.details && sale && (
          <RecordDetails
            record={sale}
            t={t}
            extra={
              sale.closedAt ? (
                <>
                  <dt className="text-muted-foreground">{t('details.closedAt')}</dt>
                  <dd>{format.dateTime(sale.closedAt)}</dd>
                </>
              ) : null
            }
          />
        )}
        {readState ??
          (sale && (
            <>
              <SaleHeader sale={sale} />
              {(ability.can('create', 'vendas') || ability.can('update', 'vendas')) && <EntryActions sale={sale} canCreate={ability.can('create', 'vendas')} canEdit={ability.can('update', 'vendas')} />}
              {sale.status === 'typing' ? ability.can('delete', 'vendas') && <DeleteDraftButton sale={sale} /> : <MoveButtons key={sale.version} sale={sale} />}
              {sale.consignment && <ConsignmentSection sale={sale} canSettle={ability.can('update', 'vendas')} />}
              <Section title={t('detail.items')}>
                <ItemsTable sale={sale} />
              </Section>
              <Section title={t('detail.totals')}>
                <TotalsBlock sale={sale} />
              </Section>
              {sale.status !== 'typing' && (
                <Section title={t('detail.installments')}>
                  <InstallmentsTable sale={sale} />
                </Section>
              )}
              <Section title={t('detail.history')}>
                <HistoryList sale={sale} />
              </Section>
            </>
          ))}
      </CardContent>
    </RecordPageFrame>
  );
}
