import type { Sale } from '@ev/shared/schemas/sales';
import { splitInstallments } from '@ev/shared/sales/totals';
import { Clients, type ClientRecord } from '../clients';
import type { TxStep } from '../db/tx';
import { newId } from '../ids';
import type { RegistryRecord } from '../registries';

/**
 * A sale's installments, one mechanism for the close and a consignment's settlement (docs/sales.md
 * "Installments"): the payment condition's terms split the sale's total from `issueDate`; none
 * without a condition.
 */
export function saleInstallments(sale: Pick<Sale, 'totals' | 'decimals'>, condition: RegistryRecord | null, issueDate: string): Sale['installments'] {
  if (!condition) return [];
  return splitInstallments(sale.totals.total, (condition.terms as number[]) ?? [], issueDate, sale.decimals).map((p) => ({
    id: newId(),
    installment: p.installment,
    dueDate: p.dueDate,
    value: p.value,
    status: 'open' as const,
  }));
}

/** The installments written where the client's financial position reads them (document = the sale's number), their money at the sale's decimals. */
export function financialSteps(sale: Pick<Sale, 'paymentType' | 'branchId' | 'decimals'>, client: ClientRecord, installments: Sale['installments'], number: number, issueDate: string): TxStep[] {
  return Clients.installmentSteps(
    client.id,
    installments.map((p) => ({
      document: String(number),
      installment: p.installment,
      branchId: sale.branchId,
      type: sale.paymentType === 'check' ? 'check' : sale.paymentType === 'card' ? 'card' : 'title',
      issueDate,
      dueDate: p.dueDate,
      installmentValue: p.value,
      openValue: p.value,
      paidValue: '0',
      bearerId: client.bearerId ?? null,
      walletId: client.walletId ?? null,
      paymentMethod: sale.paymentType,
    })),
    sale.decimals,
  );
}
