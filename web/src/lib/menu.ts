import type { Action, AppAbility, Subject } from '@ev/shared/permissions';
import { REGISTRY_INDEX } from '@ev/shared/registries/names';
import { IconBrandWhatsapp, IconBuilding, IconBuildingBank, IconBuildingFactory2, IconCalendarEvent, IconCalendarTime, IconCategory, IconCash, IconListDetails, IconChartBar, IconPresentationAnalytics, IconChartPie, IconClipboardList, IconCoins, IconCreditCard, IconDiscount, IconFileInvoice, IconGift, IconMap2, IconMapPins, IconMessageCog, IconMessages, IconMessageReport, IconPackage, IconQuestionMark, IconReportMoney, IconMapRoute, IconRoute, IconRuler, IconBuildingStore, IconBuildingWarehouse, IconLockAccess, IconShieldLock, IconShoppingCart, IconSparkles, IconSmartHome, IconTag, IconTemplate, IconTags, IconTruck, IconUserCog, IconUsers, IconWallet, type Icon } from '@tabler/icons-react';
import { useRouter, type AnyRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAbility } from './ability';
import { scopeUserOf, seesEveryClient, type ScopeUser } from './client-scope';
import { useSession } from './use-session';
import { effectiveMeta, type RouteMeta } from './route-meta';

/**
 * The navigation menu (spec section 2: sections Principal, Cadastros Gerais, Dashboards,
 * Configurações, Início). A module adds its pages here; an entry is shown only when its route
 * exists in the route tree and the user may open it (the entry's pair and the route's own), and a
 * section without entries is hidden. Labels live in the `layout` namespace under `menu.`.
 */
export interface MenuEntry {
  /** Key in the layout namespace, e.g. 'menu.items.home'. */
  labelKey: string;
  /** The route's path when `to` fills a parameter of it ('/$registry' for '/bearers'). */
  route?: string;
  /** A static app path. */
  to: string;
  icon: Icon;
  action: Action;
  subject: Subject;
  /** A page of company-wide client figures the API answers only to who sees every client of the company. */
  everyClient?: boolean;
}

export interface MenuSection {
  id: 'home' | 'main' | 'dashboards' | 'registries' | 'lookups' | 'settings';
  labelKey: string;
  entries: MenuEntry[];
}

const REGISTRY_ICONS: Record<string, Icon> = {
  bearers: IconBuildingBank,
  campaigns: IconDiscount,
  drawings: IconGift,
  flags: IconCreditCard,
  natures: IconFileInvoice,
  'occurrences-types': IconMessageReport,
  'payments-conditions': IconCash,
  'product-companies': IconBuildingFactory2,
  'product-groups': IconCategory,
  'price-tables': IconTag,
  reasons: IconClipboardList,
  regions: IconMap2,
  routes: IconRoute,
  'schedulings-types': IconCalendarEvent,
  segments: IconTags,
  sizes: IconRuler,
  units: IconBuildingStore,
  vehicles: IconTruck,
  wallets: IconWallet,
};

/** Cadastros Gerais: one entry per declared registry, shown to whoever may read its subject. */
function registryEntries(): MenuEntry[] {
  return REGISTRY_INDEX.map((r) => ({
    labelKey: `menu.registries.${r.name}`,
    to: `/${r.name}`,
    route: '/$registry',
    icon: REGISTRY_ICONS[r.name] ?? IconQuestionMark,
    action: 'read' as const,
    subject: r.subject,
  }));
}

