/**
 * A message opened in WhatsApp through a click-to-chat link (`wa.me`): the price chart's text, a
 * sale's message to its client. One place for the link's form and its size.
 */

/**
 * The longest wa.me link built (the whole URL, the text URL-encoded). WhatsApp takes messages of up
 * to 65,536 characters, but a click-to-chat link that long is cut or refused on the way (phones'
 * link handlers, WhatsApp Web's address bar): 4,096 characters open everywhere we tried, which is
 * about 1,500 to 3,000 characters of text (accents and line breaks take 3 to 6 characters encoded).
 */
export const WHATSAPP_MAX_URL = 4096;

/**
 * The link that opens WhatsApp with `text` typed: to `to` (digits with the country code, as
 * `mobileOf` gives them) or, without it, to a contact the user picks.
 */
export function whatsappUrl(text: string, to?: string | null): string {
  return `https://wa.me/${to ? to.replace(/\D/g, '') : ''}?text=${encodeURIComponent(text)}`;
}

/**
 * The longest message of `head`, then as many of `lines` as fit, then `tail`, whose link stays
 * within WHATSAPP_MAX_URL; `cutNote(shown)` is put before the tail when lines are left out (or
 * `more`: there are lines beyond those given). The lines are whole or absent, never cut in the middle.
 */
export function fitWhatsapp(parts: { head: string[]; lines: string[]; tail?: string[]; cutNote: (shown: number) => string; more?: boolean; to?: string | null; maxUrl?: number }): { text: string; url: string; shown: number; cut: boolean } {
  const max = parts.maxUrl ?? WHATSAPP_MAX_URL;
  const tail = parts.tail ?? [];
  const isCut = (shown: number) => shown < parts.lines.length || !!parts.more;
  const build = (shown: number) => {
    const cut = isCut(shown);
    return [...parts.head, ...parts.lines.slice(0, shown), ...(cut ? ['', parts.cutNote(shown)] : []), ...tail].join('\n');
  };
  const fits = (text: string) => whatsappUrl(text, parts.to).length <= max;
  let shown = parts.lines.length;
  if (!fits(build(shown))) {
    // The most lines that fit: the text only grows with them, so a binary search finds it.
    let low = 0;
    let high = shown - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(build(mid))) low = mid;
      else high = mid - 1;
    }
    shown = low;
  }
  let text = build(shown);
  // A head alone past the cap (an absurd filter list): the text itself is cut.
  while (!fits(text)) text = text.slice(0, -1);
  return { text, url: whatsappUrl(text, parts.to), shown, cut: isCut(shown) };
}
