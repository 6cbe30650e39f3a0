/**
 * The slip as the file a dot-matrix or thermal printer takes (docs/sales.md "The printed slip"):
 * code page 850 (DOS Latin 1, which Brazilian dot-matrix and thermal printers offer in their setup:
 * every Portuguese accent, Ç and º/ª in one byte), lines ended by CR LF, a form feed at the end so
 * a dot-matrix printer ejects the page. No printer command is sent (an ESC/POS command would print
 * as garbage on a dot-matrix printer). Curly quotes, dashes and the ellipsis typed on a phone become
 * their plain forms; any other character the code page lacks (an emoji) becomes '?'.
 */

/** Bytes 128 to 255 of code page 850, in order. */
const CP850_HIGH = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

const HIGH = new Map([...CP850_HIGH].map((c, i) => [c, 128 + i]));

/** Curly quotes, dashes and the ellipsis typed from a phone, as their plain forms (the code page has none of them). */
const PLAIN: Record<string, string> = { '\u2018': "'", '\u2019': "'", '\u201c': '"', '\u201d': '"', '\u2013': '-', '\u2014': '-', '\u2026': '...' };

/** `text` in code page 850, its lines ended by CR LF, then a form feed. */
export function printFile(text: string): Uint8Array<ArrayBuffer> {
  const plain = text.normalize('NFC').replace(/[\u2018\u2019\u201c\u201d\u2013\u2014\u2026]/g, (c) => PLAIN[c] ?? c);
  const bytes: number[] = [];
  for (const line of plain.split(/\r?\n/)) {
    for (const c of line) {
      const code = c.codePointAt(0)!;
      bytes.push(code < 128 ? code : (HIGH.get(c) ?? 0x3f));
    }
    bytes.push(0x0d, 0x0a);
  }
  bytes.push(0x0c);
  return Uint8Array.from(bytes);
}
