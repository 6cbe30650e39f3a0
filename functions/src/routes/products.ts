import { Products } from '@ev/core/products/index';
import { IdParams } from '@ev/shared/schemas/common';
import { Product, ProductCreate, ProductsListQuery, ProductsPage, ProductUpdate } from '@ev/shared/schemas/products';
import { body, errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

const tags = ['products'];

const list = defineRoute({
  method: 'get',
  path: '/products',
  tags,
  summary: 'Produtos: busca por referência, palavras do nome ou código de barras; filtros por grupos, empresas de produtos e situação',
  guard: { permission: { action: 'read', subject: 'produtos' } },
  request: { query: ProductsListQuery },
  responses: { 200: json(ProductsPage, 'Uma página'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

const get = defineRoute({
  method: 'get',
  path: '/products/{id}',
  tags,
  summary: 'Um produto',
  guard: { permission: { action: 'read', subject: 'produtos' } },
  request: { params: IdParams },
  responses: { 200: json(Product, 'O produto'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const create = defineRoute({
  method: 'post',
  path: '/products',
  tags,
  summary: 'Cadastrar um produto (referência e código de barras únicos na empresa: 409)',
  guard: { permission: { action: 'create', subject: 'produtos' } },
  request: body(ProductCreate),
  responses: { 201: json(Product, 'Criado'), 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409] },
});

const update = defineRoute({
  method: 'put',
  path: '/products/{id}',
  tags,
  summary: 'Alterar um produto (com a versão lida). Produtos não são excluídos: use a situação inativo',
  guard: { permission: { action: 'update', subject: 'produtos' } },
  request: { params: IdParams, ...body(ProductUpdate) },
  responses: { 200: json(Product, 'Alterado'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

const revalidate = defineRoute({
  method: 'post',
  path: '/products/{id}/revalidate',
  tags,
  summary: 'Recarregar o cache do produto (nome da unidade e itens de lista e busca)',
  guard: { permission: { action: 'update', subject: 'produtos' } },
  request: { params: IdParams },
  responses: { 200: json(Product, 'Revalidado'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const productsRoutes = router()
  .openapi(list, async (c) => {
    const { items, nextCursor } = await Products.list(c.req.valid('query'));
    return c.json({ items, nextCursor }, 200);
  })
  .openapi(get, async (c) => c.json(await Products.get(c.req.valid('param').id), 200))
  .openapi(create, async (c) => c.json(await Products.create(c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Products.update(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(revalidate, async (c) => c.json(await Products.revalidate(c.req.valid('param').id), 200));
