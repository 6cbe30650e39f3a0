import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeWorld, PASSWORD, type World } from '../testing/world';

let w: World;
beforeAll(async () => {
  w = await makeWorld('Auth');
});

describe('POST /api/login', () => {
  it('opens a session with the spec session objects and updates the last access', async () => {
    const res = await call('POST', '/api/login', { body: { email: `vendedor@${w.domain}`, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const d = res.body.data;
    expect(d.accessToken.split('.')).toHaveLength(3);
    expect(d.refreshToken.split('.')).toHaveLength(3);
    expect(d.user).toMatchObject({ id: w.salesman.id, nome: 'Vera Vendedora', vendedor: true, supervisor: false, funcionario: false, fuso: 'America/Sao_Paulo', formatoData: 'dd/MM/yyyy' });
    expect(d.user.ultimoAcesso).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.company).toMatchObject({ id: w.tenant.id, nome: 'Empresa Auth Ltda', apelido: 'Auth' });
    expect(d.company.settings.customers.required.birthDate).toBe(true);
    expect(d.company.settings.map).toMatchObject({ latitude: -22.264, longitude: -48.74, defaultState: 'SP', zoom: 15 });
    expect(d.branch).toMatchObject({ nome: 'Matriz', casasDecimais: 2, vendasEmitir: true });
    expect(d.branches).toHaveLength(2);
    expect(d.abilities).toContainEqual({ action: 'read', subject: 'auth' });
    expect(d.mustChangePassword).toBe(false);
  });

  it('refuses a wrong password with 401 and a Portuguese message', async () => {
    const res = await call('POST', '/api/login', { body: { email: `vendedor@${w.domain}`, password: 'errada' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 'error', code: 'auth.invalid_credentials', message: 'E-mail ou senha incorretos.' });
  });

  it('answers 400 naming the field for a malformed e-mail', async () => {
    const res = await call('POST', '/api/login', { body: { email: 'não-é-email', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ field: 'email', message: 'Informe um e-mail válido.' });
  });

  it('says so when the user has no allowed branch', async () => {
    const { data } = await w.login(`funcionario@${w.domain}`);
    expect(data.branch).toBeNull();
    expect(data.branches).toEqual([]);
    expect(data.message).toMatch(/não possui filiais liberadas/);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the session data without tokens', async () => {
    const { accessToken } = await w.login(`supervisor@${w.domain}`);
    const res = await call('GET', '/api/auth/me', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(w.supervisor.id);
    expect(res.body.data.accessToken).toBeUndefined();
  });
  it('is 401 without a token', async () => {
    const res = await call('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Autentique-se antes de prosseguir.');
  });
});
