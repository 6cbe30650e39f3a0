import { useEffect } from 'react';
import { registerSearchProvider } from '@/lib/search-registry';
import { searchProducts } from './api/products-api';

/**
 * The products' global-search provider: terms of 2+ characters search the API (reference, name
 * words or barcode; 5 matches, aborted when the term changes); a result opens the product.
 */
export function useProductSearchProvider(): void {
  useEffect(
    () =>
      registerSearchProvider({
        id: 'products',
        labelKey: 'layout:menu.items.products',
        subject: 'produtos',
        action: 'read',
        async search(term, signal) {
          if (term.trim().length < 2) return [];
          const items = await searchProducts(term.trim(), signal, 5);
          return items.map((p) => ({
            id: p.id,
            title: p.name,
            subtitle: [p.ref, p.barcode, p.package].filter(Boolean).join(' · ') || undefined,
            to: `/products/${p.id}`,
          }));
        },
      }),
    [],
  );
}
