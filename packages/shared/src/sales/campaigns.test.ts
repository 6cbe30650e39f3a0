import { describe, expect, it } from 'vitest';
import { Decimal } from '../money';
import { campaignGiven, campaignsInForce, campaignUnitPrice, coversProduct, heldUnits, lineCampaign, orderCampaigns, soldLessOwn, type CampaignRule } from './campaigns';
import { saleTotals } from './totals';

const campaign = (over: Partial<CampaignRule> = {}): CampaignRule => ({
  id: 'c1',
  name: 'Verão',
  status: 'active',
  validFrom: '2026-12-01',
  validUntil: '2026-12-31',
  kind: 'discount',
  discountPercent: '5.0000',
  price: null,
  minimumQuantity: null,
  clientLimit: null,
  totalLimit: null,
  productIds: [],
  productGroupIds: [],
  productCompanyIds: [],
  branchIds: [],
  segmentIds: [],
  regionIds: [],
  ...over,
});

const order = { date: '2026-12-15', branchId: 'b1', segmentId: 's1', regionId: 'r1' };
const agua = { id: 'p1', groupId: 'g1', productCompanyId: 'pc1' };

describe('the campaigns in force for an order', () => {
  it('are the active ones whose validity holds the date, both ends included', () => {
    const list = [campaign({ id: 'a' }), campaign({ id: 'b', status: 'inactive' }), campaign({ id: 'c', validUntil: '2026-12-14' }), campaign({ id: 'd', validFrom: '2026-12-16' })];
    expect(campaignsInForce(list, order).map((c) => c.id)).toEqual(['a']);
    expect(campaignsInForce([campaign()], { ...order, date: '2026-12-31' })).toHaveLength(1);
    expect(campaignsInForce([campaign()], { ...order, date: '2026-12-01' })).toHaveLength(1);
    expect(campaignsInForce([campaign()], { ...order, date: '2027-01-01' })).toHaveLength(0);
  });

  it("hold for the order's branch and for the client's segment or region (blank: all)", () => {
    expect(campaignsInForce([campaign({ branchIds: ['b2'] })], order)).toHaveLength(0);
    expect(campaignsInForce([campaign({ branchIds: ['b2', 'b1'] })], order)).toHaveLength(1);
    expect(campaignsInForce([campaign({ segmentIds: ['s2'] })], order)).toHaveLength(0);
    expect(campaignsInForce([campaign({ segmentIds: ['s2'], regionIds: ['r1'] })], order)).toHaveLength(1);
    expect(campaignsInForce([campaign({ regionIds: ['r1'] })], { ...order, regionId: null })).toHaveLength(0);
  });
});

describe("a line's campaign", () => {
  it('covers a product named, of a group or of a product company, or every product when all are blank', () => {
    expect(coversProduct(campaign(), agua)).toBe(true);
    expect(coversProduct(campaign({ productIds: ['p2'] }), agua)).toBe(false);
    expect(coversProduct(campaign({ productIds: ['p2'], productGroupIds: ['g1'] }), agua)).toBe(true);
    expect(coversProduct(campaign({ productCompanyIds: ['pc1'] }), agua)).toBe(true);
    expect(coversProduct(campaign({ productCompanyIds: ['pc2'] }), { id: 'p1' })).toBe(false);
  });

  it('needs the minimum quantity on the line', () => {
    const c = campaign({ minimumQuantity: '10.0000' });
    expect(lineCampaign([c], { product: agua, quantity: '9.9999', listPrice: '10' })).toBeNull();
    expect(lineCampaign([c], { product: agua, quantity: '10', listPrice: '10' })?.id).toBe('c1');
  });

  it('where several hold, takes the lowest unit price, then the one ending first, then the name', () => {
    const discount = campaign({ id: 'd', name: 'Desconto', discountPercent: '10.0000' });
    const price = campaign({ id: 'p', name: 'Preço', kind: 'price', price: '8.9900', discountPercent: null });
    expect(lineCampaign([discount, price], { product: agua, quantity: '1', listPrice: '10' })?.id).toBe('p');
    expect(lineCampaign([discount, price], { product: agua, quantity: '1', listPrice: '9.90' })?.id).toBe('d');
    const later = campaign({ id: 'late', name: 'A', validUntil: '2026-12-31' });
    const sooner = campaign({ id: 'soon', name: 'B', validUntil: '2026-12-20' });
    expect(lineCampaign([later, sooner], { product: agua, quantity: '1', listPrice: '10' })?.id).toBe('soon');
    expect(lineCampaign([campaign({ id: 'z', name: 'Zeta' }), campaign({ id: 'a', name: 'Alfa' })], { product: agua, quantity: '1', listPrice: '10' })?.id).toBe('a');
    // A discount needs the table's price; a fixed price does not.
    expect(lineCampaign([discount], { product: agua, quantity: '1', listPrice: null })).toBeNull();
    expect(lineCampaign([price], { product: agua, quantity: '1', listPrice: null })?.id).toBe('p');
  });

  it("takes a campaign only with room for the line's whole quantity, per client and in all, the order's earlier lines counted", () => {
    const c = campaign({ clientLimit: '10.0000', totalLimit: '100.0000' });
    const use = new Map([['c1', { client: '4', total: '50' }]]);
    expect(lineCampaign([c], { product: agua, quantity: '6', listPrice: '10' }, use)?.id).toBe('c1');
    expect(lineCampaign([c], { product: agua, quantity: '6.5', listPrice: '10' }, use)).toBeNull();
    const nearlyAll = new Map([['c1', { client: '0', total: '97' }]]);
    expect(lineCampaign([c], { product: agua, quantity: '4', listPrice: '10' }, nearlyAll)).toBeNull();
    const lines = [
      { product: agua, quantity: '4', listPrice: '10' },
      { product: agua, quantity: '3', listPrice: '10' },
      { product: agua, quantity: '2', listPrice: '10', cancelled: true },
      { product: agua, quantity: '2', listPrice: '10' },
    ];
    expect(orderCampaigns([c], lines, use).map((x) => x?.id ?? null)).toEqual(['c1', null, null, 'c1']);
    expect(orderCampaigns([c], lines, use, true)).toEqual([null, null, null, null]);
  });
});