export const MENU: readonly MenuSection[] = [
  {
    id: 'home',
    labelKey: 'menu.sections.home',
    entries: [{ labelKey: 'menu.items.home', to: '/home', icon: IconSmartHome, action: 'read', subject: 'auth' }],
  },
  {
    id: 'main',
    labelKey: 'menu.sections.main',
    entries: [
      // What a salesman does all day first: his orders, his clients, his visits.
      { labelKey: 'menu.items.sales', to: '/sales', icon: IconShoppingCart, action: 'read', subject: 'vendas' },
      { labelKey: 'menu.items.clients', to: '/clients', icon: IconUsers, action: 'read', subject: 'clientes' },
      { labelKey: 'menu.items.schedulings', to: '/schedulings/pending', icon: IconCalendarTime, action: 'read', subject: 'agendamentos' },
      { labelKey: 'menu.items.itineraries', to: '/schedulings/itineraries', icon: IconMapRoute, action: 'read', subject: 'agendamentos' },
      { labelKey: 'menu.items.inventory', to: '/inventory', icon: IconBuildingWarehouse, action: 'read', subject: 'estoques' },
      { labelKey: 'menu.items.priceCharts', to: '/price-charts', icon: IconReportMoney, action: 'read', subject: 'vendas' },
      { labelKey: 'menu.items.messages', to: '/messages', icon: IconBrandWhatsapp, action: 'read', subject: 'mensagens' },
      { labelKey: 'menu.items.messageReplies', to: '/messages/replies', icon: IconMessages, action: 'read', subject: 'mensagens' },
      // The AI area (route: read auth): its conversations are the messages', so it shows to who reads them.
      { labelKey: 'menu.items.ai', to: '/ai', icon: IconSparkles, action: 'read', subject: 'mensagens' },
      { labelKey: 'menu.items.messageTemplates', to: '/messages/templates', icon: IconTemplate, action: 'read', subject: 'mensagens' },
    ],
  },
  {
    id: 'dashboards',
    labelKey: 'menu.sections.dashboards',
    entries: [
      { labelKey: 'menu.items.managementDashboard', to: '/management/dashboard', icon: IconPresentationAnalytics, action: 'dashboard', subject: 'gerenciais' },
      { labelKey: 'menu.items.geolocationMap', to: '/management/dashboard-geolocation', icon: IconMapPins, action: 'dashboard', subject: 'gerenciais' },
      { labelKey: 'menu.items.salesDashboard', to: '/sales/dashboard', icon: IconChartBar, action: 'dashboard', subject: 'vendas' },
      { labelKey: 'menu.items.campaignResults', to: '/sales/campaigns', icon: IconDiscount, action: 'dashboard', subject: 'vendas' },
      { labelKey: 'menu.items.clientsDashboard', to: '/clients/dashboard', icon: IconChartPie, action: 'dashboard', subject: 'clientes' },
      { labelKey: 'menu.items.loyaltyBalances', to: '/clients/loyalty', icon: IconCoins, action: 'read', subject: 'clientes', everyClient: true },
    ],
  },
  {
    id: 'registries',
    labelKey: 'menu.sections.registries',
    entries: [{ labelKey: 'menu.items.products', to: '/products', icon: IconPackage, action: 'read', subject: 'produtos' }, ...registryEntries()],
  },
  {
    id: 'settings',
    labelKey: 'menu.sections.settings',
    entries: [
      { labelKey: 'menu.items.accessControl', to: '/access-control', icon: IconLockAccess, action: 'read', subject: 'AclDemo' },
      { labelKey: 'menu.items.permissions', to: '/permissions', icon: IconShieldLock, action: 'read', subject: 'permissões' },
      { labelKey: 'menu.items.company', to: '/settings/company', icon: IconBuilding, action: 'read', subject: 'admin' },
      { labelKey: 'menu.items.messaging', to: '/messages/settings', icon: IconMessageCog, action: 'read', subject: 'admin' },
      { labelKey: 'menu.items.logs', to: '/logs', icon: IconListDetails, action: 'read', subject: 'logs' },
      { labelKey: 'menu.items.userSettings', to: '/user/settings', icon: IconUserCog, action: 'read', subject: 'auth' },
    ],
  },
];

type RouteLookup = (path: string) => RouteMeta[] | null;

/**
 * The sections and entries this user may open, among the routes that exist. The registries a user
 * may only read (a salesman's price tables, conditions, products) stand apart, after those it
 * keeps ("Cadastros para consulta"), so what it maintains is not lost among what it only looks up.
 */
export function visibleMenu(ability: AppAbility, lookup: RouteLookup, menu: readonly MenuSection[] = MENU, user: ScopeUser | null = null): MenuSection[] {
  const out: MenuSection[] = [];
  const everyClient = seesEveryClient(ability, user);
  for (const section of menu) {
    const entries = section.entries.filter((entry) => {
      const chain = lookup(entry.route ?? entry.to);
      if (!chain) return false;
      if (!ability.can(entry.action, entry.subject)) return false;
      if (entry.everyClient && !everyClient) return false;
      const meta = effectiveMeta(chain.map((staticData) => ({ staticData })));
      return meta.public || !meta.subject || ability.can(meta.action ?? 'read', meta.subject);
    });
    if (section.id === 'registries') {
      const kept = entries.filter((e) => ability.can('create', e.subject) || ability.can('update', e.subject));
      const readOnly = entries.filter((e) => !kept.includes(e));
      if (kept.length) out.push({ ...section, entries: kept });
      if (readOnly.length) out.push({ id: 'lookups', labelKey: 'menu.sections.lookups', entries: readOnly });
      continue;
    }
    if (entries.length) out.push({ ...section, entries });
  }
  return out;
}

/** The static data of a path's route and its ancestors (root first), or null when no route has that path. */
export function useRouteLookup(): RouteLookup {
  const router = useRouter();
  return useMemo(() => {
    const byPath = router.routesByPath as unknown as Record<string, AnyRoute | undefined>;
    return (path: string) => {
      const route = byPath[path] ?? byPath[`${path}/`];
      if (!route) return null;
      const chain: RouteMeta[] = [];
      for (let r: AnyRoute | undefined = route; r; r = r.parentRoute as AnyRoute | undefined) chain.unshift((r.options?.staticData ?? {}) as RouteMeta);
      return chain;
    };
  }, [router]);
}

export function useVisibleMenu(): MenuSection[] {
  const ability = useAbility();
  const lookup = useRouteLookup();
  const data = useSession().data;
  return useMemo(() => visibleMenu(ability, lookup, MENU, scopeUserOf(data)), [ability, lookup, data]);
}

/** Whether an app path exists in the route tree (the user menu's "Meu perfil" needs /user/settings). */
export function useRouteExists(path: string): boolean {
  const lookup = useRouteLookup();
  return lookup(path) !== null;
}
