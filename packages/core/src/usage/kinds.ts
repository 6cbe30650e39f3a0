const TENANT = /^T#([0-9a-f-]{36})(?:#([A-Z]+))?/;

/**
 * Whose item it is and what kind (docs/admin.md "Usage"): a company's item by its key prefix
 * (`T#<id>`), its kind the partition's first segment after it (`CLIENT`, `SALE`, `L` for list items,
 * `S` for search items, ...); the company's configuration partition (`T#<id>` alone) by its sort
 * key's first segment (`TENANT`, `BRANCH`, `PROFILE`, `COUNTER`, `COUNTS`, ...). Platform items are nobody's.
 */
export function entityOf(pk: string, sk: string): { tenantId: string; entity: string } | null {
  const m = TENANT.exec(pk);
  if (!m) return null;
  const entity = m[2] ?? (/^[A-Z]+/.exec(sk)?.[0] || 'CONFIG');
  return { tenantId: m[1]!, entity };
}
