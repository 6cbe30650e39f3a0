import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { GROUPS_PER_SALE, saleFigureSteps, type SaleRecord } from './repository';

/**
 * The figures a sale's write moves (docs/sales.md "Sales dashboard"): one update per aggregate item,
 * which DynamoDB takes only with an expression of 4 KB at most; a sale of many product groups is
 * counted in GROUPS_PER_SALE of them apart and the rest under 'other'.
 */
const line = (n: number) => ({ index: n, productId: `p${n}`, groupId: `g${n}`, total: '10.00', cancelled: false });
const sale = (lines: number) =>
  ({
    id: 'sale-1',
    number: 7,
    status: 'pending',
    orderDate: '2026-04-02',
    issuedOn: '2026-04-01',
    clientId: 'client-1',
    salesmanId: 'salesman-1',
    branchId: 'branch-1',
    natureId: 'nature-1',
    productCompanyId: null,
    paymentConditionId: 'condition-1',
    clientSegmentId: 'segment-1',
    clientRegionId: null,
    clientCity: 'Bauru/SP',
    installmentLabels: ['1/1'],
    items: Array.from({ length: lines }, (_, n) => line(n)),
    totals: { total: String(lines * 10), count: lines },
  }) as unknown as SaleRecord;

const updates = (lines: number) => runAs({ tenantId: '00000000-0000-4000-8000-000000000001' }, async () => saleFigureSteps(null, sale(lines)).map((s) => s.item.Update!));

describe('the figures a sale moves', () => {
  it('fit each item in one update of at most 4 KB, a sale of 400 product groups included; past 120 groups its lines count under "other"', async () => {
    for (const u of await updates(400)) expect(u.UpdateExpression!.length, u.Key!.sk as string).toBeLessThanOrEqual(4096);
    const day = (await updates(400)).find((u) => String(u.Key!.sk).endsWith('#d#2026-04-02') && String(u.Key!.sk).includes('#all#'))!;
    const names = Object.values(day.ExpressionAttributeNames!);
    const groups = names.filter((n) => n.startsWith('kq#'));
    expect(groups).toHaveLength(GROUPS_PER_SALE + 1);
    expect(groups).toContain('kq#other');
    // The other lines' value: 400 lines less the 120 counted apart, at 10.00 each.
    const other = Object.entries(day.ExpressionAttributeNames!).find(([, n]) => n === 'vq#other')![0];
    expect(String((day.ExpressionAttributeValues![other.replace('#', ':')] as { value: string }).value)).toBe('2800');
  });

  it('count a sale of a few groups in each of them', async () => {
    const day = (await updates(3)).find((u) => String(u.Key!.sk).endsWith('#d#2026-04-02') && String(u.Key!.sk).includes('#all#'))!;
    expect(Object.values(day.ExpressionAttributeNames!).filter((n) => n.startsWith('kq#')).sort()).toEqual(['kq#g0', 'kq#g1', 'kq#g2']);
  });
});
