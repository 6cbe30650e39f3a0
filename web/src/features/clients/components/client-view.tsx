import type { Client } from '@ev/shared/schemas/clients';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FinancialTab } from '../financial/financial-tab';
import { LoyaltyTab } from '../financial/loyalty-tab';
import { ScrapTab } from '../financial/scrap-tab';
import { AddressList } from './address-list';
import { DeviceFinancial } from './device-financial';

/** What a tab of the client's view receives. */
export interface ClientViewContext {
  /** The saved client; null while creating one. */
  client: Client | null;
  /** The client's form (the "Dados" tab). */
  form: ReactNode;
  /** No connection (or the record is the device's): tabs that need the server say so (`onDevice`). */
  offline?: boolean;
}

export interface ClientViewTab {
  id: string;
  /** An i18n key; without a namespace prefix, in `clients`. */
  labelKey: string;
  /** Shown only when this answers true (default: always). */
  when?(ctx: ClientViewContext): boolean;
  /** Kept in the DOM while another tab shows (the form keeps what was typed). */
  keepMounted?: boolean;
  render(ctx: ClientViewContext): ReactNode;
  /**
   * Offline (docs/offline.md, "Clients offline"): `true` when `render` works from the device's
   * record, or what the tab shows instead; without it, the tab says it needs the connection.
   */
  onDevice?: true | ((ctx: ClientViewContext) => ReactNode);
}

/**
 * The client's tabs, in order. A module adds its own with one line here, e.g.
 * `{ id: 'x', labelKey: 'x:tab', when: (c) => !!c.client, render: (c) => <XTab client={c.client!} /> }`.
 */
export const CLIENT_VIEW_TABS: readonly ClientViewTab[] = [
  { id: 'data', labelKey: 'view.data', keepMounted: true, render: (c) => c.form, onDevice: true },
  { id: 'addresses', labelKey: 'view.addresses', when: (c) => !!c.client, render: (c) => <AddressList addresses={c.client!.addresses} />, onDevice: true },
  { id: 'financial', labelKey: 'clients-financial:financial.title', when: (c) => !!c.client, render: (c) => <FinancialTab clientId={c.client!.id} />, onDevice: (c) => <DeviceFinancial clientId={c.client!.id} /> },
  { id: 'scrap', labelKey: 'clients-financial:scrap.title', when: (c) => !!c.client, render: (c) => <ScrapTab clientId={c.client!.id} /> },
  { id: 'loyalty', labelKey: 'clients-financial:loyalty.title', when: (c) => !!c.client, render: (c) => <LoyaltyTab clientId={c.client!.id} /> },
];

/** The tabs of a client (the registered ones that apply to it), the first selected. */
export function ClientView({ tabs = CLIENT_VIEW_TABS, ...ctx }: ClientViewContext & { tabs?: readonly ClientViewTab[] }) {
  // The namespaces of the tabs' labels (a tab another feature adds names its own: 'sales:clientTab.title').
  const namespaces = [...new Set(['clients', 'clients-financial', ...tabs.flatMap((tab) => (tab.labelKey.includes(':') ? [tab.labelKey.split(':')[0]!] : []))])];
  const { t } = useTranslation(namespaces);
  const shown = tabs.filter((tab) => !tab.when || tab.when(ctx));
  const [value, setValue] = useState(shown[0]?.id ?? '');
  const show = (tab: ClientViewTab) =>
    !ctx.offline || tab.onDevice === true ? (
      tab.render(ctx)
    ) : tab.onDevice ? (
      tab.onDevice(ctx)
    ) : (
      <Alert variant="info" data-testid="client-tab-offline">
        {t('clients:offline.tab')}
      </Alert>
    );
  if (shown.length === 1) return <>{show(shown[0]!)}</>;
  return (
    <Tabs value={value} onValueChange={setValue}>
      <TabsList aria-label={t('view.tabsLabel')}>
        {shown.map((tab) => (
          <TabsTrigger key={tab.id} value={tab.id}>
            {t(tab.labelKey)}
          </TabsTrigger>
        ))}
      </TabsList>
      {shown.map((tab) => (
        <TabsContent key={tab.id} value={tab.id} forceMount={tab.keepMounted ? true : undefined}>
          {show(tab)}
        </TabsContent>
      ))}
    </Tabs>
  );
}
