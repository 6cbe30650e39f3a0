import { Products } from '@ev/core/products/index';
import { Product, ProductCreate, ProductsListQuery, ProductsPage, ProductUpdate } from '@ev/shared/schemas/products';
import { routes } from '../http/route';
import { recordRoutes, revalidation } from '../http/route-sets';
import { router } from '../http/router';

const route = routes('products');
const { list, get, create, update } = recordRoutes(route, '/products', 'produtos', Product, {
  list: {
    summary: 'Produtos: busca por referência, palavras do nome ou código de barras; filtros por grupos, empresas de produtos e situação',
    query: ProductsListQuery,
    page: ProductsPage,
  },
  get: { summary: 'Um produto', description: 'O produto' },
  create: { summary: 'Cadastrar um produto (referência e código de barras únicos na empresa: 409)', input: ProductCreate },
  update: { summary: 'Alterar um produto (com a versão lida). Produtos não são excluídos: use a situação inativo', input: ProductUpdate },
});
const revalidate = revalidation(route, '/products', 'produtos', Product, 'Recarregar o cache do produto (nome da unidade e itens de lista e busca)');

export const productsRoutes = router()
  .openapi(list, async (c) => {
    const { items, nextCursor } = await Products.list(c.req.valid('query'));
    return c.json({ items, nextCursor }, 200);
  })
  .openapi(get, async (c) => c.json(await Products.get(c.req.valid('param').id), 200))
  .openapi(create, async (c) => c.json(await Products.create(c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Products.update(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(revalidate, async (c) => c.json(await Products.revalidate(c.req.valid('param').id), 200));
