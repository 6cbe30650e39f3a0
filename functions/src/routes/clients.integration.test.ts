import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Auth } from '@ev/core/auth';
import { Clients } from '@ev/core/clients';
import { runAs, type Actor } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { Provisioning } from '@ev/core/provisioning/index';
import { Messages } from '@ev/shared/messages';
import { ClientMessages } from '@ev/shared/schemas/clients';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, PASSWORD, tokensFor, type World } from '../testing/world';

const api = checkedCall;

let w: World;
let other: World;
const t = {} as Record<'admin' | 'supervisor' | 'salesman' | 'otherSalesman' | 'employee' | 'otherAdmin', string>;

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('Clientes'), makeWorld('ClientesOutra')]);
  Object.assign(
    t,
    await tokensFor({ admin: [w, w.admin], supervisor: [w, w.supervisor], salesman: [w, w.salesman], otherSalesman: [w, w.otherSalesman], employee: [w, w.employee], otherAdmin: [other, other.admin] }),
  );
});

let seq = 0;
/** A valid client body: companies require a birth date by default. */
function body(extra: Record<string, unknown> = {}) {
  seq += 1;
  return { name: `Cliente Teste ${seq}`, birthDate: '1990-05-17', ...extra };
}
async function create(token: string, extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/clients', { token, body: body(extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; version: number; addresses: { id: string }[] } & Record<string, unknown>;
}
const fieldsOf = (res: { body: { fields?: { field: string; message: string }[] } }) => Object.fromEntries((res.body.fields ?? []).map((f) => [f.field, f.message]));

async function setCustomerSetting(world: World, key: 'blockRepeatedPhone', value: boolean) {
  await runAs({ tenantId: world.tenant.id }, () =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Keys.tenant(world.tenant.id),
        UpdateExpression: 'SET settings.customers.#k = :v',
        ExpressionAttributeNames: { '#k': key },
        ExpressionAttributeValues: { ':v': value },
      }),
    ),
  );
}

// Valid documents: CPFs and CNPJs (numeric and alphanumeric) with correct check digits.
const CNPJ_ALNUM = '12.ABC.345/01DE-35';
const CPF = '529.982.247-25';
const CNPJ = '11.444.777/0001-61';

