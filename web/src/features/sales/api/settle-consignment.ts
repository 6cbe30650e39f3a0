import type { Sale } from '@ev/shared/schemas/sales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { storeSale } from './sales-api';

export interface SettleConsignmentInput {
  id: string;
  version: number;
  /** Per line index, the quantity the client returned (decimal string; lines left out returned nothing). */
  items: { index: number; returned: string }[];
}

/** POST /sales/{id}/consignment over the version read; the answer is the cached sale and the lists read again. */
export function useSettleConsignment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, items }: SettleConsignmentInput) => api<Sale>(`/sales/${id}/consignment`, { method: 'POST', body: { version, items } }),
    onSuccess: (sale) => storeSale(qc, sale),
  });
}
