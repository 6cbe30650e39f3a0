import { ProductImportMessages } from '@ev/core/products/import';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { checkReport, importRoutes } from '../testing/imports';
import { makeWorld, type World } from '../testing/world';

/**
 * The products import through the import engine (upload to the signed URL, dry run, run): rejected
 * lines by number in Portuguese, creates and updates, and the same file again changes nothing.
 */
const api = checkedCall;

let w: World;
let admin: string;
let salesman: string;

async function registry(name: string, body: Record<string, unknown>) {
  const res = await api('POST', `/api/${name}`, { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  w = await makeWorld('ImportarProdutos');
  [admin, salesman] = (await Promise.all([w.login(w.admin.email), w.login(w.salesman.email)])).map((l) => l.accessToken) as [string, string];
  await Promise.all([
    registry('units', { name: 'UN' }),
    registry('units', { name: 'CX' }),
    registry('product-groups', { name: 'Bebidas' }),
    registry('product-groups', { name: 'Limpeza' }),
    registry('product-companies', { name: 'Exemplo Bebidas' }),
    registry('sizes', { name: 'G' }),
  ]);
});

const { upload, step } = importRoutes('products', () => admin);

const HEADER = 'ref;nome;codigo_barras;fabricante;embalagem;unidade;grupo;empresa;tamanho;preco_minimo;situacao';

describe('POST /api/imports/products', () => {
  it('is for who may update products: the salesman reads them but cannot import', async () => {
    const res = await api('POST', '/api/imports/products', { token: salesman, body: { fileName: 'x.csv', size: 10 } });
    expect(res.status).toBe(403);
    const info = await api('GET', '/api/imports/products', { token: admin });
    expect(info.body.columns.map((c: { header: string }) => c.header).join(';')).toBe(HEADER);
  });

  it('dry run: every rejected line by number, in Portuguese, and nothing written', async () => {
    const file = [
      HEADER,
      'IMP-1;Refrigerante Cola 2L;7891000100103;Serra Azul;FD 6X2L;fd;Bebidas;Exemplo Bebidas;;39,90;Ativo',
      'IMP-2;Detergente;;;;CX;Higiene;Outra Empresa;;;',
      'IMP-3;Água;7891000100104;;;UN;;;;;',
      'IMP-4;Sabão;;;;UN;Limpeza;;;-2,00;',
      'IMP-5;Camiseta;;;;UN;;;XG;12,34567;talvez',
      'IMP-6;Desinfetante;;;;un;limpeza;;;1.234,5;inativo',
      'imp-6;Desinfetante repetido;;;;UN;;;;;',
      ';Sem referência;;;;UN;;;;;',
      `IMP-7;${'N'.repeat(121)};;;;UN;;;;;`,
    ].join('\r\n');
    const job = await step(await upload(file), 'check');
    expect(job.status).toBe('done');
    expect(job.result).toEqual(
      checkReport({ lines: 9, accepted: 1 }, [
        [2, ProductImportMessages.unit('fd'), [{ key: 'products.importUnit', params: { value: 'fd' } }]],
        [
          3,
          `${ProductImportMessages.group('Higiene')} ${ProductImportMessages.company('Outra Empresa')}`,
          [
            { key: 'products.importGroup', params: { value: 'Higiene' } },
            { key: 'products.importCompany', params: { value: 'Outra Empresa' } },
          ],
        ],
        [4, ProductImportMessages.barcode('7891000100104'), [{ key: 'products.importBarcode', params: { value: '7891000100104' } }]],
        [5, ProductImportMessages.price('-2,00'), [{ key: 'products.importPrice', params: { value: '-2,00' } }]],
        [
          6,
          `${ProductImportMessages.size('XG')} ${ProductImportMessages.price('12,34567')} ${ProductImportMessages.status('talvez')}`,
          [
            { key: 'products.importSize', params: { value: 'XG' } },
            { key: 'products.importPrice', params: { value: '12,34567' } },
            { key: 'products.importStatus', params: { value: 'talvez' } },
          ],
        ],
        [8, ProductImportMessages.refRepeated(7), [{ key: 'products.importRefRepeated', params: { line: 7 } }]],
        [9, 'Falta o valor da coluna ref.', [{ key: 'jobs.missingValue', params: { column: 'ref' } }]],
        [10, 'O campo Nome deve ter no máximo 120 caracteres.', [{ key: 'field.tooLong', params: { label: 'Nome', max: 120 } }]],
      ]),
    );
    expect((await api('GET', '/api/products?q=imp', { token: admin })).body.items).toEqual([]);
  });

  it('creates and updates by reference, and importing the same file again changes nothing', async () => {
    const file = [
      HEADER,
      'AGUA-01;Água Mineral 500ml;7891000100103;Fonte Clara;FD 12X500ML;UN;Bebidas;Exemplo Bebidas;;14,40;Ativo',
      'CAM-G;Camiseta Promocional;;Malharia;;UN;;;G;;',
      'DESINF;Desinfetante Lavanda 2L;;Química;CX 6X2L;cx;limpeza;;;1.234,5;inativo',
    ].join('\n');
    const ran = await step(await upload(file), 'run');
    expect(ran).toMatchObject({ status: 'done', processed: 3, total: 3, result: { lines: 3, accepted: 3, rejectedCount: 0, created: 3, updated: 0, unchanged: 0 } });
    const found = await api('GET', '/api/products?q=desinfetante', { token: admin });
    expect(found.body.items).toEqual([
      expect.objectContaining({ ref: 'DESINF', name: 'Desinfetante Lavanda 2L', unitName: 'CX', package: 'CX 6X2L', status: 'inactive', minimumPrice: '1234.5000' }),
    ]);
    const agua = (await api('GET', '/api/products?q=7891000100103', { token: admin })).body.items[0];
    expect(agua).toMatchObject({ ref: 'AGUA-01', barcode: '7891000100103', maker: 'Fonte Clara', minimumPrice: '14.4000', status: 'active' });
    const before = await api('GET', `/api/products/${agua.id}`, { token: admin });

    // The same file: nothing changes, not even a version.
    const again = await step(await upload(file), 'run');
    expect(again.result).toMatchObject({ accepted: 3, created: 0, updated: 0, unchanged: 3 });
    expect((await api('GET', `/api/products/${agua.id}`, { token: admin })).body).toEqual(before.body);

    // A changed line updates its product (found by reference in any case); a new one is created.
    const changed = [HEADER, 'agua-01;Água Mineral sem Gás 500ml;7891000100103;Fonte Clara;FD 12X500ML;UN;Bebidas;Exemplo Bebidas;;15,00;Ativo', 'NOVO-1;Produto Novo;;;;UN;;;;;'].join('\n');
    const third = await step(await upload(changed), 'run');
    expect(third.result).toMatchObject({ accepted: 2, created: 1, updated: 1, unchanged: 0 });
    expect((await api('GET', `/api/products/${agua.id}`, { token: admin })).body).toMatchObject({ ref: 'agua-01', name: 'Água Mineral sem Gás 500ml', minimumPrice: '15.0000', version: 2 });
  });

  it("refuses in the dry run a barcode another product holds, naming it", async () => {
    const file = [HEADER, 'OUTRO-1;Outro com o mesmo código;7891000100103;;;UN;;;;;'].join('\n');
    const job = await step(await upload(file), 'check');
    expect(job.result.rejected).toEqual([
      {
        line: 2,
        reason: ProductImportMessages.barcodeTaken('7891000100103', 'agua-01 Água Mineral sem Gás 500ml'),
        texts: [{ key: 'products.importBarcodeTaken', params: { value: '7891000100103', other: 'agua-01 Água Mineral sem Gás 500ml' } }],
      },
    ]);
  });
});
