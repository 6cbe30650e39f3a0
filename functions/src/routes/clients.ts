import { Clients } from '@ev/core/clients';
import { Client, ClientCreate, ClientsListQuery, ClientsPage, ClientUpdate } from '@ev/shared/schemas/clients';
import { routes } from '../http/route';
import { recordRoutes, revalidation } from '../http/route-sets';
import { router } from '../http/router';

const route = routes('clients');
const { list, get, create, update } = recordRoutes(route, '/clients', 'clientes', Client, {
  list: {
    summary: 'Clientes no seu escopo: filtros e busca por palavras do nome ou apelido, CPF/CNPJ ou telefone',
    query: ClientsListQuery,
    page: ClientsPage,
    description: 'Uma página, com o escopo lido',
  },
  get: { summary: 'Um cliente', description: 'O cliente' },
  create: { summary: 'Cadastrar um cliente (telefone repetido: 409 clients.phone_repeated, reenviar com confirmRepeatedPhone)', input: ClientCreate },
  update: { summary: 'Alterar um cliente (com a versão lida)', input: ClientUpdate },
});
const revalidate = revalidation(route, '/clients', 'clientes', Client, 'Recarregar o cache do cliente (indicadores e itens de lista e busca)');

export const clientsRoutes = router()
  .openapi(list, async (c) => {
    const { items, nextCursor, scope } = await Clients.list(c.req.valid('query'));
    return c.json({ items, nextCursor, scope }, 200);
  })
  .openapi(get, async (c) => c.json(await Clients.get(c.req.valid('param').id), 200))
  .openapi(create, async (c) => c.json(await Clients.create(c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Clients.update(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(revalidate, async (c) => c.json(await Clients.revalidate(c.req.valid('param').id), 200));
