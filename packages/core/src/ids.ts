import { v7 } from 'uuid';

/** Record ids are UUID v7: time-ordered, so keys sort by creation. */
export function newId(): string {
  return v7();
}

/** A stable number from a text (FNV-1a, 32 bits): demo figures that are the same on every run. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
