import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { injectConflicts, type Conflicts } from '@ev/core/db/testing/conflicts';
import { checkedCall } from '../testing/checked-call';
import { importRoutes } from '../testing/imports';
import { makeWorld, type World } from '../testing/world';

/**
 * Issue 17 item 4: an import writes ten lines at once, each line's transaction adding to the same
 * counters (the products dashboard's figures, the unit's and group's references). On AWS such
 * transactions race and some are cancelled with TransactionConflict; here seven of every ten
 * transactions are, and the import still writes every line, counted once.
 */
let w: World;
let admin: string;
let conflicts: Conflicts | undefined;

beforeAll(async () => {
  w = await makeWorld('ImportarConflitos');
  admin = (await w.login(w.admin.email)).accessToken;
  for (const [name, body] of [['units', { name: 'UN' }], ['product-groups', { name: 'Bebidas' }]] as const) {
    expect((await checkedCall('POST', `/api/${name}`, { token: admin, body })).status).toBe(201);
  }
});
afterEach(() => conflicts?.remove());

const { upload, step } = importRoutes('products', () => admin);
const HEADER = 'ref;nome;codigo_barras;fabricante;embalagem;unidade;grupo;empresa;tamanho;preco_minimo;situacao';
const LINES = 40;

describe('the products import under transaction conflicts', () => {
  it('loses no line: every product written once, none rejected, the figures counted once each', async () => {
    const file = [HEADER, ...Array.from({ length: LINES }, (_, i) => `CONF-${i + 1};Produto em disputa ${i + 1};;;;UN;Bebidas;;;1,50;Ativo`)].join('\r\n');
    const id = await upload(file);
    expect((await step(id, 'check')).result).toMatchObject({ lines: LINES, accepted: LINES, rejectedCount: 0 });

    conflicts = injectConflicts((n) => n % 10 < 7);
    const job = await step(id, 'run');
    conflicts.remove();
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ accepted: LINES, rejectedCount: 0, created: LINES, updated: 0, unchanged: 0 });
    // The injection did cancel transactions, many more than the lines.
    expect(conflicts.conflicted()).toBeGreaterThan(LINES);

    const list = await checkedCall('GET', '/api/products?q=CONF-&limit=100', { token: admin });
    const refs = (list.body.items as { ref: string }[]).map((p) => p.ref).filter((r) => r.startsWith('CONF-'));
    expect(new Set(refs).size).toBe(LINES);
    // The unit is referenced by each product once: it cannot be removed while they exist.
    const units = await checkedCall('GET', '/api/units?q=UN', { token: admin });
    const unit = (units.body.items as { id: string; name: string }[]).find((u) => u.name === 'UN')!;
    const remove = await checkedCall('DELETE', `/api/units/${unit.id}`, { token: admin });
    expect(remove.status).toBe(409);
  });
});
