import { campaigns } from '@ev/shared/registries/campaigns';
import { CampaignResultsQuery, type CampaignResults, type Sale, type SaleCampaignOffers } from '@ev/shared/schemas/sales';
import { campaignsInForce, heldUnits, soldLessOwn, type CampaignRule, type CampaignUse } from '@ev/shared/sales/campaigns';
import { Clients } from '../clients';
import { Clock } from '../clock';
import { authorize } from '../context';
import { Registries } from '../registries';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';
import { SalesRepository } from './repository';

/**
 * The campaigns of an order (docs/campaigns.md "In an order"): the company's active campaigns read
 * from their list (one Query of the registry's active partition), those in force for the order's
 * date, branch and client, and what each with a limit has sold, in all and to the client (one
 * BatchGet).
 */

/** Active campaigns read per order at most: a company marks the ones past their validity inactive long before this. */
const MAX_ACTIVE = 500;

export interface OrderCampaigns {
  inForce: CampaignRule[];
  use: Map<string, CampaignUse>;
}

const NONE: OrderCampaigns = { inForce: [], use: new Map() };

/**
 * The company's active campaigns (one Query of the registry's active list): a save and a close start
 * it beside their reads of the client, so it costs no wait of its own.
 */
export async function activeCampaigns(): Promise<CampaignRule[]> {
  // The engine stores a record only as its declaration validated it: the campaign's fields, typed by CampaignRule.
  return (await Registries.all(campaigns, MAX_ACTIVE, { status: 'active' })) as unknown as CampaignRule[];
}

/**
 * What the entry, a save and a close offer: nothing where the company does not enable campaigns, or
 * without a client. `active`: the active campaigns when the caller has already started reading them.
 */
export async function campaignsFor(o: { enabled: boolean; date: string; branchId: string | null; client: { id: string; segmentId?: string | null; regionId?: string | null } | null }, active?: Promise<CampaignRule[]>): Promise<OrderCampaigns> {
  if (!o.enabled || !o.client) return NONE;
  const inForce = campaignsInForce(await (active ?? activeCampaigns()), { date: o.date, branchId: o.branchId, segmentId: o.client.segmentId, regionId: o.client.regionId });
  const limited = inForce.filter((c) => c.clientLimit || c.totalLimit).map((c) => c.id);
  return { inForce, use: await SalesRepository.campaignUses(limited, o.client.id) };
}

/**
 * An edit of a pending sale (docs/sales.md "Correcting a pending sale"): the units the sale itself
 * already holds of each campaign stay its own, so they are not counted against it (its client's
 * share only while the client is the same).
 */
export function withoutOwn(offer: OrderCampaigns, sale: Sale | null, clientId: string | null): OrderCampaigns {
  if (!sale || sale.status === 'typing' || sale.status === 'cancelled' || sale.status === 'refunded') return offer;
  const own = heldUnits(sale.items);
  return own.size ? { ...offer, use: soldLessOwn(offer.use, own, sale.clientId === clientId) } : offer;
}

/** A campaign's terms as the offers and the results answer them. */
const termsOf = (c: CampaignRule) => ({
  id: c.id,
  name: c.name,
  status: c.status,
  validFrom: c.validFrom,
  validUntil: c.validUntil,
  kind: c.kind,
  discountPercent: c.discountPercent,
  price: c.price,
  totalLimit: c.totalLimit,
});

/**
 * GET /sales/campaigns/{clientId}: the campaigns in force for an order of this client in the
 * session's branch today, for the order entry (guarded as the entry; the client must be in the
 * user's scope: another salesman's, 404), with what each with a limit has sold.
 */
export async function campaignOffers(clientId: string): Promise<SaleCampaignOffers> {
  authorize('create', 'vendas');
  const [client, { tenant, timezone, branch }] = await Promise.all([Clients.find(clientId), Tenants.company()]);
  const settings = tenant.settings.sales;
  const offer = await campaignsFor({ enabled: settings.enableCampaigns, date: Clock.today(timezone), branchId: branch?.id ?? null, client });
  return {
    enabled: settings.enableCampaigns,
    required: settings.enableCampaigns && settings.campaignRequired,
    items: offer.inForce.map((c) => ({
      ...termsOf(c),
      minimumQuantity: c.minimumQuantity,
      clientLimit: c.clientLimit,
      productIds: [...c.productIds],
      productGroupIds: [...c.productGroupIds],
      productCompanyIds: [...c.productCompanyIds],
      branchIds: [...c.branchIds],
      segmentIds: [...c.segmentIds],
      regionIds: [...c.regionIds],
      use: offer.use.get(c.id) ?? null,
    })),
  };
}

/** Campaigns read at once for their results (each one Query of its partition). */
const RESULTS_PARALLEL = 8;

/**
 * GET /sales/campaign-results (docs/campaigns.md "Results"): every campaign of the company (or of
 * one status), by name, with what it sold in sales neither cancelled nor refunded: units, sales,
 * clients, the lines' value and the discount it gave. Company-wide figures: `dashboard` on `vendas`.
 */
export async function campaignResults(raw: unknown): Promise<CampaignResults> {
  authorize('dashboard', 'vendas');
  const query = parseInput(CampaignResultsQuery, raw ?? {});
  const list = (await Registries.all(campaigns, MAX_ACTIVE, { status: query.status })) as unknown as CampaignRule[];
  const sold = new Array<Awaited<ReturnType<typeof SalesRepository.campaignSold>>>(list.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(RESULTS_PARALLEL, list.length) }, async () => {
      while (next < list.length) {
        const i = next++;
        sold[i] = await SalesRepository.campaignSold(list[i]!.id);
      }
    }),
  );
  return {
    items: list.map((c, i) => ({ ...termsOf(c), ...sold[i]! })),
  };
}