describe('POST /api/clients: validation', () => {
  it('answers each rule with its field and Portuguese reason, and saves nothing', async () => {
    const res = await api('POST', '/api/clients', {
      token: t.salesman,
      body: {
        name: '',
        document: '123.456.789-00',
        phone1: '1234',
        email: 'nao-e-email',
        creditLimit: '12,345',
        closingDay: 40,
        addresses: [{ street: 'Rua A', city: 'Bauru', state: 'XX', cep: '1701' }],
      },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toMatchObject({
      name: 'O campo Nome/Razão social é obrigatório.',
      document: 'Informe um CPF ou CNPJ válido.',
      phone1: ClientMessages.phone,
      email: ClientMessages.email,
      creditLimit: 'O campo Limite de crédito deve ser um número com até 2 casas decimais.',
      closingDay: ClientMessages.day,
      'addresses.0.state': ClientMessages.state,
      'addresses.0.cep': ClientMessages.cep,
    });
    const list = await api('GET', '/api/clients?limit=100', { token: t.salesman });
    expect(list.body.items).toEqual([]);
  });

  it('requires the birth date by default (company settings) and accepts a prospect without a document', async () => {
    const res = await api('POST', '/api/clients', { token: t.salesman, body: { name: 'Prospect Sem Data' } });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual({ birthDate: 'O campo Data de nascimento é obrigatório.' });
    const ok = await create(t.salesman, { name: 'Prospect Sem Documento' });
    expect(ok).toMatchObject({ document: null, status: 'active', situation: 'normal', incomplete: true, blocked: false, salesmanId: w.salesman.id });
  });

  it('checks the state registration of a CNPJ against the main address UF, or takes ISENTO', async () => {
    const address = { street: 'Av. Getúlio Vargas', number: '100', city: 'Bauru', state: 'SP', cep: '17017-383' };
    const bad = await api('POST', '/api/clients', { token: t.admin, body: body({ document: CNPJ, stateRegistration: '110.042.490.113', addresses: [address] }) });
    expect(fieldsOf(bad)).toEqual({ stateRegistration: ClientMessages.stateRegistration });
    const noState = await api('POST', '/api/clients', { token: t.admin, body: body({ document: CNPJ, stateRegistration: '110.042.490.114' }) });
    expect(fieldsOf(noState)).toEqual({ stateRegistration: ClientMessages.stateRegistrationNeedsState });
    const good = await create(t.admin, { document: CNPJ, stateRegistration: '110.042.490.114', addresses: [address] });
    expect(good.stateRegistration).toBe('110.042.490.114');
    const exempt = await create(t.admin, { document: '04.252.011/0001-10', stateRegistration: 'isento', addresses: [address] });
    expect(exempt.stateRegistration).toBe('isento');
    // A CPF's field is an RG: free text.
    await create(t.admin, { document: '111.444.777-35', stateRegistration: '12.345.678-9' });
  });

  it('keeps one main address: a single one becomes main, two mains are refused', async () => {
    const one = await create(t.salesman, { addresses: [{ street: 'Rua Um', city: 'Bauru', state: 'SP' }] });
    expect(one.addresses).toMatchObject([{ main: true, street: 'Rua Um', country: 'Brasil' }]);
    const two = await api('POST', '/api/clients', {
      token: t.salesman,
      body: body({ addresses: [{ street: 'Rua A', city: 'Bauru', state: 'SP', main: true }, { street: 'Rua B', city: 'Bauru', state: 'SP', main: true }] }),
    });
    expect(fieldsOf(two)).toEqual({ addresses: ClientMessages.oneMain });
  });
});

describe('documents and phones already in the company', () => {
  it('refuses a document already registered, naming the client only when the user may see it', async () => {
    const mine = await create(t.salesman, { document: CNPJ_ALNUM });
    expect(mine.document).toBe('12.ABC.345/01DE-35');
    // The same salesman: named. With or without the mask, the same document.
    const again = await api('POST', '/api/clients', { token: t.salesman, body: body({ document: '12ABC34501DE35' }) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'clients.document_taken', message: ClientMessages.documentTakenVisible(mine.name), details: { clientId: mine.id } });
    // Another salesman: told only that it belongs to another portfolio.
    const theirs = await api('POST', '/api/clients', { token: t.otherSalesman, body: body({ document: CNPJ_ALNUM }) });
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(ClientMessages.documentTakenOther);
    expect(JSON.stringify(theirs.body)).not.toContain(mine.name);
    expect(JSON.stringify(theirs.body)).not.toContain(mine.id);
    // Changing a client's document to a taken one is refused the same way.
    const other = await create(t.otherSalesman);
    const change = await api('PUT', `/api/clients/${other.id}`, { token: t.otherSalesman, body: { ...body({ document: CNPJ_ALNUM }), name: other.name, version: 1 } });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe(ClientMessages.documentTakenOther);
    // Freed when its owner changes it: then another client may take it.
    const mineNow = await api('GET', `/api/clients/${mine.id}`, { token: t.salesman });
    await api('PUT', `/api/clients/${mine.id}`, { token: t.salesman, body: { ...mineNow.body, document: CPF, version: mineNow.body.version } });
    expect((await api('PUT', `/api/clients/${other.id}`, { token: t.otherSalesman, body: { ...body({ document: CNPJ_ALNUM }), name: other.name, version: 1 } })).status).toBe(200);
  });

  it('warns about a repeated phone and saves after confirmation; refuses it when the company blocks repeats', async () => {
    await create(t.salesman, { phone1: '(14) 99876-5432' });
    const warned = await api('POST', '/api/clients', { token: t.otherSalesman, body: body({ name: 'Outro Com Mesmo Fone', phone2: '14998765432' }) });
    expect(warned.status).toBe(409);
    expect(warned.body).toMatchObject({ code: 'clients.phone_repeated', message: ClientMessages.phoneRepeated('(14) 99876-5432'), fields: [{ field: 'phone2' }] });
    // The other salesman does not see whose it is.
    expect(warned.body.details.clients).toEqual([]);
    const confirmed = await api('POST', '/api/clients', { token: t.otherSalesman, body: body({ name: 'Outro Com Mesmo Fone', phone2: '14998765432', confirmRepeatedPhone: true }) });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.phone2).toBe('14998765432');
    // Saving it again without a new phone does not ask again.
    const resave = await api('PUT', `/api/clients/${confirmed.body.id}`, { token: t.otherSalesman, body: { ...confirmed.body, nickname: 'Mesmo Fone' } });
    expect(resave.status).toBe(200);

    await setCustomerSetting(w, 'blockRepeatedPhone', true);
    try {
      const blocked = await api('POST', '/api/clients', { token: t.admin, body: body({ phone1: '14998765432', confirmRepeatedPhone: true }) });
      expect(blocked.status).toBe(409);
      expect(blocked.body).toMatchObject({ code: 'clients.phone_blocked', message: ClientMessages.phoneBlocked('(14) 99876-5432') });
    } finally {
      await setCustomerSetting(w, 'blockRepeatedPhone', false);
    }
  });
});

describe('PUT /api/clients/{id}', () => {
  it('edits with the version read, keeps the only address, and answers 409 on a stale version', async () => {
    const c = await create(t.salesman, { addresses: [{ street: 'Rua Única', city: 'Bauru', state: 'SP' }] });
    const removeOnly = await api('PUT', `/api/clients/${c.id}`, { token: t.salesman, body: { ...c, addresses: [] } });
    expect(removeOnly.status).toBe(400);
    expect(removeOnly.body.message).toBe(ClientMessages.onlyAddress);
    const second = { street: 'Rua Segunda', city: 'Agudos', state: 'SP', delivery: true };
    const added = await api('PUT', `/api/clients/${c.id}`, { token: t.salesman, body: { ...c, addresses: [...c.addresses, second] } });
    expect(added.status).toBe(200);
    expect(added.body.addresses).toHaveLength(2);
    expect(added.body.addresses[0].id).toBe(c.addresses[0]!.id);
    expect(added.body.version).toBe(2);
    // Removing one of two is fine.
    const removed = await api('PUT', `/api/clients/${c.id}`, { token: t.salesman, body: { ...added.body, addresses: [added.body.addresses[0]] } });
    expect(removed.body.addresses).toHaveLength(1);
    const stale = await api('PUT', `/api/clients/${c.id}`, { token: t.salesman, body: { ...c, nickname: 'Velho' } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(Messages.versionConflict);
  });

  it('marks completeness and the situations that block a sale', async () => {
    const c = await create(t.salesman, { document: '390.533.447-05' });
    expect(c).toMatchObject({ incomplete: true, blocked: false });
    const done = await api('PUT', `/api/clients/${c.id}`, { token: t.salesman, body: { ...c, nickname: 'Completo', email: 'compras@cliente.com.br', situation: 'analysis' } });
    expect(done.body).toMatchObject({ incomplete: false, blocked: true, situation: 'analysis' });
    const { canBuy } = await import('@ev/core/clients');
    expect(canBuy(done.body)).toBe(false);
    expect(canBuy({ ...done.body, situation: 'normal' })).toBe(true);
    expect(canBuy({ ...done.body, situation: 'problem' })).toBe(false);
    const list = await api('GET', '/api/clients?situation=analysis', { token: t.salesman });
    expect(list.body.items).toEqual([expect.objectContaining({ id: c.id, blocked: true, incomplete: false })]);
  });

  it('does not let a salesman give a client to someone outside his team', async () => {
    const res = await api('POST', '/api/clients', { token: t.salesman, body: body({ salesmanId: w.otherSalesman.id }) });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual({ salesmanId: ClientMessages.salesmanNotAllowed });
    const staff = await create(t.admin, { salesmanId: w.otherSalesman.id });
    expect(staff.salesmanId).toBe(w.otherSalesman.id);
    const notSalesman = await api('POST', '/api/clients', { token: t.admin, body: body({ salesmanId: w.employee.id }) });
    expect(fieldsOf(notSalesman)).toEqual({ salesmanId: ClientMessages.salesmanInvalid });
    // A supervisor editing his subordinate's client without naming a salesman keeps the client with her.
    const hers = await create(t.salesman);
    const { salesmanId: _s, ...withoutSalesman } = hers;
    const edited = await api('PUT', `/api/clients/${hers.id}`, { token: t.supervisor, body: { ...withoutSalesman, nickname: 'Editado pelo supervisor' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.salesmanId).toBe(w.salesman.id);
    // He may move it to himself, not outside his team.
    const outside = await api('PUT', `/api/clients/${hers.id}`, { token: t.supervisor, body: { ...edited.body, salesmanId: w.otherSalesman.id } });
    expect(fieldsOf(outside)).toEqual({ salesmanId: ClientMessages.salesmanNotAllowed });
    const mine = await api('PUT', `/api/clients/${hers.id}`, { token: t.supervisor, body: { ...edited.body, salesmanId: w.supervisor.id } });
    expect(mine.body.salesmanId).toBe(w.supervisor.id);
  });
});

describe('POST /api/clients/{id}/revalidate ("reload cache")', () => {
  it('writes the derived flags and the list and search items again, without moving the version', async () => {
    const c = await create(t.salesman, { name: 'Cache Perdido Comercial' });
    // Damage what is derived: drop every list and search item and store a wrong flag.
    await runAs({ tenantId: w.tenant.id }, async () => {
      const stored = (await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: Keys.client(c.id) }))).Item as { ix: string[] };
      for (const key of stored.ix) {
        const [pk, sk] = key.split('\n');
        await dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk } }));
      }
      await dynamoClient().send(new UpdateCommand({ TableName: tableName(), Key: Keys.client(c.id), UpdateExpression: 'SET incomplete = :f', ExpressionAttributeValues: { ':f': false } }));
    });
    expect((await api('GET', '/api/clients?q=perdido', { token: t.salesman })).body.items).toEqual([]);
    expect((await api('GET', `/api/clients/${c.id}`, { token: t.salesman })).body.incomplete).toBe(false);

    const res = await api('POST', `/api/clients/${c.id}/revalidate`, { token: t.salesman });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, version: c.version, incomplete: true });
    expect((await api('GET', '/api/clients?q=perdido', { token: t.salesman })).body.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
    expect((await api('GET', `/api/clients/${c.id}`, { token: t.salesman })).body).toMatchObject({ incomplete: true, version: c.version });
    // Another salesman's client is not there for him.
    expect((await api('POST', `/api/clients/${c.id}/revalidate`, { token: t.otherSalesman })).status).toBe(404);
  });
});

