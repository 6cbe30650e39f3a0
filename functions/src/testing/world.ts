import { Provisioning, type Provisioned } from '@ev/core/provisioning/index';
import type { UserRecord } from '@ev/core/users/records';
import { newId } from '@ev/core/ids';
import { createApp } from '../app';

export const PASSWORD = 'senha-forte-123';

export interface Call {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Requests through an app (no server), answering status, parsed JSON (or the text) and headers. */
export function caller(app: Pick<ReturnType<typeof createApp>, 'request'>) {
  return async function call(method: string, path: string, opts: Call = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.request(path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    });
    // Decoded keeping a byte-order mark (Response.text() drops it): the CSV exports start with one.
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    let json: any = null; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers, text, bytes };
  };
}

/** A request through the real app. */
export const call = caller(createApp());

/**
 * POSTs that must create (201), as `token`: each answers the created body, or throws naming the
 * path, the status and the answer. `via`: another caller (the OpenAPI-checked one).
 */
export function poster(token: string, via: ReturnType<typeof caller> = call) {
  return async <T = { id: string } & Record<string, unknown>>(path: string, body: unknown): Promise<T> => {
    const res = await via('POST', path, { token, body });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
}

export interface World extends Provisioned {
  domain: string;
  supervisor: UserRecord;
  salesman: UserRecord;
  otherSalesman: UserRecord;
  employee: UserRecord;
  /** Logs in and returns the access token (and the whole answer). */
  login(email: string, password?: string): Promise<{ accessToken: string; refreshToken: string; data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A fresh company per test file, made through the same provisioning service the product uses:
 * an administrator, a supervisor with a salesman under it, a salesman outside its team, an employee.
 */
export async function makeWorld(label = 'Teste'): Promise<World> {
  const domain = `${newId().slice(-12)}.test`;
  const p = await Provisioning.provision({
    company: { name: `Empresa ${label} Ltda`, nickname: label },
    branches: [{ name: 'Matriz' }, { name: 'Filial' }],
    admin: { email: `admin@${domain}`, password: PASSWORD, name: 'Alice Admin' },
  });
  const branchIds = p.branches.map((b) => b.id);
  const supervisor = await Provisioning.addUser(p.tenant.id, {
    email: `supervisor@${domain}`, password: PASSWORD, name: 'Sérgio Supervisor', profileId: p.profiles.manager.id, branchIds, supervisor: true,
  });
  const salesman = await Provisioning.addUser(p.tenant.id, {
    email: `vendedor@${domain}`, password: PASSWORD, name: 'Vera Vendedora', profileId: p.profiles.salesman.id, branchIds, salesman: true, supervisorId: supervisor.id,
  });
  const otherSalesman = await Provisioning.addUser(p.tenant.id, {
    email: `outro@${domain}`, password: PASSWORD, name: 'Otávio Outro', profileId: p.profiles.salesman.id, branchIds: [branchIds[1]!], salesman: true,
  });
  const employee = await Provisioning.addUser(p.tenant.id, {
    email: `funcionario@${domain}`, password: PASSWORD, name: 'Fábio Funcionário', profileId: p.profiles.employee.id, branchIds: [], employee: true,
  });
  return {
    ...p,
    domain,
    supervisor,
    salesman,
    otherSalesman,
    employee,
    async login(email, password = PASSWORD) {
      const res = await call('POST', '/api/login', { body: { email, password }, headers: { 'x-ev-client-address': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { accessToken: res.body.data.accessToken, refreshToken: res.body.data.refreshToken, data: res.body.data };
    },
  };
}

/**
 * Logs the named users in at once and answers their access tokens under the same names:
 * `await tokensFor({ admin: [w, w.admin], otherAdmin: [other, other.admin] })`.
 */
export async function tokensFor<K extends string>(users: Record<K, readonly [World, { email: string }]>): Promise<Record<K, string>> {
  const names = Object.keys(users) as K[];
  const logins = await Promise.all(names.map((k) => users[k][0].login(users[k][1].email)));
  return Object.fromEntries(names.map((k, i) => [k, logins[i]!.accessToken])) as Record<K, string>;
}

/**
 * A company setting as an administrator will set it (the settings screen comes with issue 14):
 * written on the company's record; sessions read it at their next login or refresh.
 */
export async function setCompanySetting(world: Pick<World, 'tenant'>, group: string, key: string, value: unknown): Promise<void> {
  const [{ runAs }, { dynamoClient, tableName }, { Keys }, { UpdateCommand }] = await Promise.all([
    import('@ev/core/context'),
    import('@ev/core/db/client'),
    import('@ev/core/db/keys'),
    import('@aws-sdk/lib-dynamodb'),
  ]);
  await runAs({ tenantId: world.tenant.id }, () =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Keys.tenant(world.tenant.id),
        UpdateExpression: 'SET settings.#g.#k = :v',
        ExpressionAttributeNames: { '#g': group, '#k': key },
        ExpressionAttributeValues: { ':v': value },
      }),
    ),
  );
}
