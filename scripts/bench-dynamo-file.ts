/**
 * A bulk loader for the bench: items written straight into DynamoDB Local's own SQLite file, the
 * way AWS's import from S3 fills a table without going through its write capacity. DynamoDB Local
 * writes one item at a time through its API (some 1,300 items a second on disk here), so the 29
 * million items of 1,000,000 clients would take 6 hours; the loader writes them in minutes, and the
 * reads are then measured through the API of DynamoDB Local as ever (docs/benchmarks.md, "clients").
 *
 * The file's format is DynamoDB Local's, not a published one (jar 2026-01-16, `-sharedDb`):
 * scripts/bench-dynamo-file.integration.test.ts writes the same items through the API and through
 * the loader and fails when any column of any row differs, so an upgrade that changes it is seen.
 * - The table is made through the API first (its `dm` row, columns and indexes are DynamoDB
 *   Local's), and DynamoDB Local is stopped while the loader writes.
 * - One row an item: the key attributes' UTF-8 bytes (hashKey, rangeKey, and each index key in the
 *   column the `dm` row's TableInfo names, NULL when absent), all as BLOBs; hashValue and
 *   rangeValue, SHA-1 of "LocalDdb" and the key's bytes; hashRangeValue, SHA-1 of "LocalDdb" and
 *   both; itemSize, DynamoDB's size of the item (`itemSize`); ObjectJSON, the item in DynamoDB JSON
 *   (numbers in their canonical form, as DynamoDB keeps them).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { MARSHALL_OPTIONS } from '../packages/core/src/db/client';

/** The file DynamoDB Local keeps every table in with `-sharedDb -dbPath <dir>`. */
export const SHARED_DB_FILE = 'shared-local-instance.db';

const SALT = Buffer.from('LocalDdb', 'ascii');

/** DynamoDB Local's hash of a key's bytes (hashValue, rangeValue) or of two hashes (hashRangeValue). */
function localHash(...parts: Buffer[]): Buffer {
  const h = createHash('sha1').update(SALT);
  for (const p of parts) h.update(p);
  return h.digest();
}

/**
 * A number as DynamoDB keeps it: no exponent, no leading zeros, no trailing zeros after the point
 * ('1.50' → '1.5', '1e5' → '100000', '-0' → '0').
 */