describe('scope: salesman, supervisor, staff', () => {
  let own: { id: string; name: string };
  let theirs: { id: string; name: string };
  let supervisors: { id: string; name: string };
  beforeAll(async () => {
    own = await create(t.salesman, { name: 'Padaria Escopo Própria', phone1: '14933330001' });
    theirs = await create(t.otherSalesman, { name: 'Padaria Escopo Alheia', phone1: '14933330002' });
    supervisors = await create(t.supervisor, { name: 'Padaria Escopo Supervisor' });
  });
  const names = async (token: string, q: string) => (await api('GET', `/api/clients?q=${encodeURIComponent(q)}&limit=100`, { token })).body.items.map((c: { name: string }) => c.name).sort();

  it('a salesman lists, searches, reads and edits only his own clients', async () => {
    expect(await names(t.salesman, 'padaria escopo')).toEqual(['Padaria Escopo Própria']);
    expect(await names(t.salesman, '14933330002')).toEqual([]);
    expect((await api('GET', `/api/clients/${theirs.id}`, { token: t.salesman })).status).toBe(404);
    const edit = await api('PUT', `/api/clients/${theirs.id}`, { token: t.salesman, body: { ...body(), version: 1 } });
    expect(edit.status).toBe(404);
    const page = await api('GET', '/api/clients?limit=100', { token: t.salesman });
    expect(page.body.scope).toEqual({ kind: 'own', salesmen: 1 });
    expect(page.body.items.every((c: { salesmanId: string }) => c.salesmanId === w.salesman.id)).toBe(true);
    // The salesman filter cannot widen the scope.
    expect((await api('GET', `/api/clients?salesmanId=${w.otherSalesman.id}`, { token: t.salesman })).body.items).toEqual([]);
  });

  it('a supervisor sees his own and his subordinates\' clients, merged in name order under one cursor', async () => {
    expect(await names(t.supervisor, 'padaria escopo')).toEqual(['Padaria Escopo Própria', 'Padaria Escopo Supervisor']);
    expect((await api('GET', `/api/clients/${own.id}`, { token: t.supervisor })).status).toBe(200);
    expect((await api('GET', `/api/clients/${theirs.id}`, { token: t.supervisor })).status).toBe(404);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await api('GET', `/api/clients?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: t.supervisor });
      expect(res.body.scope).toEqual({ kind: 'team', salesmen: 2 });
      seen.push(...res.body.items.map((c: { name: string }) => c.name));
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain('Padaria Escopo Supervisor');
    expect(seen).not.toContain('Padaria Escopo Alheia');
    const sorted = [...seen].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }));
    expect(seen.map((s) => s.toLowerCase())).toEqual(sorted.map((s) => s.toLowerCase()));
  });

  it('staff (administrator, employee) see the whole company, and filter by salesman; without an allowed branch, nothing', async () => {
    const email = `staff-${Date.now()}@${w.domain}`;
    await Provisioning.addUser(w.tenant.id, { email, password: PASSWORD, name: 'Estela Staff', profileId: w.profiles.employee.id, branchIds: [w.branches[0]!.id], employee: true });
    const { staff } = await tokensFor({ staff: [w, { email }] });
    for (const token of [t.admin, staff]) {
      expect(await names(token, 'padaria escopo')).toEqual(['Padaria Escopo Alheia', 'Padaria Escopo Própria', 'Padaria Escopo Supervisor']);
    }
    // The world's employee has no allowed branch: no data (spec section 6), and no record either.
    expect(await names(t.employee, 'padaria escopo')).toEqual([]);
    expect((await api('GET', `/api/clients/${own.id}`, { token: t.employee })).status).toBe(404);
    const bySalesman = await api('GET', `/api/clients?salesmanId=${w.otherSalesman.id}&q=padaria`, { token: t.admin });
    expect(bySalesman.body.items.map((c: { id: string }) => c.id)).toEqual([theirs.id]);
    // An employee reads but may not create (read-only preset).
    expect((await api('POST', '/api/clients', { token: t.employee, body: body() })).status).toBe(403);
    expect(supervisors.id).toBeTruthy();
  });

  it('another company sees none of them', async () => {
    expect(await names(t.otherAdmin, 'padaria')).toEqual([]);
    expect((await api('GET', `/api/clients/${own.id}`, { token: t.otherAdmin })).status).toBe(404);
  });
});

describe('search', () => {
  it('finds by name words, nickname, document characters with or without mask, and phone with or without area code', async () => {
    const c = await create(t.admin, { name: 'Supermercado São Judas Tadeu', nickname: 'Mercadinho do Zé', document: '33.000.167/0001-01', phone1: '(14) 3232-4545' });
    const ids = async (q: string) => (await api('GET', `/api/clients?q=${encodeURIComponent(q)}`, { token: t.admin })).body.items.map((i: { id: string }) => i.id);
    for (const q of ['super', 'sao jud', 'SÃO tadeu', 'mercadinho ze', '33.000.167', '33000167000101', '33.000', '1432324545', '32324545', '(14) 3232']) {
      expect(await ids(q), q).toContain(c.id);
    }
    for (const q of ['judas pedro', '33001', '3232 9999', 'hipermercado']) expect(await ids(q), q).not.toContain(c.id);
  });

  it('finds a punctuated name as it is shown and by each of its parts', async () => {
    const c = await create(t.admin, { name: 'Empório Santa-Rita_Sul', nickname: 'Rede S.O.S.' });
    const ids = async (q: string) => (await api('GET', `/api/clients?q=${encodeURIComponent(q)}`, { token: t.admin })).body.items.map((i: { id: string }) => i.id);
    for (const q of ['santa-rita_sul', 'Santa-Ri', 'santa rita', 'rita', 'rita_sul', 'sul emporio', 's.o.s', 'o.s.']) {
      expect(await ids(q), q).toContain(c.id);
    }
    for (const q of ['santa-sul', 'rita-santa']) expect(await ids(q), q).not.toContain(c.id);
  });

  it('answers the filters: status, situation, region through the company partition', async () => {
    const regionRes = await api('POST', '/api/regions', { token: t.admin, body: { name: `Região Filtro ${seq}` } });
    expect(regionRes.status, JSON.stringify(regionRes.body)).toBe(201);
    const inRegion = await create(t.admin, { name: 'Filtro Na Região', regionId: regionRes.body.id, salesmanId: w.salesman.id });
    const inactive = await create(t.admin, { name: 'Filtro Inativo', status: 'inactive', regionId: regionRes.body.id });
    const byRegion = await api('GET', `/api/clients?regionId=${regionRes.body.id}`, { token: t.admin });
    expect(byRegion.body.items.map((i: { id: string }) => i.id).sort()).toEqual([inRegion.id, inactive.id].sort());
    const both = await api('GET', `/api/clients?regionId=${regionRes.body.id}&status=inactive`, { token: t.admin });
    expect(both.body.items.map((i: { id: string }) => i.id)).toEqual([inactive.id]);
    // The salesman's scope serves the region filter by reading his partition.
    const salesman = await api('GET', `/api/clients?regionId=${regionRes.body.id}`, { token: t.salesman });
    expect(salesman.body.items.map((i: { id: string }) => i.id)).toEqual([inRegion.id]);
    // The region is now in use: it cannot be deleted.
    expect((await api('DELETE', `/api/regions/${regionRes.body.id}`, { token: t.admin })).status).toBe(409);
  });

  it('points to a product company through the reference mechanism: kept while used, freed when changed', async () => {
    const company = await api('POST', '/api/product-companies', { token: t.admin, body: { name: `Fábrica ${seq}` } });
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    const c = await create(t.salesman, { productCompanyId: company.body.id });
    expect(c.productCompanyId).toBe(company.body.id);
    const inUse = await api('DELETE', `/api/product-companies/${company.body.id}`, { token: t.admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toContain(c.name);
    const missing = await api('PUT', `/api/clients/${c.id}`, { token: t.salesman, body: { ...c, productCompanyId: '01a20000-0000-7000-8000-000000000000' } });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing)).toHaveProperty('productCompanyId');
    await api('PUT', `/api/clients/${c.id}`, { token: t.salesman, body: { ...c, productCompanyId: null } });
    expect((await api('DELETE', `/api/product-companies/${company.body.id}`, { token: t.admin })).status).toBe(200);
  });

  it('answers 400 for bad filters', async () => {
    const res = await api('GET', '/api/clients?status=talvez&regionId=abc', { token: t.admin });
    expect(res.status).toBe(400);
    expect(Object.keys(fieldsOf(res)).sort()).toEqual(['regionId', 'status']);
  });
});

describe('a company of 500 clients', () => {
  let actor: Actor;
  beforeAll(async () => {
    const world = await makeWorld('ClientesVolume');
    actor = await Auth.authenticate((await world.login(world.admin.email)).accessToken);
    const words = ['Mercado', 'Padaria', 'Açougue', 'Farmácia', 'Bar'];
    const towns = ['Bauru', 'Agudos', 'Jaú', 'Pederneiras'];
    await runAs(actor, async () => {
      for (let i = 0; i < 500; i += 25) {
        await Promise.all(
          Array.from({ length: 25 }, (_, k) => i + k).map((n) =>
            Clients.create({ name: `${words[n % 5]} ${towns[n % 4]} ${String(n).padStart(3, '0')}`, birthDate: '1980-01-01', phone1: `149${String(n).padStart(8, '0')}` }),
          ),
        );
      }
    });
  }, 180_000);

  async function walk(q: string | undefined, limit: number) {
    const names: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 200; pages++) {
      const page = await runAs(actor, () => Clients.list({ q, limit, cursor }));
      expect(page.scanned, q).toBeLessThanOrEqual(2 * limit);
      names.push(...page.items.map((c) => c.name));
      if (!page.nextCursor) return names;
      cursor = page.nextCursor;
    }
    throw new Error('too many pages');
  }

  it('searches and lists reading at most twice the limit per page, finding exactly the matches', async () => {
    expect(await walk('padaria', 20)).toHaveLength(100);
    expect(await walk('padaria bauru', 10)).toHaveLength(25);
    expect(await walk('149000001', 20)).toHaveLength(100);
    expect((await walk(undefined, 50)).length).toBe(500);
  });
});
