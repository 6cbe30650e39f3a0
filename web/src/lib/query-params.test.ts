import { describe, expect, it } from 'vitest';
import { queryParams } from './query-params';

describe('queryParams', () => {
  it('sends trimmed text, true as "true", ids sorted and comma-separated, and leaves out what is empty', () => {
    const filter = { q: '  arroz ', city: '   ', status: 'pending', drafts: true, flagged: false, groupIds: ['g2', 'g1'], branchIds: [], tableId: null, view: 'cards' };
    expect(queryParams(filter, ['q', 'city', 'status', 'drafts', 'flagged', 'groupIds', 'branchIds', 'tableId'])).toEqual({
      q: 'arroz',
      city: undefined,
      status: 'pending',
      drafts: 'true',
      flagged: undefined,
      groupIds: 'g1,g2',
      branchIds: undefined,
      tableId: undefined,
    });
  });

  it('takes only the keys named, so the same choice in another order is the same query', () => {
    const a = queryParams({ groupIds: ['b', 'a'], view: 'table' }, ['groupIds']);
    const b = queryParams({ groupIds: ['a', 'b'], view: 'cards' }, ['groupIds']);
    expect(a).toEqual({ groupIds: 'a,b' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
