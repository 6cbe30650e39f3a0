import { FinancialMessages } from '@ev/shared/schemas/financial';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { importRoutes } from '../testing/imports';
import { makeWorld, type World } from '../testing/world';

/**
 * The installments import on the job engine (POST /api/imports/installments): a signed upload, the
 * dry run's rejected lines, the run, the same file again changes nothing; Excel's Windows-1252 CSV
 * with `;` or `,` is read like UTF-8; only users who see every client may import.
 */
const api = checkedCall;

let w: World;
const t = {} as Record<'admin' | 'salesman', string>;
const clients = {} as Record<'a' | 'b', { id: string; document: string }>;

beforeAll(async () => {
  w = await makeWorld('ImportarParcelas');
  [t.admin, t.salesman] = (await Promise.all([w.login(w.admin.email), w.login(w.salesman.email)])).map((l) => l.accessToken) as [string, string];
  for (const [k, document] of [['a', '529.982.247-25'], ['b', '11.222.333/0001-81']] as const) {
    const res = await api('POST', '/api/clients', { token: t.admin, body: { name: `Cliente Parcelas ${k.toUpperCase()}`, birthDate: '1985-04-12', document } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    clients[k] = { id: res.body.id, document };
  }
});

const { upload, step } = importRoutes('installments', () => t.admin);
const position = async (id: string) => (await api('GET', `/api/clients/${id}/financial`, { token: t.admin })).body.installments;

/** Windows-1252 bytes (Excel's "CSV" on Windows): for these texts, one byte a character as in Latin-1. */
const win1252 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('POST /api/imports/installments', () => {
  it('reads a Windows-1252 file through the signed upload: the dry run reports, the run writes, a re-run changes nothing', async () => {
    const csv = [
      'Cliente;Documento;Parcela;Tipo;Emissão;Vencimento;Valor da parcela;Valor em aberto;Complemento;Filial',
      `${clients.a.document};NF-Ç1;1/2;Título;01/02/2026;10/03/2026;1.234,56;1.234,56;Pedido nº 7 (loja);Matriz`,
      `${clients.a.document};NF-Ç1;2/2;cheque;01/02/2026;10/04/2026;10,50;10,50;;`,
      `529.982.247-26;NF-9;1;;;10/03/2026;1,00;1,00;;`, // not a CPF
      `${clients.a.document};NF-Ç1;1/2;;;10/03/2026;1,00;1,00;;Matriz`, // repeats line 2 (same document, installment and branch)
      `${clients.a.document};NF-8;1;;;31/02/2026;1,00;1,00;;`, // no such date
      `${clients.a.document};NF-8;2;;;;1,00;1,00;;`, // no due date
    ].join('\r\n');
    const bytes = win1252(csv);
    expect(bytes.includes(0xc7)).toBe(true); // "Ç" as one byte: not UTF-8

    const id = await upload(bytes, 'parcelas.csv');
    const checked = await step(id, 'check');
    expect(checked, JSON.stringify(checked)).toMatchObject({ status: 'done', phase: 'check', title: 'Importar parcelas', result: { lines: 6, accepted: 2, rejectedCount: 4 } });
    expect(checked.result.rejected).toEqual([
      { line: 4, reason: expect.stringMatching(/^CPF\/CNPJ inválido na coluna Cliente/), texts: [expect.objectContaining({ key: 'financial.lineDocument' })] },
      { line: 5, reason: 'Parcela repetida no arquivo: o mesmo documento, parcela e filial já estão na linha 2.', texts: [{ key: 'financial.lineRepeated', params: { line: 2 } }] },
      { line: 6, reason: 'Data inválida na coluna Vencimento: "31/02/2026". Use dd/mm/aaaa.', texts: [{ key: 'financial.lineDate', params: { column: 'Vencimento', value: '31/02/2026' } }] },
      { line: 7, reason: 'Falta o valor da coluna Vencimento.', texts: [{ key: 'jobs.missingValue', params: { column: 'Vencimento' } }] },
    ]);
    expect(await position(clients.a.id)).toEqual([]);

    const ran = await step(id, 'run');
    expect(ran, JSON.stringify(ran)).toMatchObject({ status: 'done', phase: 'run', result: { accepted: 2, updated: 2, rejectedCount: 4 } });
    const after = await position(clients.a.id);
    expect(after).toEqual([
      expect.objectContaining({ document: 'NF-Ç1', installment: '1/2', type: 'title', complement: 'Pedido nº 7 (loja)', installmentValue: '1234.56', branchId: w.branches.find((b) => b.name === 'Matriz')!.id }),
      expect.objectContaining({ document: 'NF-Ç1', installment: '2/2', type: 'check', openValue: '10.50', branchId: null }),
    ]);

    const again = await upload(bytes, 'parcelas.csv');
    await step(again, 'check');
    expect(await step(again, 'run')).toMatchObject({ status: 'done', result: { accepted: 2 } });
    expect(await position(clients.a.id)).toEqual(after);
  });

  it('reads `,` as the separator and a client by id', async () => {
    const csv = ['Cliente,Documento,Parcela,Vencimento,Valor da parcela,Valor em aberto', `${clients.b.id},NF-20,1,05/05/2026,"7,00","7,00"`].join('\n');
    const id = await upload(win1252(csv));
    await step(id, 'check');
    expect(await step(id, 'run')).toMatchObject({ status: 'done', result: { lines: 1, accepted: 1, rejectedCount: 0 } });
    expect(await position(clients.b.id)).toEqual([expect.objectContaining({ document: 'NF-20', installmentValue: '7.00', dueDate: '2026-05-05' })]);
  });

  it('is only for users who see the whole company: a salesman cannot announce a file', async () => {
    const res = await api('POST', '/api/imports/installments', { token: t.salesman, body: { fileName: 'parcelas.csv', size: 100 } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(FinancialMessages.importForbidden);
  });
});
