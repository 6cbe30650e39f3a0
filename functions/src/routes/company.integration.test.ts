import { runAs } from '@ev/core/context';
import { Logs } from '@ev/core/logs';
import { Tenants } from '@ev/core/tenants';
import { ApiTexts } from '@ev/shared/messages';
import { ClientMessages } from '@ev/shared/schemas/clients';
import { defaultSettings } from '@ev/shared/schemas/settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, tokensFor, type World } from '../testing/world';

/**
 * The company's settings screen through HTTP (issue 14 items 3 and 5): the company's data and
 * settings (`admin`), its branches (`filiais`), validation, versions, permissions, the audit with
 * each field before and after, and a setting's effect on the next request of another user.
 */
const api = checkedCall;
const DENIED = 'Você não tem permissão para acessar esses dados. Se isso se tratar de um erro entre em contato com a gerência.';
/** English words zod answers with when no Portuguese message is set. */
const ENGLISH = /\b(expected|received|invalid|required|must|too (big|small)|string|number)\b/i;

let a: World;
let b: World;
const t = {} as Record<'admin' | 'supervisor' | 'salesman' | 'otherSalesman' | 'employee' | 'adminB', string>;

beforeAll(async () => {
  [a, b] = await Promise.all([makeWorld('Alfa'), makeWorld('Beta')]);
  Object.assign(
    t,
    await tokensFor({ admin: [a, a.admin], supervisor: [a, a.supervisor], salesman: [a, a.salesman], otherSalesman: [a, a.otherSalesman], employee: [a, a.employee], adminB: [b, b.admin] }),
  );
});