export function canonicalNumber(n: string): string {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(n.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`Not a number: '${n}'.`);
  const negative = m[1] === '-';
  let digits = `${m[2]}${m[3] ?? ''}`;
  let point = m[2]!.length + Number(m[4] ?? 0); // digits before the point
  const lead = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(lead);
  point -= lead;
  digits = digits.replace(/0+$/, '');
  if (digits === '') return '0';
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = `${digits}${'0'.repeat(point - digits.length)}`;
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${out}` : out;
}

/**
 * A number's size in DynamoDB: its digits in pairs aligned on the decimal point, without the
 * leading and trailing pairs of zeros, plus one byte, plus one when negative; zero is one byte.
 */
function numberSize(n: string): number {
  const c = canonicalNumber(n);
  if (c === '0') return 1;
  const negative = c.startsWith('-');
  const [int = '', frac = ''] = c.replace('-', '').split('.');
  const digits = `${int.length % 2 ? '0' : ''}${int}${frac}${frac.length % 2 ? '0' : ''}`.replace(/^(00)+/, '').replace(/(00)+$/, '');
  return Math.ceil(digits.length / 2) + 1 + (negative ? 1 : 0);
}

function bytes(b: Uint8Array | string): number {
  return typeof b === 'string' ? Buffer.byteLength(b, 'utf8') : b.byteLength;
}

/** An attribute value's size: lists and maps 3 bytes and 1 an element, names counted in maps. */
function valueSize(v: AttributeValue): number {
  if (v.S !== undefined) return bytes(v.S);
  if (v.N !== undefined) return numberSize(v.N);
  if (v.B !== undefined) return bytes(v.B);
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.SS !== undefined) return v.SS.reduce((s, x) => s + bytes(x), 0);
  if (v.NS !== undefined) return v.NS.reduce((s, x) => s + numberSize(x), 0);
  if (v.BS !== undefined) return v.BS.reduce((s, x) => s + bytes(x), 0);
  if (v.L !== undefined) return v.L.reduce((s, x) => s + valueSize(x) + 1, 3);
  if (v.M !== undefined) return Object.entries(v.M).reduce((s, [k, x]) => s + bytes(k) + valueSize(x) + 1, 3);
  throw new Error(`Unknown attribute value: ${JSON.stringify(v)}`);
}

/** DynamoDB's size of an item: each attribute's name and value. */
export function itemSize(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce((s, [k, v]) => s + bytes(k) + valueSize(v), 0);
}

/**
 * An attribute value in DynamoDB JSON as DynamoDB Local stores it: binary in base64, numbers
 * canonical, sets sorted (strings and binary by their bytes, numbers by value).
 */
function toJson(v: AttributeValue): unknown {
  if (v.N !== undefined) return { N: canonicalNumber(v.N) };
  if (v.NS !== undefined) return { NS: v.NS.map(canonicalNumber).sort((a, b) => Number(a) - Number(b)) };
  if (v.SS !== undefined) return { SS: [...v.SS].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))) };
  if (v.B !== undefined) return { B: Buffer.from(v.B).toString('base64') };
  if (v.BS !== undefined) return { BS: v.BS.map((b) => Buffer.from(b)).sort(Buffer.compare).map((b) => b.toString('base64')) };
  if (v.L !== undefined) return { L: v.L.map(toJson) };
  if (v.M !== undefined) return { M: Object.fromEntries(Object.entries(v.M).map(([k, x]) => [k, toJson(x)])) };
  return v;
}

/** Where a table's key attributes go, from the TableInfo DynamoDB Local wrote in its `dm` row. */
interface Layout {
  hash: string;
  range: string;
  /** Index key attribute → its column (indexKey_0 ...). */
  indexColumns: [string, string][];
}

interface SqliteKey {
  DynamoDBAttribute: { AttributeName: string; AttributeType: string };
  KeyType: 'HASH' | 'RANGE';
  SQLiteColumnName: string;
}

function layoutOf(db: DatabaseSync, table: string): Layout {
  const row = db.prepare('SELECT TableInfo FROM dm WHERE TableName = ?').get(table) as { TableInfo: string | Uint8Array } | undefined;
  if (!row) throw new Error(`DynamoDB Local's file has no table '${table}': make it through the API first (ensureTable).`);
  const info = JSON.parse(typeof row.TableInfo === 'string' ? row.TableInfo : Buffer.from(row.TableInfo).toString('utf8')) as { SQLiteIndex: Record<string, SqliteKey[]> };
  const primary = info.SQLiteIndex[''] ?? [];
  const hash = primary.find((k) => k.KeyType === 'HASH');
  const range = primary.find((k) => k.KeyType === 'RANGE');
  if (!hash || !range || hash.SQLiteColumnName !== 'hashKey' || range.SQLiteColumnName !== 'rangeKey') throw new Error(`Table '${table}': a key layout the loader does not know: ${JSON.stringify(primary)}`);
  const indexColumns = new Map<string, string>();
  for (const [name, keys] of Object.entries(info.SQLiteIndex)) {
    if (name === '') continue;
    for (const k of keys) {
      if (k.DynamoDBAttribute.AttributeType !== 'S' || !/^indexKey_\d+$/.test(k.SQLiteColumnName)) throw new Error(`Index '${name}': a key the loader does not know: ${JSON.stringify(k)}`);
      indexColumns.set(k.DynamoDBAttribute.AttributeName, k.SQLiteColumnName);
    }
  }
  return { hash: hash.DynamoDBAttribute.AttributeName, range: range.DynamoDBAttribute.AttributeName, indexColumns: [...indexColumns] };
}

/** One row of DynamoDB Local's table for an item already in DynamoDB's attribute values. */
/** The partitions' hashes last computed: the items of one load share a few partitions. */
const partitionHashes = new Map<string, Buffer>();

