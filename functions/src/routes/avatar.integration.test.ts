import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { call, makeWorld, tokensFor, type World } from '../testing/world';

const api = checkedCall;
/** A 1×1 red PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

let a: World;
let b: World;
const tokens = {} as Record<'salesman' | 'adminB', string>;

beforeAll(async () => {
  [a, b] = await Promise.all([makeWorld('FotoA'), makeWorld('FotoB')]);
  Object.assign(tokens, await tokensFor({ salesman: [a, a.salesman], adminB: [b, b.admin] }));
});

const me = async () => (await api('GET', `/api/users/${a.salesman.id}`, { token: tokens.salesman })).body;

describe('POST /api/auth/me/avatar and GET /api/avatars/…', () => {
  it('stores the photo, answers its address in the user and the session, and serves the same bytes as an image', async () => {
    const before = await me();
    const res = await api('POST', '/api/auth/me/avatar', { token: tokens.salesman, body: { image: `data:image/png;base64,${PNG}`, version: before.version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.avatar).toMatch(new RegExp(`^/api/avatars/${a.tenant.id}/${a.salesman.id}/[0-9a-f-]{36}\\.png$`));
    expect(res.body.version).toBe(before.version + 1);
    expect((await api('GET', '/api/auth/me', { token: tokens.salesman })).body.data.user.avatar).toBe(res.body.avatar);
    const image = await call('GET', res.body.avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(image.bytes).toString('base64')).toBe(PNG);
    // Removed by the profile update with no avatar.
    const removed = await api('PUT', '/api/auth/me/profile', { token: tokens.salesman, body: { ...(await me()), avatar: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.avatar).toBeNull();
  });

  it('refuses what is not the image it says, a photo over 200 KB and a stale version, naming the field in Portuguese', async () => {
    const { version } = await me();
    const fake = await api('POST', '/api/auth/me/avatar', { token: tokens.salesman, body: { image: `data:image/png;base64,${Buffer.from('não sou uma imagem').toString('base64')}`, version } });
    expect(fake.status).toBe(400);
    expect(fake.body.fields).toMatchObject([{ field: 'image', message: 'Envie uma foto em PNG, JPEG ou WebP.' }]);
    const gif = await api('POST', '/api/auth/me/avatar', { token: tokens.salesman, body: { image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', version } });
    expect(gif.status).toBe(400);
    expect(gif.body.fields[0].field).toBe('image');
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(210 * 1024)]).toString('base64');
    const large = await api('POST', '/api/auth/me/avatar', { token: tokens.salesman, body: { image: `data:image/png;base64,${big}`, version } });
    expect(large.status).toBe(400);
    expect(large.body.fields).toMatchObject([{ field: 'image', message: 'A foto deve ter no máximo 200 KB.' }]);
    const stale = await api('POST', '/api/auth/me/avatar', { token: tokens.salesman, body: { image: `data:image/png;base64,${PNG}`, version: version - 1 || 99 } });
    expect(stale.status).toBe(409);
    expect((await me()).version).toBe(version);
  });

  it('serves a photo only under its own company: another company\'s id in the address is a 404', async () => {
    const { version } = await me();
    const res = await api('POST', '/api/auth/me/avatar', { token: tokens.salesman, body: { image: `data:image/png;base64,${PNG}`, version } });
    const file = String(res.body.avatar).split('/').pop();
    expect((await call('GET', `/api/avatars/${b.tenant.id}/${a.salesman.id}/${file}`)).status).toBe(404);
    expect((await call('GET', `/api/avatars/${a.tenant.id}/${a.salesman.id}/../../x.png`)).status).toBe(404);
    expect((await call('GET', res.body.avatar)).status).toBe(200);
  });
});
