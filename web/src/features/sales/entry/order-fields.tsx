import type { Client } from '@ev/shared/schemas/clients';
import { PAYMENT_TYPES, TRANSPORT_COSTINGS } from '@ev/shared/schemas/choices';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input, selectClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { registryOptions } from './entry-api';
import type { EntryHeader } from './entry-state';
import { ExtraData } from './extra-data';

export interface OrderFieldsProps {
  header: EntryHeader;
  /** The client chosen: his payment choices and addresses. */
  client: Client | null;
  fieldErrors: Record<string, string>;
  /** A free order, or a sale type without financial movement: no payment. */
  noPayment: boolean;
  /** The company's settings the fields follow. */
  sales: { showCompanies: boolean; enableNegotiations: boolean; blockPayment: boolean };
  /** The days of a consigned sale where the entry offers one (null: not offered). */
  consignedDays: number | null;
  onHeader(patch: Partial<EntryHeader>): void;
  /** Changes that may drop lines ask first (the page's questions). */
  onNature(id: string | null): void;
  onCompany(id: string | null): void;
  onNegotiation(id: string | null): void;
}

/**
 * The order's header (spec section 5): product company, sale type, situation, negotiation,
 * payment, transport, address, consignment, observations and extra data.
 */
export function OrderFields({ header: h, client, fieldErrors, noPayment, sales, consignedDays, onHeader, onNature, onCompany, onNegotiation }: OrderFieldsProps) {
  const { t } = useTranslation('sales');
  const natures = useQuery(registryOptions('natures'));
  // The sale types offered: active exit natures (a purchase nature is no sale), and the draft's own as it was chosen.
  const saleNatures = (natures.data ?? []).filter((n) => (n.status === 'active' && n.type !== 'entry') || n.id === h.natureId);
  const vehicles = useQuery(registryOptions('vehicles'));
  const conditions = useQuery(registryOptions('payments-conditions'));
  const tables = useQuery(registryOptions('price-tables', sales.enableNegotiations));
  const companies = useQuery(registryOptions('product-companies', sales.showCompanies));
  const allowedConditions = client?.paymentConditionIds.length ? (conditions.data ?? []).filter((c) => client.paymentConditionIds.includes(c.id)) : (conditions.data ?? []);
  const paymentTypeLocked = sales.blockPayment && !!client?.paymentType;
  const conditionLocked = sales.blockPayment && client?.paymentConditionIds.length === 1;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sales.showCompanies && (
          <FormField label={t('entry.productCompany')} error={fieldErrors.productCompanyId}>
            <select className={selectClass} value={h.productCompanyId ?? ''} onChange={(e) => onCompany(e.target.value || null)}>
              <option value="">{t('entry.allCompanies')}</option>
              {(companies.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField label={t('entry.nature')} error={fieldErrors.natureId}>
          <select className={selectClass} value={h.natureId ?? ''} onChange={(e) => onNature(e.target.value || null)}>
            <option value="">{t('entry.none')}</option>
            {saleNatures.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('entry.situation')}>
          <select className={selectClass} value={h.situation} onChange={(e) => onHeader({ situation: e.target.value as 'normal' | 'free' })}>
            <option value="normal">{t('entry.situationNormal')}</option>
            <option value="free">{t('entry.situationFree')}</option>
          </select>
        </FormField>
        {sales.enableNegotiations && (
          <FormField label={t('entry.negotiation')} error={fieldErrors.priceTableId}>
            <select className={selectClass} value={h.priceTableId ?? ''} onChange={(e) => onNegotiation(e.target.value || null)}>
              <option value="">{t('entry.clientTables')}</option>
              {(tables.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField label={t('entry.paymentType')} error={fieldErrors.paymentType} hint={noPayment ? t('entry.noPayment') : paymentTypeLocked ? t('entry.lockedByClient') : undefined}>
          <select className={selectClass} value={noPayment ? '' : (h.paymentType ?? '')} disabled={noPayment || paymentTypeLocked} onChange={(e) => onHeader({ paymentType: e.target.value || null })}>
            <option value="">{t('entry.none')}</option>
            {PAYMENT_TYPES.map((p) => (
              <option key={p} value={p}>
                {t(`entry.paymentTypes.${p}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('entry.paymentCondition')} error={fieldErrors.paymentConditionId} hint={conditionLocked && !noPayment ? t('entry.lockedByClient') : undefined}>
          <select className={selectClass} value={noPayment ? '' : (h.paymentConditionId ?? '')} disabled={noPayment || conditionLocked} onChange={(e) => onHeader({ paymentConditionId: e.target.value || null })}>
            <option value="">{t('entry.none')}</option>
            {allowedConditions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('entry.costing')} error={fieldErrors['transport.costing']}>
          <select className={selectClass} value={h.costing ?? ''} onChange={(e) => onHeader({ costing: e.target.value === '' ? null : Number(e.target.value) })}>
            <option value="">{t('entry.none')}</option>
            {TRANSPORT_COSTINGS.map((c) => (
              <option key={c} value={c}>
                {t(`entry.costings.${c}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('entry.carrier')}>
          <Input value={h.carrier} maxLength={120} onChange={(e) => onHeader({ carrier: e.target.value })} />
        </FormField>
        <FormField label={t('entry.vehicle')} error={fieldErrors['transport.vehicleId']}>
          <select className={selectClass} value={h.vehicleId ?? ''} onChange={(e) => onHeader({ vehicleId: e.target.value || null })}>
            <option value="">{t('entry.none')}</option>
            {(vehicles.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {[v.plate, v.name].filter(Boolean).join(' – ')}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('entry.shippingAddress')}>
          <select className={selectClass} value={h.shippingAddressId ?? ''} onChange={(e) => onHeader({ shippingAddressId: e.target.value || null })}>
            <option value="">{t('entry.none')}</option>
            {(client?.addresses ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {[a.nickname, a.street, a.number, a.city].filter(Boolean).join(', ')}
              </option>
            ))}
          </select>
        </FormField>
        {consignedDays !== null && (
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" className="size-4" checked={h.consigned} onChange={(e) => onHeader({ consigned: e.target.checked })} />
            {t('entry.consigned', { days: consignedDays })}
          </label>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('entry.invoiceObservation')}>
          <textarea className={cn(selectClass, 'h-20 py-2')} maxLength={2000} value={h.invoiceObservation} onChange={(e) => onHeader({ invoiceObservation: e.target.value })} />
        </FormField>
        <FormField label={t('entry.internalObservation')}>
          <textarea className={cn(selectClass, 'h-20 py-2')} maxLength={2000} value={h.internalObservation} onChange={(e) => onHeader({ internalObservation: e.target.value })} />
        </FormField>
      </div>
      <ExtraData rows={h.extra ?? []} error={fieldErrors.extra} onChange={(extra) => onHeader({ extra })} />
    </>
  );
}

/**
 * The order's data folded (once a client is chosen, most of it follows from him): what it says in
 * a few words, so the products are reached at once; the fields open on demand.
 */
export function OrderSummary({ header: h, client, natureName, conditionName, noPayment }: { header: EntryHeader; client: Client | null; natureName: string | null; conditionName: string | null; noPayment: boolean }) {
  const { t } = useTranslation('sales');
  const address = client?.addresses.find((a) => a.id === h.shippingAddressId);
  const rows: [string, string][] = [
    [t('entry.nature'), natureName ?? t('entry.none')],
    [t('entry.payment'), noPayment ? t('entry.noPaymentShort') : [h.paymentType ? t(`entry.paymentTypes.${h.paymentType}`) : null, conditionName].filter(Boolean).join(' · ') || t('entry.none')],
  ];
  if (h.situation === 'free') rows.push([t('entry.situation'), t('entry.situationFree')]);
  if (h.costing !== null) rows.push([t('entry.costing'), t(`entry.costings.${h.costing}`)]);
  if (address) rows.push([t('entry.shippingAddress'), [address.street, address.number, address.city].filter(Boolean).join(', ')]);
  if (h.consigned) rows.push([t('entry.consignedShort'), t('entry.yes')]);
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" data-testid="entry-order-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