type Company = { id: string; name: string; version: number; settings: ReturnType<typeof defaultSettings> } & Record<string, unknown>;
const readCompany = async (token = t.admin): Promise<Company> => {
  const res = await api('GET', '/api/company', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Company;
};
/** The body of a PUT from what GET answered, with changes. */
const bodyOf = (c: Company, change: Record<string, unknown> = {}) => {
  const { name, nickname, document, observations, taxRegime, settings, version } = c;
  return { name, nickname, document, observations, taxRegime, settings, version, ...change };
};
/** A PUT of the company as `token` (the administrator's by default): what GET answered, with changes. */
const putCompany = (c: Company, change: Record<string, unknown>, token = t.admin) => api('PUT', '/api/company', { token, body: bodyOf(c, change) });
const withSetting = (c: Company, group: keyof Company['settings'], values: Record<string, unknown>) => ({
  ...c.settings,
  [group]: { ...c.settings[group], ...values },
});
const fieldsOf = (res: { body: { fields?: { field: string; message: string }[] } }) => Object.fromEntries((res.body.fields ?? []).map((f) => [f.field, f.message]));

describe('GET /api/company', () => {
  it('answers the company with the spec’s default settings to an administrator', async () => {
    const c = await readCompany();
    expect(c).toMatchObject({ id: a.tenant.id, name: 'Empresa Alfa Ltda', nickname: 'Alfa', document: null, version: 1, timezone: 'America/Sao_Paulo' });
    expect(c.settings).toEqual(defaultSettings());
    // Section 3 of the spec, value by value.
    expect(c.settings.customers).toMatchObject({ showPendingTitlesAndCredits: false, socialNetworks: ['instagram', 'facebook'], initialStatus: 'A', blockRepeatedPhone: false });
    expect(c.settings.customers.required).toEqual({
      nickname: false, birthDate: true, segment: false, region: false, route: false, stateRegistration: false, idDocument: false, contact: false, referenceName: false, referencePhone: false,
    });
    expect(c.settings.map).toEqual({ latitude: -22.264, longitude: -48.74, defaultState: 'SP', zoom: 15, mapsToken: '' });
    expect(c.settings.sales).toMatchObject({ printColumns: 80, defaultTransportCosting: 1, geolocationPrecision: 500, autoLoadNegotiations: true, blockPriceChange: true, transportRequired: true, geolocationEnabled: true, suggestProducts: false });
    expect(c.settings.scheduling).toEqual({ strictOrder: false, geolocationRequired: false, minimumPrecision: 500, checkInTolerance: 300 });
    expect(c.settings.address).toEqual({ neighbourhoodRequired: false, postalCodeRequired: false });
    expect(c.settings.further).toMatchObject({ inactivityDays: 90, pointsExpiryDays: 365, virtualStoreProductLimit: 500, cashback: false, selfCheckout: false });
  });

  it('is refused with the denied text to whoever is not an administrator; another company reads its own', async () => {
    for (const token of [t.supervisor, t.salesman, t.employee]) {
      const res = await api('GET', '/api/company', { token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(DENIED);
    }
    expect((await readCompany(t.adminB)).id).toBe(b.tenant.id);
  });
});

describe('PUT /api/company', () => {
  it('refuses invalid data and settings with each field’s Portuguese reason, and changes nothing', async () => {
    const c = await readCompany();
    const res = await putCompany(c, {
      name: '  ',
      document: '123.456.789-00',
      taxRegime: 'Lucro Imaginário',
      settings: {
        ...c.settings,
        customers: { ...c.settings.customers, socialNetworks: ['instagram', 'Instagram'], initialStatus: 'X' },
        map: { ...c.settings.map, latitude: 95, defaultState: 'XX', zoom: 2.5 },
        sales: { ...c.settings.sales, printColumns: 'oitenta', checkStock: 'sim' },
      },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual({
      name: 'O campo Nome é obrigatório.',
      document: 'Informe um CPF ou CNPJ válido.',
      taxRegime: 'Escolha uma opção válida para o campo Regime tributário.',
      'settings.customers.socialNetworks.1': 'Informe o nome de cada rede social (até 40 caracteres), sem repetir.',
      'settings.customers.initialStatus': 'Escolha uma opção válida para o campo Status inicial do cliente.',
      'settings.map.latitude': 'O campo Latitude deve ser um número de -90 a 90.',
      'settings.map.defaultState': 'Escolha uma opção válida para o campo UF padrão.',
      'settings.map.zoom': 'O campo Zoom deve ser um número inteiro de 0 a 22.',
      'settings.sales.printColumns': 'O campo Colunas de impressão deve ser um número inteiro de 20 a 300.',
      'settings.sales.checkStock': 'O campo Validar estoque deve ser sim ou não.',
    });
    for (const f of res.body.fields) expect(f.message).not.toMatch(ENGLISH);
    // Keyed: the web renders each reason in the user's language.
    expect(res.body.fieldTexts.find((f: { field: string }) => f.field === 'settings.map.zoom')).toMatchObject({ key: 'company.intRange', params: { label: 'Zoom', min: 0, max: 22 } });
    const after = await readCompany();
    expect(after.version).toBe(c.version);
    expect(after.settings).toEqual(c.settings);
  });

  it('saves data and settings over the version read, answers 409 on a stale version, and the next request of any user sees the change', async () => {
    const c = await readCompany();
    const res = await putCompany(c, {
      nickname: 'Alfa Distribuidora',
      document: '11444777000161',
      taxRegime: 'Lucro Presumido',
      observations: { invoice: 'Documento emitido por ME.', sale: 'Troca em até 7 dias.', receivables: null, serviceOrder: '' },
      settings: withSetting(c, 'sales', { checkStock: false, printColumns: 48 }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      nickname: 'Alfa Distribuidora',
      document: '11.444.777/0001-61',
      taxRegime: 'Lucro Presumido',
      observations: { invoice: 'Documento emitido por ME.', sale: 'Troca em até 7 dias.', receivables: null, serviceOrder: null },
      version: c.version + 1,
    });
    expect(res.body.settings.sales).toMatchObject({ checkStock: false, printColumns: 48 });
    expect((await readCompany()).version).toBe(c.version + 1);

    // A salesman's next request (its session's company) already carries the new data and settings.
    const me = await api('GET', '/api/auth/me', { token: t.salesman });
    expect(me.body.data.company).toMatchObject({ apelido: 'Alfa Distribuidora', regimeTributario: 'Lucro Presumido', observacaoNota: 'Documento emitido por ME.' });
    expect(me.body.data.company.settings.sales.checkStock).toBe(false);

    // The version read before that save is stale now.
    const stale = await putCompany(c, { nickname: 'Outro Apelido' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(ApiTexts.versionConflict().message);
    expect((await readCompany()).nickname).toBe('Alfa Distribuidora');
  });

  it('is refused with the denied text to a manager and a salesman', async () => {
    const c = await readCompany();
    for (const token of [t.supervisor, t.salesman]) {
      const res = await putCompany(c, { nickname: 'Intruso' }, token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(DENIED);
    }
    expect((await readCompany()).nickname).not.toBe('Intruso');
  });

  it('records who changed what, each field and setting before and after, readable in /logs and in the company’s history', async () => {
    const c = await readCompany();
    const saved = await putCompany(c, { nickname: 'Alfa Auditada', settings: withSetting(c, 'customers', { blockRepeatedPhone: true }) });
    expect(saved.status).toBe(200);
    await Logs.flush();

    const history = await api('GET', '/api/company/history?limit=5', { token: t.admin });
    expect(history.status).toBe(200);
    const last = history.body.items[0];
    expect(last).toMatchObject({ event: 'company.update', userId: a.admin.id, userName: 'Alice Admin' });
    expect(last.changes).toEqual(
      expect.arrayContaining([
        { field: 'nickname', before: c.nickname, after: 'Alfa Auditada' },
        { field: 'settings.customers.blockRepeatedPhone', before: false, after: true },
      ]),
    );
    // Only what changed: no other setting is listed.
    expect(last.changes).toHaveLength(2);

    const logs = await api('GET', '/api/logs?q=company%20update&limit=50', { token: t.admin });
    const entry = logs.body.items.find((e: { metadata: { changes?: { field: string }[] } }) => e.metadata.changes?.some((x) => x.field === 'settings.customers.blockRepeatedPhone'));
    expect(entry).toMatchObject({ level: 'audit', message: 'company.update', userId: a.admin.id, metadata: { entity: 'company', recordId: a.tenant.id } });

    // The history is the administrator's: a salesman is refused it.
    expect((await api('GET', '/api/company/history', { token: t.salesman })).status).toBe(403);
    // Put back for the tests that follow.
    const now = await readCompany();
    expect((await putCompany(now, { settings: withSetting(now, 'customers', { blockRepeatedPhone: false }) })).status).toBe(200);
  });

  it('“block repeated phone” turns the clients API’s question into a refusal on the next request', async () => {
    const phone = '(14) 99123-4567';
    const client = (name: string, extra: Record<string, unknown> = {}) => ({ name, birthDate: '1990-05-17', phone1: phone, ...extra });
    expect((await api('POST', '/api/clients', { token: t.salesman, body: client('Mercado do Fone') })).status).toBe(201);
    // Off (the default): the repeated phone asks, and is saved once confirmed.
    const asked = await api('POST', '/api/clients', { token: t.otherSalesman, body: client('Outro Mercado') });
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('clients.phone_repeated');
    expect((await api('POST', '/api/clients', { token: t.otherSalesman, body: client('Outro Mercado', { confirmRepeatedPhone: true }) })).status).toBe(201);

    const c = await readCompany();
    expect((await putCompany(c, { settings: withSetting(c, 'customers', { blockRepeatedPhone: true }) })).status).toBe(200);
    try {
      const blocked = await api('POST', '/api/clients', { token: t.otherSalesman, body: client('Terceiro Mercado', { confirmRepeatedPhone: true }) });
      expect(blocked.status).toBe(409);
      expect(blocked.body).toMatchObject({ code: 'clients.phone_blocked', message: ClientMessages.phoneBlocked(phone), fields: [{ field: 'phone1', message: ClientMessages.phoneBlocked(phone) }] });
    } finally {
      const now = await readCompany();
      await putCompany(now, { settings: withSetting(now, 'customers', { blockRepeatedPhone: false }) });
    }
  });
});

describe('branches', () => {
  type Branch = { id: string; name: string; version: number; active: boolean } & Record<string, unknown>;

  it('lists the company’s branches by name to whoever reads filiais (a manager too), never to a salesman', async () => {
    const res = await api('GET', '/api/branches?limit=100', { token: t.supervisor });
    expect(res.status).toBe(200);
    expect(res.body.items.map((x: Branch) => x.name)).toEqual(['Filial', 'Matriz']);
    expect(res.body.items[0]).toMatchObject({ decimals: 2, issuesSales: true, consignmentDays: 0, consignmentDiscount: '0.00', active: true });
    expect((await api('GET', '/api/branches?q=matr', { token: t.admin })).body.items.map((x: Branch) => x.name)).toEqual(['Matriz']);
    const denied = await api('GET', '/api/branches', { token: t.salesman });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(DENIED);
  });

  it('creates a branch with its defaults, refusing invalid values with Portuguese reasons and a repeated name', async () => {
    const invalid = await api('POST', '/api/branches', {
      token: t.admin,
      body: { name: '', decimals: 7, consignmentDays: 3651, consignmentDiscount: '100,01', issuesSales: 'sim' },
    });
    expect(invalid.status).toBe(400);
    expect(fieldsOf(invalid)).toEqual({
      name: 'O campo Nome é obrigatório.',
      decimals: 'O campo Casas decimais deve ser um número inteiro de 0 a 6.',
      consignmentDays: 'O campo Dias da venda consignada deve ser um número inteiro de 0 a 3650.',
      consignmentDiscount: 'O desconto da venda consignada deve ser um percentual de 0 a 100, com até 2 casas decimais (por exemplo, 3,5).',
      issuesSales: 'O campo Emite pedidos deve ser sim ou não.',
    });
    for (const discount of ['-1', '2,555', 'abc', 1.5]) {
      const res = await api('POST', '/api/branches', { token: t.admin, body: { name: 'Filial Ruim', consignmentDiscount: discount } });
      expect(res.status, String(discount)).toBe(400);
      expect(fieldsOf(res)).toHaveProperty('consignmentDiscount');
    }
    // The name is unique, whatever its case, accents and spaces.
    const taken = await api('POST', '/api/branches', { token: t.admin, body: { name: '  MATRIZ ' } });
    expect(taken.status).toBe(409);
    expect(fieldsOf(taken)).toEqual({ name: 'Já existe uma filial com este nome.' });

    const created = await api('POST', '/api/branches', { token: t.admin, body: { name: 'Filial Marília', nickname: 'Marília', header: 'Empresa A - Marília', consignmentDays: 30, consignmentDiscount: '3,5' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'Filial Marília', decimals: 2, issuesSales: true, consignmentDays: 30, consignmentDiscount: '3.50', active: true, version: 1 });
    expect((await api('GET', `/api/branches/${created.body.id}`, { token: t.supervisor })).body.name).toBe('Filial Marília');
    for (const token of [t.supervisor, t.salesman]) {
      const res = await api('POST', '/api/branches', { token, body: { name: 'Filial Intrusa' } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(DENIED);
    }
  });

  it('edits a branch over its version (409 when stale); the session of a user in it follows at once', async () => {
    const matriz = (await api('GET', `/api/branches/${a.branches[0]!.id}`, { token: t.admin })).body as Branch;
    const { id: _id, active: _a, createdAt: _c, updatedAt: _u, ...fields } = matriz;
    const res = await api('PUT', `/api/branches/${matriz.id}`, { token: t.admin, body: { ...fields, decimals: 3, issuesSales: false, consignmentDiscount: '10' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ decimals: 3, issuesSales: false, consignmentDiscount: '10.00', version: matriz.version + 1 });
    const me = await api('GET', '/api/auth/me', { token: t.salesman });
    expect(me.body.data.branch).toMatchObject({ id: matriz.id, casasDecimais: 3, vendasEmitir: false, vendaConsignadaDesconto: '10.00' });

    const stale = await api('PUT', `/api/branches/${matriz.id}`, { token: t.admin, body: { ...fields, name: 'Matriz Antiga' } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(ApiTexts.versionConflict().message);
    const denied = await api('PUT', `/api/branches/${matriz.id}`, { token: t.supervisor, body: { ...fields, version: res.body.version } });
    expect(denied.status).toBe(403);
    // Back as it was.
    expect((await api('PUT', `/api/branches/${matriz.id}`, { token: t.admin, body: { ...fields, version: res.body.version } })).status).toBe(200);
  });

  it('deactivates a branch its users still point to (never deleting it), keeps one active, and keeps each change in the branch’s history', async () => {
    const [matriz, filial] = b.branches as [World['branches'][0], World['branches'][0]];
    const read = async (id: string) => (await api('GET', `/api/branches/${id}`, { token: t.adminB })).body as Branch;

    const off = await api('POST', `/api/branches/${matriz.id}/deactivate`, { token: t.adminB, body: { version: (await read(matriz.id)).version } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.active).toBe(false);
    // Still there, listed as inactive; the users' sessions work in the branch left to them.
    expect((await api('GET', '/api/branches?active=false', { token: t.adminB })).body.items.map((x: Branch) => x.id)).toEqual([matriz.id]);
    const me = await api('GET', '/api/auth/me', { token: t.adminB });
    expect(me.body.data.branch.id).toBe(filial.id);
    expect(me.body.data.branches.map((x: { id: string }) => x.id)).toEqual([filial.id]);
    // A request of a session still on the deactivated branch works in that same branch (orders, stock, prices).
    // (The actor as Auth.authenticate makes it: the session's branch, and the user's allowed and default ones.)
    const context = await runAs({ tenantId: b.tenant.id, userId: b.admin.id, branchId: matriz.id, branchIds: b.admin.branchIds, defaultBranchId: b.admin.defaultBranchId }, () => Tenants.current());
    expect(context.branch?.id).toBe(filial.id);

    // The last active branch stays.
    const last = await api('POST', `/api/branches/${filial.id}/deactivate`, { token: t.adminB, body: { version: (await read(filial.id)).version } });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('A empresa precisa de ao menos uma filial ativa: ative ou cadastre outra antes de desativar esta.');
    expect((await read(filial.id)).active).toBe(true);

    // A stale version, then the reactivation.
    expect((await api('POST', `/api/branches/${matriz.id}/activate`, { token: t.adminB, body: { version: 1 } })).status).toBe(409);
    const on = await api('POST', `/api/branches/${matriz.id}/activate`, { token: t.adminB, body: { version: off.body.version } });
    expect(on.status).toBe(200);
    expect(on.body.active).toBe(true);
    expect((await api('POST', `/api/branches/${matriz.id}/deactivate`, { token: t.supervisor, body: { version: on.body.version } })).status).toBe(403);

    await Logs.flush();
    const history = await api('GET', `/api/branches/${matriz.id}/history`, { token: t.adminB });
    expect(history.status).toBe(200);
    expect(history.body.items.map((e: { event: string }) => e.event)).toEqual(['branches.activate', 'branches.deactivate']);
    expect(history.body.items[1]).toMatchObject({ userId: b.admin.id, changes: [{ field: 'active', before: true, after: false }] });
  });

  it('keeps the creation and the edits of a branch in its history, each field before and after', async () => {
    const created = await api('POST', '/api/branches', { token: t.admin, body: { name: 'Filial Histórico' } });
    const { id, active: _a, createdAt: _c, updatedAt: _u, ...fields } = created.body as Branch;
    expect((await api('PUT', `/api/branches/${id}`, { token: t.admin, body: { ...fields, consignmentDays: 15 } })).status).toBe(200);
    await Logs.flush();
    const history = await api('GET', `/api/branches/${id}/history`, { token: t.supervisor });
    expect(history.status).toBe(200);
    const [update, create] = history.body.items;
    expect(update).toMatchObject({ event: 'branches.update', userName: 'Alice Admin', changes: [{ field: 'consignmentDays', before: 0, after: 15 }] });
    expect(create.event).toBe('branches.create');
    expect(create.changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Filial Histórico' }, { field: 'consignmentDiscount', before: null, after: '0.00' }]));
  });
});
