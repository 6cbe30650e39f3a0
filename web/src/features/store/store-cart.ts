import type { StoreCartInput } from '@ev/shared/schemas/store';
import { Decimal } from '@ev/shared/money';
import { useCallback, useState } from 'react';
import { StorageKeys } from '@/lib/storage-keys';

/** A line as the cart keeps it: the product, what the client saw of it, and the quantity typed. */
export interface CartLine {
  productId: string;
  ref: string;
  name: string;
  quantity: string;
}

/**
 * The store's cart (docs/store.md "The purchase"): kept in this browser per store and client, so a
 * reload, a closed tab or a lost signal loses nothing typed; `key` is the purchase's
 * Idempotency-Key, made at the first "Fechar pedido" and kept until an order answers, so a retry
 * after a lost answer is the same purchase.
 */
export interface Cart {
  lines: CartLine[];
  paymentConditionId: string | null;
  paymentMethod: 'pix' | 'terms';
  shippingAddressId: string | null;
  note: string;
  key: string | null;
}

const EMPTY: Cart = { lines: [], paymentConditionId: null, paymentMethod: 'pix', shippingAddressId: null, note: '', key: null };

function read(storageKey: string): Cart {
  try {
    const raw = localStorage.getItem(storageKey);
    const parsed = raw ? (JSON.parse(raw) as Partial<Cart>) : null;
    if (!parsed || !Array.isArray(parsed.lines)) return EMPTY;
    return { ...EMPTY, ...parsed, lines: parsed.lines.filter((l) => l && typeof l.productId === 'string' && typeof l.quantity === 'string') };
  } catch {
    return EMPTY;
  }
}

/** A quantity the cart may send: digits with up to 4 places (a comma or a point), above zero. */
export function validQuantity(q: string): boolean {
  if (!/^\d{1,9}(?:[.,]\d{1,4})?$/.test(q.trim())) return false;
  return new Decimal(q.trim().replace(',', '.')).gt(0);
}

/** The cart of a store's client (the page that holds it is keyed by the store and the client: another one remounts it). */
export function useStoreCart(slug: string, clientId: string) {
  const storageKey = StorageKeys.storeCart(slug, clientId);
  const [cart, setCart] = useState<Cart>(() => read(storageKey));
  const update = useCallback(
    (change: (c: Cart) => Cart) =>
      setCart((c) => {
        const next = change(c);
        try {
          localStorage.setItem(storageKey, JSON.stringify(next));
        } catch {
          // No storage (a private window): the cart lasts this page.
        }
        return next;
      }),
    [storageKey],
  );
  return {
    cart,
    /** Adds `quantity` of a product (more of one already there). */
    add: (line: Omit<CartLine, 'quantity'>, quantity = '1') =>
      update((c) => {
        const found = c.lines.find((l) => l.productId === line.productId);
        if (!found) return { ...c, key: null, lines: [...c.lines, { ...line, quantity }] };
        const sum = validQuantity(found.quantity) ? new Decimal(found.quantity.replace(',', '.')).plus(quantity).toFixed() : quantity;
        return { ...c, key: null, lines: c.lines.map((l) => (l.productId === line.productId ? { ...l, quantity: sum } : l)) };
      }),
    setQuantity: (productId: string, quantity: string) => update((c) => ({ ...c, key: null, lines: c.lines.map((l) => (l.productId === productId ? { ...l, quantity } : l)) })),
    remove: (productId: string) => update((c) => ({ ...c, key: null, lines: c.lines.filter((l) => l.productId !== productId) })),
    set: (fields: Partial<Omit<Cart, 'lines' | 'key'>>) => update((c) => ({ ...c, ...fields, key: null })),
    /** The purchase's key: the one kept, or a new one kept from now on. */
    keyFor: (): string => {
      const key = cart.key ?? crypto.randomUUID();
      if (!cart.key) update((c) => ({ ...c, key }));
      return key;
    },
    clear: () => update(() => EMPTY),
  };
}

/** The cart as the API takes it (lines whose quantity is not yet a number are left out of the figures). */
export function cartInput(cart: Cart): StoreCartInput {
  return {
    items: cart.lines.filter((l) => validQuantity(l.quantity)).map((l) => ({ productId: l.productId, quantity: l.quantity.trim() })),
    paymentConditionId: cart.paymentConditionId,
    shippingAddressId: cart.shippingAddressId,
    paymentMethod: cart.paymentMethod,
    note: cart.note.trim() || null,
  };
}
