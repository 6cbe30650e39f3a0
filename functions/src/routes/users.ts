import { router } from '../http/router';
import { IdParams, page } from '@ev/shared/schemas/common';
import { User, UserCreate, UserSummary, UserUpdate, UsersListQuery } from '@ev/shared/schemas/users';
import { Users } from '@ev/core/users';
import { body, errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';

const tags = ['users'];

const list = defineRoute({
  method: 'get',
  path: '/users',
  tags,
  summary: 'Usuários no seu escopo (busca por palavras do nome e e-mail)',
  guard: { permission: { action: 'read', subject: 'usuarios' } },
  request: { query: UsersListQuery },
  responses: { 200: json(page(UserSummary), 'Uma página'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

const get = defineRoute({
  method: 'get',
  path: '/users/{id}',
  tags,
  summary: 'Um usuário',
  guard: { permission: { action: 'read', subject: 'usuarios' } },
  request: { params: IdParams },
  responses: { 200: json(User, 'O usuário'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const create = defineRoute({
  method: 'post',
  path: '/users',
  tags,
  summary: 'Cadastrar um usuário',
  guard: { permission: { action: 'create', subject: 'usuarios' } },
  request: body(UserCreate),
  responses: { 201: json(User, 'Criado'), 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409] },
});

const update = defineRoute({
  method: 'put',
  path: '/users/{id}',
  tags,
  summary: 'Alterar um usuário (com a versão lida)',
  guard: { permission: { action: 'update', subject: 'usuarios' } },
  request: { params: IdParams, ...body(UserUpdate) },
  responses: { 200: json(User, 'Alterado'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

const deactivate = defineRoute({
  method: 'delete',
  path: '/users/{id}',
  tags,
  summary: 'Desativar um usuário (encerra as sessões dele)',
  guard: { permission: { action: 'delete', subject: 'usuarios' } },
  request: { params: IdParams },
  responses: { 200: json(User, 'Desativado'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const usersRoutes = router()
  .openapi(list, async (c) => {
    const { items, nextCursor } = await Users.list(c.req.valid('query'));
    return c.json({ items, nextCursor }, 200);
  })
  .openapi(get, async (c) => c.json(await Users.get(c.req.valid('param').id), 200))
  .openapi(create, async (c) => c.json(await Users.create(c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Users.update(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(deactivate, async (c) => c.json(await Users.deactivate(c.req.valid('param').id), 200));
