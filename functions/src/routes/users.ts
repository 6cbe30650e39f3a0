import { router } from '../http/router';
import { IdParams, page } from '@ev/shared/schemas/common';
import { User, UserCreate, UserSummary, UserUpdate, UsersListQuery } from '@ev/shared/schemas/users';
import { Users } from '@ev/core/users';
import { answers, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { historyRoute, recordRoutes } from '../http/route-sets';

const route = routes('users');
const { list, get, create, update } = recordRoutes(route, '/users', 'usuarios', User, {
  list: { summary: 'Usuários no seu escopo (busca por palavras do nome e e-mail)', query: UsersListQuery, page: page(UserSummary) },
  get: { summary: 'Um usuário', description: 'O usuário' },
  create: { summary: 'Cadastrar um usuário', input: UserCreate },
  update: { summary: 'Alterar um usuário (com a versão lida)', input: UserUpdate },
});
const deactivate = route('delete', '/users/{id}', can('delete', 'usuarios'), 'Desativar um usuário (encerra as sessões dele; nunca o próprio nem o último que pode alterar permissões)',
  answers(json(User, 'Desativado'), 400, 401, 403, 404, 409), { params: IdParams });
const reactivate = route('post', '/users/{id}/reactivate', can('update', 'usuarios'), 'Reativar um usuário desativado (volta a entrar com a senha que tinha)',
  answers(json(User, 'Reativado'), 400, 401, 403, 404, 409), { params: IdParams });
const resetPassword = route('post', '/users/{id}/reset-password', can('update', 'usuarios'),
  'Redefinir a senha de um usuário: a atual deixa de valer, as sessões dele terminam e uma senha temporária vai por e-mail',
  answers(json(User, 'Senha temporária enviada'), 400, 401, 403, 404, 409), { params: IdParams });

const history = historyRoute(route, '/users', 'usuarios');

export const usersRoutes = router()
  .openapi(list, async (c) => {
    const { items, nextCursor } = await Users.list(c.req.valid('query'));
    return c.json({ items, nextCursor }, 200);
  })
  .openapi(get, async (c) => c.json(await Users.get(c.req.valid('param').id), 200))
  .openapi(history, async (c) => c.json(await Users.history(c.req.valid('param').id, c.req.valid('query')), 200))
  .openapi(create, async (c) => c.json(await Users.create(c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Users.update(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(deactivate, async (c) => c.json(await Users.deactivate(c.req.valid('param').id), 200))
  .openapi(reactivate, async (c) => c.json(await Users.reactivate(c.req.valid('param').id), 200))
  .openapi(resetPassword, async (c) => c.json(await Users.resetPassword(c.req.valid('param').id), 200));
