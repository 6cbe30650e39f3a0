import { v7 } from 'uuid';

/** Record ids are UUID v7: time-ordered, so keys sort by creation. */
export function newId(): string {
  return v7();
}

/** A stable figure from a text (FNV-1a): the demo seeds derive prices and stock from it, so they do not change between runs. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
