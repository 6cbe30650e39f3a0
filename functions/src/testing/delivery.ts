import { expect } from 'vitest';
import type { salesCompany, SaleBody } from './sales';

type SalesCompany = Awaited<ReturnType<typeof salesCompany>>;

/** A sale of the salesman moved by the administrator to receipt (the invoice issued): what the driver's link confirms. */
export async function receiptSale(s: SalesCompany, items?: { productId: string; quantity: string; unitPrice: string; cancelled?: boolean }[]): Promise<SaleBody> {
  const lines = items ?? [{ productId: await s.product(`Arroz ${s.tag}`, '10.00', '50'), quantity: '2', unitPrice: '10.00' }];
  let sale = await s.closed(await s.client(), lines);
  for (const to of ['processing', 'receipt'] as const) {
    const res = await s.api('POST', `/api/sales/${sale.id}/status`, { token: s.tokens.admin, body: { version: sale.version, to } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sale = res.body as SaleBody;
  }
  return sale;
}

/** The token of the sale's delivery link (`GET /sales/{id}/delivery-link`: the fragment of its path). */
export async function deliveryToken(s: SalesCompany, saleId: string, token = s.tokens.admin): Promise<string> {
  const res = await s.api('GET', `/api/sales/${saleId}/delivery-link`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const path = res.body.path as string;
  expect(path).toMatch(/^\/sales\/delivery#[\w-]{82}$/);
  return path.slice('/sales/delivery#'.length);
}

const hex = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');

/**
 * A token changed as a forger would (its signature kept): another company, another sale, a later
 * expiry. Layout: version (1 byte), company (16), sale (16), expiry (4), nonce (8), signature (16).
 */
export function forged(token: string, change: { tenantId?: string; saleId?: string; expires?: number }): string {
  const raw = Buffer.from(token, 'base64url');
  if (change.tenantId) hex(change.tenantId).copy(raw, 1);
  if (change.saleId) hex(change.saleId).copy(raw, 17);
  if (change.expires !== undefined) raw.writeUInt32BE(change.expires, 33);
  return raw.toString('base64url');
}
