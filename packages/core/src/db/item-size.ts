import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * An item's size as DynamoDB counts it (its "item size" rules): each attribute's name in UTF-8
 * bytes plus its value: a string's UTF-8 bytes, a number about one byte per two significant digits
 * plus one, a binary's bytes, a boolean or null one byte, a list or map three bytes plus a byte and
 * the size of each element (a map's keys counted as names), a set the sum of its members.
 */
export function attributeSize(v: AttributeValue): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S, 'utf8');
  if (v.N !== undefined) return numberSize(v.N);
  if (v.B !== undefined) return v.B.byteLength;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.L !== undefined) return 3 + v.L.reduce((sum, e) => sum + 1 + attributeSize(e), 0);
  if (v.M !== undefined) return 3 + Object.entries(v.M).reduce((sum, [k, e]) => sum + 1 + Buffer.byteLength(k, 'utf8') + attributeSize(e), 0);
  if (v.SS !== undefined) return v.SS.reduce((sum, s) => sum + Buffer.byteLength(s, 'utf8'), 0);
  if (v.NS !== undefined) return v.NS.reduce((sum, n) => sum + numberSize(n), 0);
  if (v.BS !== undefined) return v.BS.reduce((sum, b) => sum + b.byteLength, 0);
  // The streams client reads an empty map or list as a value with no type at all.
  return 3;
}

function numberSize(n: string): number {
  const digits = n.replace(/^[-+]/, '').replace('.', '').replace(/e.*$/i, '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

export function itemSize(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name, 'utf8') + attributeSize(value), 0);
}
