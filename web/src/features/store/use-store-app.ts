import { useEffect } from 'react';

/** Points a `<link>` or `<meta>` of the document's head at `value` while the store is open; gives back what was there. */
function swap(selector: string, make: () => HTMLElement, attribute: 'href' | 'content', value: string): () => void {
  let el = document.head.querySelector<HTMLElement>(selector);
  const created = !el;
  if (!el) {
    el = make();
    document.head.appendChild(el);
  }
  const before = el.getAttribute(attribute);
  el.setAttribute(attribute, value);
  return () => {
    if (created) el.remove();
    else if (before !== null) el.setAttribute(attribute, before);
  };
}

/**
 * The store as its company's installable app (docs/store.md "Installable"): while a store's page
 * is open, the document names the store and points at its own manifest and icon, so "Instalar" or
 * "Adicionar à tela inicial" installs the company's store, not the office.
 */
export function useStoreApp(slug: string, name: string | undefined): void {
  useEffect(() => {
    if (!name) return;
    const base = `/api/store/${encodeURIComponent(slug)}`;
    const link = (rel: string) => () => Object.assign(document.createElement('link'), { rel });
    const undo = [
      swap('link[rel="manifest"]', link('manifest'), 'href', `${base}/manifest.webmanifest`),
      swap('link[rel="apple-touch-icon"]', link('apple-touch-icon'), 'href', `${base}/icon.svg`),
      swap('link[rel="icon"]', link('icon'), 'href', `${base}/icon.svg`),
    ];
    const title = document.title;
    document.title = name;
    return () => {
      for (const u of undo) u();
      document.title = title;
    };
  }, [slug, name]);
}
