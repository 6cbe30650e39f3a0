import { defineTexts } from '../texts';
import { z } from '../zod';
import { STORE_SLUG } from './settings';

/**
 * The store (self-checkout, issue 44, docs/store.md): its texts, keyed `store.<name>`, and what its
 * public calls answer.
 */
export const StoreTexts = defineTexts('store', {
  notFound: 'Loja não encontrada: confira o endereço com a empresa.',
});

/** `/store/{slug}`: a store's address as typed in a link (the lookup folds its case; one of no store's form is the same 404). */
export const StoreParams = z.object({ slug: z.string().trim().toLowerCase().max(200) });

/** What anyone may know of a store: its address and the company's name as the store shows it. */
export const StorePublic = z.object({
  slug: z.string().regex(STORE_SLUG),
  name: z.string().max(200),
});
export type StorePublic = z.output<typeof StorePublic>;
