import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF that pdfmake (pdfkit) wrote, for tests: each page's text objects decoded
 * through their fonts' ToUnicode maps. Enough for our own files (Flate streams, Type0 fonts with
 * 2-byte glyph ids), not a general PDF reader.
 */
const utf16be = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex').swap16().toString('utf16le');

export function pdfText(bytes: Uint8Array): { pages: string[]; text: string } {
  const data = Buffer.from(bytes);
  const latin = data.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  const objRe = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = objRe.exec(latin); m; m = objRe.exec(latin)) {
    const body = m[2]!;
    const s = body.indexOf('stream');
    let stream: Buffer | null = null;
    let dict = body;
    if (s >= 0) {
      dict = body.slice(0, s);
      const start = m.index + m[0].indexOf(body) + s + 'stream'.length;
      const from = latin[start] === '\r' ? start + 2 : start + 1;
      const end = latin.indexOf('endstream', from);
      const raw = data.subarray(from, end);
      try {
        stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
      } catch {
        stream = raw;
      }
    }
    objects.set(Number(m[1]), { dict, stream });
  }

  const cmaps = new Map<number, Map<number, string>>();
  const cmapOf = (fontObj: number): Map<number, string> => {
    const cached = cmaps.get(fontObj);
    if (cached) return cached;
    const map = new Map<number, string>();
    const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontObj)?.dict ?? '');
    const text = ref ? (objects.get(Number(ref[1]))?.stream?.toString('latin1') ?? '') : '';
    for (const r of text.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
      const first = parseInt(r[1]!, 16);
      // A glyph may stand for several characters (a ligature: <0066 0069> is "fi"), in UTF-16BE.
      [...r[3]!.matchAll(/<([0-9a-f\s]+)>/gi)].forEach((u, i) => map.set(first + i, utf16be(u[1]!)));
    }
    for (const r of text.matchAll(/<([0-9a-f]{4})>\s*<([0-9a-f]{4})>\s*<([0-9a-f]+)>/gi)) {
      const first = parseInt(r[1]!, 16);
      const last = parseInt(r[2]!, 16);
      const base = parseInt(r[3]!, 16);
      for (let g = first; g <= last; g++) if (!map.has(g)) map.set(g, String.fromCodePoint(base + g - first));
    }
    cmaps.set(fontObj, map);
    return map;
  };

  const pages: string[] = [];
  for (const [, obj] of objects) {
    if (!/\/Type \/Page\b/.test(obj.dict)) continue;
    const contents = /\/Contents (\d+) 0 R/.exec(obj.dict);
    const resources = /\/Resources (\d+) 0 R/.exec(obj.dict);
    const resDict = resources ? (objects.get(Number(resources[1]))?.dict ?? '') : obj.dict;
    const fonts = new Map<string, number>();
    for (const f of resDict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fonts.set(f[1]!, Number(f[2]));
    const content = contents ? (objects.get(Number(contents[1]))?.stream?.toString('latin1') ?? '') : '';
    const lines: string[] = [];
    let font = '';
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      let line = '';
      for (const op of block[1]!.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj/gi)) {
        if (op[1]) {
          font = op[1];
          continue;
        }
        const map = cmapOf(fonts.get(font) ?? -1);
        const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]!) : [op[3]!];
        for (const hex of hexes) for (let i = 0; i + 4 <= hex.length; i += 4) line += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? '?';
      }
      lines.push(line);
    }
    pages.push(lines.join('\n'));
  }
  return { pages, text: pages.join('\n') };
}
