import type { DeliveryLink, DeliveryPreview } from '@ev/shared/schemas/sales-delivery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saleKeys } from './sales-api';

/** `GET /sales/{id}/delivery-link`: the sale's signed link (a new one each read, each valid 30 days), kept while the page is open. */
export const useDeliveryLink = (id: string, enabled: boolean) =>
  useQuery({ queryKey: [...saleKeys.record(id), 'delivery-link'], queryFn: ({ signal }) => api<DeliveryLink>(`/sales/${id}/delivery-link`, { signal }), enabled, staleTime: Infinity, retry: false });

/** The public page's calls: no session, the token in the body (never in the address the server sees), never in a query key. */
const DELIVERY_KEY = ['sales-delivery'] as const;

export const useDeliveryPreview = (token: string) =>
  useQuery({
    queryKey: DELIVERY_KEY,
    queryFn: ({ signal }) => api<DeliveryPreview>('/sales/delivery/preview', { method: 'POST', body: { token }, anonymous: true, signal }),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useConfirmDelivery(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<DeliveryPreview>('/sales/delivery/confirm', { method: 'POST', body: { token }, anonymous: true }),
    onSuccess: (sale) => qc.setQueryData(DELIVERY_KEY, sale),
  });
}
