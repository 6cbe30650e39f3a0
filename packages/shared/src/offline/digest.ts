/**
 * The digest of a set of ids (docs/offline.md "Changes since the last sync"): the device and the
 * server each compute it over the ids they hold, and the server sends every id only when they
 * differ. Order does not matter (the ids are sorted); not a secret, only a cheap comparison: two
 * 32-bit FNV-1a hashes over the sorted ids, with the count, as hex.
 */
export function idsDigest(ids: Iterable<string>): string {
  const sorted = [...ids].sort();
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ sorted.length;
  for (const id of sorted) {
    for (let i = 0; i < id.length; i++) {
      const c = id.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    a = Math.imul(a ^ 0x0a, 0x01000193);
    b = Math.imul(b ^ 0x0a, 0x5bd1e995);
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `${sorted.length.toString(16)}-${hex(a)}${hex(b)}`;
}
