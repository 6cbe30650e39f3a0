import { Clients } from '@ev/core/clients';
import { Client, ClientCreate, ClientsListQuery, ClientsPage, ClientUpdate } from '@ev/shared/schemas/clients';
import { IdParams } from '@ev/shared/schemas/common';
import { body, errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

const tags = ['clients'];

const list = defineRoute({
  method: 'get',
  path: '/clients',
  tags,
  summary: 'Clientes no seu escopo: filtros e busca por palavras do nome ou apelido, CPF/CNPJ ou telefone',
  guard: { permission: { action: 'read', subject: 'clientes' } },
  request: { query: ClientsListQuery },
  responses: { 200: json(ClientsPage, 'Uma página, com o escopo lido'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

const get = defineRoute({
  method: 'get',
  path: '/clients/{id}',
  tags,
  summary: 'Um cliente',
  guard: { permission: { action: 'read', subject: 'clientes' } },
  request: { params: IdParams },
  responses: { 200: json(Client, 'O cliente'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const create = defineRoute({
  method: 'post',
  path: '/clients',
  tags,
  summary: 'Cadastrar um cliente (telefone repetido: 409 clients.phone_repeated, reenviar com confirmRepeatedPhone)',
  guard: { permission: { action: 'create', subject: 'clientes' } },
  request: body(ClientCreate),
  responses: { 201: json(Client, 'Criado'), 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409] },
});

const update = defineRoute({
  method: 'put',
  path: '/clients/{id}',
  tags,
  summary: 'Alterar um cliente (com a versão lida)',
  guard: { permission: { action: 'update', subject: 'clientes' } },
  request: { params: IdParams, ...body(ClientUpdate) },
  responses: { 200: json(Client, 'Alterado'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

const revalidate = defineRoute({
  method: 'post',
  path: '/clients/{id}/revalidate',
  tags,
  summary: 'Recarregar o cache do cliente (indicadores e itens de lista e busca)',
  guard: { permission: { action: 'update', subject: 'clientes' } },
  request: { params: IdParams },
  responses: { 200: json(Client, 'Revalidado'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const clientsRoutes = router()
  .openapi(list, async (c) => {
    const { items, nextCursor, scope } = await Clients.list(c.req.valid('query'));
    return c.json({ items, nextCursor, scope }, 200);
  })
  .openapi(get, async (c) => c.json(await Clients.get(c.req.valid('param').id), 200))
  .openapi(create, async (c) => c.json(await Clients.create(c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Clients.update(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(revalidate, async (c) => c.json(await Clients.revalidate(c.req.valid('param').id), 200));