export function itemRow(layout: Layout, item: Record<string, AttributeValue>): Record<string, Buffer | number | null> {
  const key = (name: string) => {
    const v = item[name];
    if (v?.S === undefined) throw new Error(`An item without its key '${name}' as a string: ${JSON.stringify(item).slice(0, 200)}`);
    return Buffer.from(v.S, 'utf8');
  };
  const hashKey = key(layout.hash);
  const rangeKey = key(layout.range);
  const pk = item[layout.hash]!.S!;
  let hashValue = partitionHashes.get(pk);
  if (!hashValue) {
    if (partitionHashes.size > 10_000) partitionHashes.clear();
    hashValue = localHash(hashKey);
    partitionHashes.set(pk, hashValue);
  }
  const rangeValue = localHash(rangeKey);
  const row: Record<string, Buffer | number | null> = {
    hashKey, rangeKey, hashValue, rangeValue,
    itemSize: itemSize(item),
    ObjectJSON: Buffer.from(JSON.stringify(Object.fromEntries(Object.entries(item).map(([k, v]) => [k, toJson(v)]))), 'utf8'),
    hashRangeValue: localHash(hashValue, rangeValue),
  };
  for (const [attribute, column] of layout.indexColumns) {
    const v = item[attribute];
    if (v !== undefined && v.S === undefined) throw new Error(`Index key '${attribute}' is not a string: ${JSON.stringify(v)}`);
    row[column] = v?.S === undefined ? null : Buffer.from(v.S, 'utf8');
  }
  return row;
}

/**
 * Opens DynamoDB Local's file (`<dir>/shared-local-instance.db`, DynamoDB Local stopped) to load
 * items into `table`. The table's secondary indexes are dropped while it loads and made again by
 * `close` (one sort each instead of a random insert an item); their SQL waits in
 * `<file>.indexes.json` meanwhile. The file's journal is off: a load cut in the middle leaves the
 * file unusable (the bench's file is thrown away, or its folder removed).
 */
export function openDynamoFile(dir: string, table: string, opts: { cacheMiB?: number } = {}) {
  const file = path.join(dir, SHARED_DB_FILE);
  if (!fs.existsSync(file)) throw new Error(`No DynamoDB Local file at ${file}.`);
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -${(opts.cacheMiB ?? 1024) * 1024}; PRAGMA temp_store = FILE`);
  const layout = layoutOf(db, table);
  const pending = `${file}.indexes.json`;
  const indexes: { name: string; sql: string }[] = fs.existsSync(pending)
    ? JSON.parse(fs.readFileSync(pending, 'utf8'))
    : (db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").all(table) as { name: string; sql: string }[]);
  fs.writeFileSync(pending, JSON.stringify(indexes));
  for (const ix of indexes) db.exec(`DROP INDEX IF EXISTS "${ix.name}"`);
  const columns = ['hashKey', 'rangeKey', 'hashValue', 'rangeValue', 'itemSize', 'ObjectJSON', 'hashRangeValue', ...layout.indexColumns.map(([, c]) => c)];
  const insert: StatementSync = db.prepare(`INSERT OR REPLACE INTO "${table}" (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  let rows = 0;
  return {
    /** Writes these items (plain objects, marshalled as the project's client marshals them) in one transaction. */
    write(items: Record<string, unknown>[]): void {
      const built = items.map((item) => itemRow(layout, marshall(item, { ...MARSHALL_OPTIONS, convertTopLevelContainer: false })));
      // In key order: the primary key's index grows at fewer places at once.
      built.sort((a, b) => Buffer.compare(a.hashKey as Buffer, b.hashKey as Buffer) || Buffer.compare(a.rangeKey as Buffer, b.rangeKey as Buffer));
      db.exec('BEGIN');
      for (const r of built) insert.run(...columns.map((c) => r[c] ?? null));
      db.exec('COMMIT');
      rows += built.length;
    },
    get rows() {
      return rows;
    },
    /** Makes the secondary indexes again and closes the file. */
    close(): void {
      for (const ix of indexes) db.exec(ix.sql.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
      db.close();
      fs.rmSync(pending);
    },
  };
}
