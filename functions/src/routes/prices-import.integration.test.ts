import { PriceImportMessages } from '@ev/core/prices/imports';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { importRoutes } from '../testing/imports';
import { makeWorld, type World } from '../testing/world';

/**
 * The prices import through the import engine (`ref;tabela;preco`): rejected lines by number in
 * Portuguese (unknown product or table, negative or malformed price, a product repeated in a
 * table), the accepted prices written, and the same file again changes nothing.
 */
const api = checkedCall;

let w: World;
let admin: string;
let salesman: string;
const ids = {} as Record<'varejo' | 'atacado' | 'cola' | 'agua', string>;

async function post(path: string, body: Record<string, unknown>) {
  const res = await api('POST', path, { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  w = await makeWorld('ImportarPrecos');
  [admin, salesman] = (await Promise.all([w.login(w.admin.email), w.login(w.salesman.email)])).map((l) => l.accessToken) as [string, string];
  const unit = await post('/api/units', { name: 'UN' });
  ids.varejo = await post('/api/price-tables', { name: 'Varejo' });
  ids.atacado = await post('/api/price-tables', { name: 'Atacado São Paulo' });
  ids.cola = await post('/api/products', { ref: 'COLA-2L', name: 'Refrigerante Cola 2L', unitId: unit });
  ids.agua = await post('/api/products', { ref: 'AGUA-500', name: 'Água 500ml', unitId: unit });
});

const { upload, step } = importRoutes('prices', () => admin);

const prices = async (productId: string) =>
  Object.fromEntries(((await api('GET', `/api/products/${productId}/prices`, { token: admin })).body.items as { tableName: string; price: string | null }[]).map((i) => [i.tableName, i.price]));

const FILE = [
  'ref;tabela;preco',
  'COLA-2L;Varejo;9,99',
  'cola-2l;ATACADO SAO PAULO;8,5',
  'AGUA-500;Varejo;2.5',
  'NAO-EXISTE;Varejo;1,00',
  'AGUA-500;Promoção;1,00',
  'AGUA-500;Atacado São Paulo;-2,00',
  'AGUA-500;Atacado São Paulo;1,23456',
  'AGUA-500;Atacado São Paulo;abc',
  'COLA-2L;Varejo;10,99',
].join('\r\n');

describe('POST /api/imports/prices', () => {
  it('is for who may update products: the salesman cannot import', async () => {
    expect((await api('POST', '/api/imports/prices', { token: salesman, body: { fileName: 'x.csv', size: 10 } })).status).toBe(403);
  });

  it('dry run: every rejected line by number, in Portuguese, and nothing written', async () => {
    const id = await upload(FILE);
    const job = await step(id, 'check');
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ lines: 9, accepted: 3, rejectedCount: 6 });
    expect(job.result.rejected).toEqual([
      { line: 5, reason: PriceImportMessages.productMissing('NAO-EXISTE'), texts: [{ key: 'prices.importProductMissing', params: { ref: 'NAO-EXISTE' } }] },
      { line: 6, reason: PriceImportMessages.tableMissing('Promoção'), texts: [{ key: 'prices.importTableMissing', params: { name: 'Promoção' } }] },
      { line: 7, reason: PriceImportMessages.price('-2,00'), texts: [{ key: 'prices.importPrice', params: { value: '-2,00' } }] },
      { line: 8, reason: PriceImportMessages.price('1,23456'), texts: [{ key: 'prices.importPrice', params: { value: '1,23456' } }] },
      { line: 9, reason: PriceImportMessages.price('abc'), texts: [{ key: 'prices.importPrice', params: { value: 'abc' } }] },
      { line: 10, reason: PriceImportMessages.repeated('COLA-2L', 'Varejo', 2), texts: [{ key: 'prices.importRepeated', params: { ref: 'COLA-2L', table: 'Varejo', line: 2 } }] },
    ]);
    expect(await prices(ids.cola)).toEqual({ Varejo: null, 'Atacado São Paulo': null });
  });

  it('run: writes the accepted prices; the same file again changes nothing', async () => {
    const id = await upload(FILE);
    await step(id, 'check');
    const job = await step(id, 'run');
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.result).toMatchObject({ created: 3, updated: 0, unchanged: 0, rejectedCount: 6 });
    expect(await prices(ids.cola)).toEqual({ Varejo: '9.9900', 'Atacado São Paulo': '8.5000' });
    expect(await prices(ids.agua)).toEqual({ Varejo: '2.5000', 'Atacado São Paulo': null });

    const again = await upload(FILE);
    await step(again, 'check');
    const second = await step(again, 'run');
    expect(second.result).toMatchObject({ created: 0, updated: 0, unchanged: 3 });

    // A changed price is an update.
    const changed = await upload('ref;tabela;preco\r\nAGUA-500;Varejo;2,75\r\n');
    await step(changed, 'check');
    expect((await step(changed, 'run')).result).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect((await prices(ids.agua)).Varejo).toBe('2.7500');
  });
});
