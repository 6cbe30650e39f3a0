import { Provisioning } from '@ev/core/provisioning/index';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { exportAndWait } from '../testing/exports';
import { call, makeWorld, PASSWORD, type World } from '../testing/world';

/**
 * A registry's CSV through the export engine (POST /api/exports/registry-<name>, docs/jobs.md): the
 * list's filter, every row, the list's cells, dates in the user's `formatoData`, the file named
 * `<registry>-<yyyy-MM-dd>.csv`; another company's export holds only its own records.
 */
const api = checkedCall;

let w: World;
let other: World;
const t = {} as Record<'admin' | 'american' | 'otherAdmin', string>;

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('CadastrosCsv'), makeWorld('CadastrosCsvOutra')]);
  const american = await Provisioning.addUser(w.tenant.id, {
    email: `us@${w.domain}`, password: PASSWORD, name: 'Ursula Usa', profileId: w.admin.profileId, branchIds: w.branches.map((b) => b.id), timezone: 'America/Manaus', dateFormat: 'MM/dd/yyyy',
  });
  const logins = await Promise.all([w.login(w.admin.email), w.login(american.email), other.login(other.admin.email)]);
  [t.admin, t.american, t.otherAdmin] = logins.map((l) => l.accessToken) as [string, string, string];
  for (const body of [
    { name: 'Atacado Março', validFrom: '2026-03-01', validUntil: '2026-03-31' },
    { name: 'Atacado Abril', validFrom: '2026-04-02' },
    { name: 'Varejo' },
  ]) {
    const res = await api('POST', '/api/price-tables', { token: t.admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});

async function exportCsv(token: string, query: Record<string, unknown>) {
  const { started, job, file, fileName } = await exportAndWait('registry-price-tables', token, 'csv', query);
  expect(started).toMatchObject({ kind: 'export', title: 'Tabelas de preço', status: 'queued' });
  expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = Papa.parse<string[]>(file.text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
  return { job, fileName, header: rows[0], rows: rows.slice(1) };
}

describe("a registry's CSV export job", () => {
  it('holds every row of the filter, dates day/month/year for a user with the default format', async () => {
    const { job, fileName, header, rows } = await exportCsv(t.admin, { q: 'atacado' });
    expect(job).toMatchObject({ processed: 2, total: 2 });
    expect(fileName).toMatch(/^price-tables-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(header).toEqual(['Nome', 'Válida de', 'Válida até', 'Tabela padrão', 'Observações']);
    expect(rows.map((r) => r.slice(0, 3)).sort()).toEqual([
      ['Atacado Abril', '02/04/2026', ''],
      ['Atacado Março', '01/03/2026', '31/03/2026'],
    ]);
  });

  it("writes dates in the user's formatoData", async () => {
    const { rows } = await exportCsv(t.american, { sort: 'name' });
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['Atacado Abril', '04/02/2026', ''],
      ['Atacado Março', '03/01/2026', '03/31/2026'],
      ['Varejo', '', ''],
    ]);
  });

  it("holds only the company's own records, and refuses a query the list would refuse", async () => {
    const { rows } = await exportCsv(t.otherAdmin, {});
    expect(rows.map((r) => r[0])).not.toContain('Varejo');
    const bad = await call('POST', '/api/exports/registry-price-tables', { token: t.admin, body: { format: 'csv', query: { sort: 'price' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toEqual(['query.sort']);
  });
});
