/**
 * The salesman a sale follows from (docs/sales.md "Rules at a save"), the same rule for the server
 * and the order entry: the client's, where the company keeps the original salesman; else the user
 * who enters the order when he sells (salesman or supervisor); else the client's. Null when none
 * follows (a client without a salesman, entered by a user who does not sell): the entry then asks
 * for one (`salesmanId`), since a sale always has a salesman.
 */
export function ruledSalesman(o: { useOriginalSalesman: boolean; clientSalesmanId: string | null | undefined; user: { id: string; sells: boolean } }): string | null {
  if (o.useOriginalSalesman && o.clientSalesmanId) return o.clientSalesmanId;
  if (o.user.sells) return o.user.id;
  return o.clientSalesmanId ?? null;
}
