import { DynamoDBClient, CreateTableCommand, TransactWriteItemsCommand, BatchWriteItemCommand, UpdateItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { startDynamoLocal } from '../packages/core/src/local/dynamo-local';

const local = await startDynamoLocal({});
const db = new DynamoDBClient({ endpoint: local.endpoint, region: 'local', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
await db.send(new CreateTableCommand({ TableName: 'probe', BillingMode: 'PAY_PER_REQUEST', AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }] }));
const item = (p: string, i: number) => ({ pk: { S: `${p}#${i % 37}` }, sk: { S: `m#${p}#${i}` }, qty: { N: '2.0000' }, product: { S: `prod-${i}` }, sale: { S: 'sale-1' }, at: { S: new Date().toISOString() }, kind: { S: 'reservation' } });
async function time(label: string, fn: (p: string) => Promise<unknown>) {
  for (let r = 0; r < 4; r++) {
    const p = `${label}-${r}`;
    const t = performance.now();
    await fn(p);
    if (r > 0) console.log(label, (performance.now() - t).toFixed(0), 'ms');
  }
}
const chunks = <T,>(a: T[], n: number) => Array.from({ length: Math.ceil(a.length / n) }, (_, i) => a.slice(i * n, i * n + n));
const ids = Array.from({ length: 1000 }, (_, i) => i);
await time('tx100-seq', async (p) => { for (const c of chunks(ids, 100)) await db.send(new TransactWriteItemsCommand({ TransactItems: c.map((i) => ({ Put: { TableName: 'probe', Item: item(p, i) } })) })); });
await time('tx100-par', (p) => Promise.all(chunks(ids, 100).map((c) => db.send(new TransactWriteItemsCommand({ TransactItems: c.map((i) => ({ Put: { TableName: 'probe', Item: item(p, i) } })) })))));
await time('batch25-seq', async (p) => { for (const c of chunks(ids, 25)) await db.send(new BatchWriteItemCommand({ RequestItems: { probe: c.map((i) => ({ PutRequest: { Item: item(p, i) } })) } })); });
await time('batch25-par', (p) => Promise.all(chunks(ids, 25).map((c) => db.send(new BatchWriteItemCommand({ RequestItems: { probe: c.map((i) => ({ PutRequest: { Item: item(p, i) } })) } })))));
await time('put-par', (p) => Promise.all(ids.map((i) => db.send(new PutItemCommand({ TableName: 'probe', Item: item(p, i) })))));
await time('update-tx', async (p) => { for (const c of chunks(ids, 100)) await db.send(new TransactWriteItemsCommand({ TransactItems: c.map((i) => ({ Update: { TableName: 'probe', Key: { pk: { S: `b#${i}` }, sk: { S: 'bal' } }, UpdateExpression: 'ADD reserved :q', ExpressionAttributeValues: { ':q': { N: '2' } } } })) })); });
await time('update-par', (p) => Promise.all(ids.map((i) => db.send(new UpdateItemCommand({ TableName: 'probe', Key: { pk: { S: `b#${i}` }, sk: { S: 'bal' } }, UpdateExpression: 'ADD reserved :q', ExpressionAttributeValues: { ':q': { N: '2' } } })))));
await local.stop();
process.exit(0);
