import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, ScanCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '../packages/core/src/context';
import { ClientsRepository } from '../packages/core/src/clients/repository';
import { MARSHALL_OPTIONS } from '../packages/core/src/db/client';
import { tableDefinition } from '../packages/core/src/db/table';
import { DomainError } from '../packages/core/src/errors';
import { startDynamoLocal, type DynamoLocal } from '../packages/core/src/local/dynamo-local';
import { benchClientRecord } from '../scripts/bench-clients';
import { canonicalNumber, openDynamoFile, SHARED_DB_FILE } from '../scripts/bench-dynamo-file';

/**
 * The bench's file loader (scripts/bench-dynamo-file.ts) writes DynamoDB Local's SQLite file as
 * DynamoDB Local writes it: the same items go into one table through the API and into another by
 * the loader, then every column of every row must match and the API must answer the same for both.
 * It runs its own DynamoDB Local on disk (not the run's, in memory): a change of DynamoDB Local's
 * format (an upgrade of the jar) fails here.
 */

const API = 'by-api';
const FILE = 'by-file';
const TENANT = '00000000-0000-7000-8000-00000000be4c';

let dir: string;
let dynamo: DynamoLocal | null = null;
let doc: DynamoDBDocumentClient;

function connect(endpoint: string) {
  doc?.destroy();
  doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }), { marshallOptions: { ...MARSHALL_OPTIONS } });
}

/** 30 of the bench's clients (their record, guard, list and search items) and items of every kind of value. */
function items(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  runAs({ tenantId: TENANT }, () => {
    for (let n = 0; n < 30; n++) {
      const record = benchClientRecord(0, n, ['seller-a', 'seller-b'], ['region-a', 'region-b', 'region-c'], '2026-11-30 02:00:00');
      for (const step of ClientsRepository.createSteps({ ...record, paymentConditionIds: [], addresses: [] }, () => new DomainError('taken', 'taken', 'conflict'))) {
        if (step.item.Put) out.push(step.item.Put.Item as Record<string, unknown>);
      }
    }
  });
  out.push(
    {
      pk: 'EDGE#ação', sk: 'Açúcar São João ñ 😀', name: 'Feijão "preto"\n\\ fim', empty: '', gsi1pk: 'EDGE', gsi1sk: 'ç',
      n: 12.5, big: 123456789012, neg: -0.25, zero: 0, tiny: 0.001, million: 1_000_000, whole: 100,
      list: ['a', 1, { x: null, y: [true, false] }, []], map: { a: { b: [1.5, 'ç'] }, e: {} }, nothing: null, yes: true, no: false,
      words: new Set(['zz', 'b', 'a', 'Ab', 'pêra', 'a0', 'ação']), numbers: new Set([22.75, 1, 3, -4, 100]), bytes: new Uint8Array([0, 1, 255]),
    },
    { pk: 'EDGE#ação', sk: 'gsi1 only', gsi1pk: 'EDGE' },
    { pk: 'EDGE#ação', sk: 'gsi1 sort key only', gsi1sk: 'x' },
    { pk: 'EDGE#2', sk: 'both gsis', gsi1pk: 'EDGE', gsi1sk: 'a', gsi2pk: 'EDGE2', gsi2sk: '2026-11-30' },
    { pk: 'EDGE#2', sk: 'gsi2 only', gsi2pk: 'EDGE2', gsi2sk: '2026-12-01', price: '79.90' },
  );
  return out;
}

function rows(db: DatabaseSync, table: string) {
  return (db.prepare(`SELECT * FROM "${table}" ORDER BY hashKey, rangeKey`).all() as Record<string, unknown>[]).map((r) => ({
    ...r,
    ObjectJSON: JSON.parse(Buffer.from(r.ObjectJSON as Uint8Array).toString('utf8')),
  }));
}

async function answers(table: string) {
  const all = async (input: Omit<QueryCommandInput, 'TableName'>) => (await doc.send(new QueryCommand({ TableName: table, ...input }))).Items;
  const scan = await doc.send(new ScanCommand({ TableName: table }));
  const sorted = (scan.Items ?? []).sort((a, b) => `${a.pk}\u0000${a.sk}`.localeCompare(`${b.pk}\u0000${b.sk}`));
  return {
    edge: await all({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'EDGE#ação' } }),
    edgeBackwards: await all({ KeyConditionExpression: 'pk = :pk AND sk > :sk', ExpressionAttributeValues: { ':pk': 'EDGE#ação', ':sk': 'A' }, ScanIndexForward: false }),
    gsi1: await all({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'EDGE' } }),
    gsi2: await all({ IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :a AND :b', ExpressionAttributeValues: { ':pk': 'EDGE2', ':a': '2026-11-01', ':b': '2026-12-31' } }),
    scan: { count: scan.Count, scanned: scan.ScannedCount, items: sorted },
  };
}

describe('the bench file loader writes DynamoDB Local’s file as DynamoDB Local does', () => {
  const written = items();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-bench-file-'));
    dynamo = await startDynamoLocal({ dataDir: dir });
    connect(dynamo.endpoint);
    for (const table of [API, FILE]) await doc.send(new CreateTableCommand(tableDefinition(table)));
    for (let i = 0; i < written.length; i += 25) {
      let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = { [API]: written.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
      while (request && Object.keys(request).length) request = (await doc.send(new BatchWriteCommand({ RequestItems: request }))).UnprocessedItems as typeof request;
    }
    await dynamo.stop();
    const file = openDynamoFile(dir, FILE);
    file.write(written);
    file.close();
    dynamo = await startDynamoLocal({ dataDir: dir });
    connect(dynamo.endpoint);
  }, 120_000);

  afterAll(async () => {
    doc?.destroy();
    await dynamo?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes every column of every row as DynamoDB Local writes it', () => {
    const db = new DatabaseSync(path.join(dir, SHARED_DB_FILE), { readOnly: true });
    try {
      const api = rows(db, API);
      const file = rows(db, FILE);
      expect(api).toHaveLength(written.length);
      expect(file).toEqual(api);
      // The loader made the secondary indexes again, as DynamoDB Local made them.
      const indexes = (table: string) => (db.prepare("SELECT name, sql FROM sqlite_master WHERE tbl_name = ? ORDER BY name").all(table) as { name: string; sql: string | null }[]).map((ix) => ({ name: ix.name.replace(table, 'T'), sql: ix.sql?.replaceAll(`"${table}`, '"T') ?? null }));
      expect(indexes(FILE)).toEqual(indexes(API));
      expect(indexes(API)).toHaveLength(5); // the table, its primary key, gsi1, gsi2 and the hash's index
    } finally {
      db.close();
    }
  });

  it('answers the same Queries, GSI Queries and Scan for both tables through the API', async () => {
    const api = await answers(API);
    const file = await answers(FILE);
    expect(api.edge).toHaveLength(3);
    expect(api.gsi1?.length).toBeGreaterThan(1);
    expect(api.gsi2).toHaveLength(2);
    expect(api.scan.count).toBe(written.length);
    expect(file).toEqual(api);
  });

  it('writes numbers in the form DynamoDB keeps', () => {
    expect(['1.50', '1e5', '00012', '-0.250', '0.0', '12', '-1E-3', '.5'].map(canonicalNumber)).toEqual(['1.5', '100000', '12', '-0.25', '0', '12', '-0.001', '0.5']);
  });
});