describe("a campaign's price in the totals (the same function as every order)", () => {
  const line = { quantity: '3', unitPrice: '19.99', campaign: { discountPercent: '5' }, discountPercent: '10' };
  it('at 2 decimals: the campaign off the unit price, the line\'s discount after it, rounded once', () => {
    const t = saleTotals({ items: [line] }, 2);
    // 3 × 19,99 = 59,97; × 0,95 = 56,9715; × 0,90 = 51,27435 → 51,27.
    expect(t.lines[0]).toEqual({ gross: '59.97', discount: '8.70', net: '51.27', counted: true });
    expect(t.total).toBe('51.27');
    expect(campaignGiven({ ...line, listPrice: '19.99', campaign: { discountPercent: '5', price: null } }, 2)).toBe('3.00');
  });
  it('at 4 decimals: the same figures kept to 4 places', () => {
    const t = saleTotals({ items: [line] }, 4);
    expect(t.lines[0]).toEqual({ gross: '59.9700', discount: '8.6956', net: '51.2744', counted: true });
    expect(campaignGiven({ ...line, listPrice: '19.99', campaign: { discountPercent: '5', price: null } }, 4)).toBe('2.9985');
  });
  it('a fixed price is the unit price; what it gave is the table price less it', () => {
    const c = campaign({ kind: 'price', price: '22.5000', discountPercent: null });
    expect(campaignUnitPrice(c, '24.90')?.toFixed()).toBe('22.5');
    const t = saleTotals({ items: [{ quantity: '10', unitPrice: '22.5000' }] }, 2);
    expect(t.total).toBe('225.00');
    expect(campaignGiven({ quantity: '10', unitPrice: '22.5000', listPrice: '24.90', campaign: { discountPercent: null, price: '22.5000' } }, 2)).toBe('24.00');
    // A campaign price above the table's gives nothing (never a negative discount).
    expect(campaignGiven({ quantity: '1', unitPrice: '30', listPrice: '24.90', campaign: { discountPercent: null, price: '30' } }, 2)).toBe('0.00');
  });
  it('a free order takes no campaign discount', () => {
    expect(saleTotals({ items: [line], free: true }, 2).lines[0]!.net).toBe('59.97');
    expect(new Decimal(saleTotals({ items: [{ ...line, campaign: null }] }, 2).total).gt('51.27')).toBe(true);
  });
});

describe('an order being corrected', () => {
  it('keeps as its own the units its lines hold (cancelled lines none, a settled line what was sold), never counted below zero', () => {
    const own = heldUnits([
      { campaign: { id: 'c1' }, quantity: '4' },
      { campaign: { id: 'c1' }, quantity: '2', sold: '1.5' },
      { campaign: { id: 'c1' }, quantity: '9', cancelled: true },
      { campaign: null, quantity: '3' },
    ]);
    expect([...own].map(([id, u]) => [id, u.toFixed()])).toEqual([['c1', '5.5']]);
    const use = new Map([['c1', { client: '5.5', total: '40' }], ['c2', { client: '1', total: '1' }]]);
    expect(Object.fromEntries(soldLessOwn(use, own))).toEqual({ c1: { client: '0', total: '34.5' }, c2: { client: '1', total: '1' } });
    // Another client's order: only the total is its own.
    expect(soldLessOwn(use, own, false).get('c1')).toEqual({ client: '5.5', total: '34.5' });
    expect(soldLessOwn(use, new Map([['c1', new Decimal(50)]])).get('c1')).toEqual({ client: '0', total: '0' });
  });
});

