import { useTranslation } from 'react-i18next';
import type { Formatter } from '@/lib/format';

/** A line's campaign (docs/campaigns.md): its name and what it gives, a unit price or a discount %; on the entry's lines and on the sale's page. */
export function CampaignBadge({ campaign, format, places, testId }: { campaign: { name: string; price: string | null; discountPercent?: string | null }; format: Formatter; places: number; testId: string }) {
  const { t } = useTranslation('sales');
  return (
    <span className="block text-xs" data-testid={testId}>
      <span className="me-1 inline-block rounded bg-primary px-1.5 font-medium text-primary-foreground">{t('entry.campaign')}</span>
      {campaign.price
        ? t('entry.campaignPrice', { name: campaign.name, price: format.money(campaign.price, places) })
        : t('entry.campaignDiscount', { name: campaign.name, percent: format.decimal(campaign.discountPercent ?? '0') })}
    </span>
  );
}
