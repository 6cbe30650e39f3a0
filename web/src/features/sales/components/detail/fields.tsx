import { addressLines } from '@ev/shared/sales/slip-sale';
import type { Sale } from '@ev/shared/schemas/sales';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { useNamedRecord } from '@/lib/record-api';
import { SaleStatusBadge } from '../status-badge';
import { Fields, type FieldRow } from './parts';

/**
 * The sale's fields, section by section (docs/sales.md "The sale's page"), with the names the API
 * answers in `details` (one read for the page, not a request per field). A sale answered without
 * them (the answer of a move, kept until the page reads it again) shows what it has.
 */

const dash = (v: string | null | undefined) => (v ? v : null);

/** The header: status, client (a link), order date, salesman. */
export function SaleHeader({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  // The name from the page's read; only a sale answered without details asks the users' cache.
  const fallback = useNamedRecord('users', sale.details ? null : sale.salesmanId);
  const salesman = sale.details ? sale.details.names.salesman : fallback.data;
  return (
    <Fields
      testId="sale-header"
      rows={[
        { label: t('columns.status'), value: <SaleStatusBadge status={sale.status} /> },
        {
          label: t('detail.client'),
          value: sale.clientId ? (
            <Link to="/clients/$id" params={{ id: sale.clientId }} className="font-medium text-primary hover:underline">
              {sale.clientName ?? sale.clientId}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t('noClient')}</span>
          ),
        },
        { label: t('detail.orderDate'), value: format.date(sale.orderDate) },
        { label: t('detail.salesman'), value: dash(salesman) },
      ]}
    />
  );
}

/** "Dados do pedido": supervisor, branch, product company, sale type, situation, negotiation. */
export function OrderFields({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const names = sale.details?.names;
  const situation = sale.situation === 'free' ? t('entry.situationFree') : t('entry.situationNormal');
  return (
    <Fields
      testId="sale-order"
      rows={[
        { label: t('detail.supervisor'), value: dash(names?.supervisor), testId: 'sale-supervisor' },
        { label: t('detail.branch'), value: dash(names?.branch), testId: 'sale-branch' },
        { label: t('entry.productCompany'), value: dash(names?.productCompany) ?? (sale.productCompanyId ? null : t('entry.allCompanies')), testId: 'sale-product-company' },
        { label: t('entry.nature'), value: dash(names?.nature), testId: 'sale-nature' },
        { label: t('entry.situation'), value: situation, testId: 'sale-situation' },
        { label: t('entry.negotiation'), value: dash(names?.priceTable) ?? (sale.priceTableId ? null : t('entry.clientTables')), testId: 'sale-negotiation' },
      ]}
    />
  );
}

/** "Pagamento": the payment type and condition, and the condition's rates the figures were computed with. */
export function PaymentFields({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  // A free order, or a closed sale whose type moves no money: no payment at all (a draft may just not have it yet).
  const none = sale.situation === 'free' || (sale.status !== 'typing' && !sale.paymentType && !sale.paymentConditionId);
  if (none) return <p className="text-sm text-muted-foreground" data-testid="sale-payment-terms">{t('entry.noPayment')}</p>;
  const rate = (v: string | null | undefined) => (v && !/^0*(\.0*)?$/.test(v) ? `${format.number(v, 2)} %` : null);
  return (
    <Fields
      testId="sale-payment-terms"
      rows={[
        { label: t('entry.paymentType'), value: sale.paymentType ? t(`entry.paymentTypes.${sale.paymentType}`) : null, testId: 'sale-payment-type' },
        { label: t('entry.paymentCondition'), value: dash(sale.details?.names.paymentCondition), testId: 'sale-payment-condition' },
        { label: t('detail.discountRate'), value: rate(sale.paymentRates?.discountRate), testId: 'sale-discount-rate' },
        { label: t('detail.surchargeRate'), value: rate(sale.paymentRates?.surchargeRate), testId: 'sale-surcharge-rate' },
      ]}
    />
  );
}

/** "Transporte": who pays it, the carrier, the vehicle and the freight charged. */
export function TransportFields({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const costing = sale.transport.costing;
  return (
    <Fields
      testId="sale-transport"
      rows={[
        { label: t('entry.costing'), value: costing === null ? null : t(`entry.costings.${costing}`), testId: 'sale-costing' },
        { label: t('entry.carrier'), value: dash(sale.transport.carrier), testId: 'sale-carrier' },
        { label: t('entry.vehicle'), value: dash(sale.details?.names.vehicle), testId: 'sale-vehicle' },
        { label: t('entry.transportIncrease'), value: format.money(sale.totals.increases.transport, sale.decimals), testId: 'sale-freight' },
      ]}
    />
  );
}

/** "Endereço de entrega": the copy kept when the sale was closed; where none was kept, the client's address now, said so. */
export function AddressBlock({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const address = sale.details ? sale.details.shippingAddress : (sale.shippingAddress ?? null);
  const kept = sale.details ? sale.details.shippingAddressKept : !!sale.shippingAddress;
  if (!address) return <p className="text-sm text-muted-foreground" data-testid="sale-address">{t('detail.noAddress')}</p>;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="sale-address">
      <address className="not-italic">
        {addressLines(address).map((line) => (
          <span key={line} className="block break-words">
            {line}
          </span>
        ))}
      </address>
      {!kept && <p className="text-xs text-muted-foreground">{sale.status === 'typing' ? t('detail.addressDraft') : t('detail.addressLive')}</p>}
    </div>
  );
}

/** "Observações": the invoice's and the internal one, their line breaks kept. */
export function ObservationFields({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const rows: FieldRow[] = [
    { label: t('entry.invoiceObservation'), value: dash(sale.observations.invoice), testId: 'sale-invoice-observation', wide: true },
    { label: t('entry.internalObservation'), value: dash(sale.observations.internal), testId: 'sale-internal-observation', wide: true },
  ];
  return <Fields testId="sale-observations" rows={rows} />;
}

/** "Dados extras": each named field the order carries. */
export function ExtraFields({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const entries = Object.entries(sale.extra ?? {});
  if (!entries.length) return <p className="text-sm text-muted-foreground" data-testid="sale-extra">{t('entry.extraNone')}</p>;
  return <Fields testId="sale-extra" rows={entries.map(([name, value]) => ({ label: name, value }))} />;
}

/** Who authorized a price below the minimum, and with what profile (only where one did). */
export function AuthorizerFields({ authorizer }: { authorizer: NonNullable<Sale['authorizer']> }) {
  const { t } = useTranslation('sales');
  return (
    <Fields
      testId="sale-authorizer"
      rows={[
        { label: t('detail.authorizedBy'), value: authorizer.name },
        { label: t('detail.authorizerProfile'), value: authorizer.profileName },
      ]}
    />
  );
}
