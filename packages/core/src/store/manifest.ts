import { stableHash } from '../ids';

/**
 * The store as an installable app of its company (issue 44 item 6, docs/store.md "Installable"):
 * its own web manifest (the company's name, its store's address as start and scope) and its own
 * icon, the company's initials on a colour of its own, drawn as SVG. Public, as the store's name is.
 */

/** Colours that keep white letters above 4.5:1 (WCAG AA), one per company by its address. */
const COLOURS = ['#15803d', '#1d4ed8', '#b91c1c', '#7e22ce', '#c2410c', '#0f766e', '#be185d', '#4d7c0f', '#1e40af', '#9a3412'];

const colourOf = (slug: string) => COLOURS[stableHash(slug) % COLOURS.length]!;

/** Up to two initials of the company's name (its first words that begin with a letter or digit). */
export function initialsOf(name: string): string {
  const words = name.normalize('NFC').split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w) && !/^(de|da|do|das|dos|e|ltda|me|eireli|s\/?a)$/i.test(w));
  const letters = words.slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
  return letters || '?';
}

const escape = (v: string) => v.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The store's icon: its initials, white on its colour, a square with room for a maskable crop. */
export function storeIcon(store: { slug: string; name: string }): string {
  const initials = escape(initialsOf(store.name));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" aria-label="${escape(store.name)}"><rect width="512" height="512" fill="${colourOf(store.slug)}"/><text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${initials.length > 1 ? 200 : 240}" font-weight="700" fill="#ffffff">${initials}</text></svg>`;
}

/** The store's web manifest: opened at its new purchase, standalone, in the company's name and colour. */
export function storeManifest(store: { slug: string; name: string }) {
  const base = `/vendas/${store.slug}`;
  const icon = `/api/store/${store.slug}/icon.svg`;
  return {
    id: base,
    name: store.name,
    short_name: store.name.length <= 12 ? store.name : initialsOf(store.name),
    description: `Loja de ${store.name}: os seus pedidos, a qualquer hora.`,
    lang: 'pt-BR',
    start_url: `${base}/sales/create`,
    scope: base,
    display: 'standalone' as const,
    background_color: '#ffffff',
    theme_color: colourOf(store.slug),
    icons: [
      { src: icon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: icon, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
      // For a browser that takes no SVG icon: the product's own.
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    ],
  };
}
