import type { SaleCampaignOffer } from '@ev/shared/schemas/sales';
import { IconDiscount } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Formatter } from '@/lib/format';

/**
 * The campaigns in force for the order's client (docs/campaigns.md "In an order"): what each gives,
 * from which quantity and until when, and, where the company requires one, that the order needs a
 * product of one of them. A line that takes one says so on the line.
 */
export function CampaignOffers({ offers, required, format, decimals }: { offers: readonly SaleCampaignOffer[]; required: boolean; format: Formatter; decimals: number }) {
  const { t } = useTranslation('sales');
  return (
    <section aria-labelledby="entry-campaigns" className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="entry-campaigns">
      <h3 id="entry-campaigns" className="flex items-center gap-1.5 font-medium">
        <IconDiscount aria-hidden className="size-4 text-primary" />
        {t('entry.campaignsTitle', { count: offers.length })}
      </h3>
      <ul className="mt-1 flex flex-col gap-0.5">
        {offers.map((c) => (
          <li key={c.id}>
            <span className="font-medium">{c.name}</span>
            {': '}
            {c.kind === 'price' ? t('entry.campaignOfferPrice', { price: format.money(c.price ?? '0', decimals) }) : t('entry.campaignOfferDiscount', { percent: format.decimal(c.discountPercent ?? '0') })}
            {c.minimumQuantity && `, ${t('entry.campaignOfferFrom', { quantity: format.decimal(c.minimumQuantity) })}`}
            {c.validUntil && `, ${t('entry.campaignOfferUntil', { date: format.date(c.validUntil) })}`}
          </li>
        ))}
      </ul>
      {required && <p className="mt-1 text-muted-foreground">{t('entry.campaignRequired')}</p>}
    </section>
  );
}
