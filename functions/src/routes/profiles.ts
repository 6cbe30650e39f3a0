import { router } from '../http/router';
import { IdParams, page } from '@ev/shared/schemas/common';
import { Profile, ProfileCopy, ProfileCreate, ProfilesListQuery, ProfileUpdate, ProfileVersion } from '@ev/shared/schemas/profiles';
import { Profiles } from '@ev/core/profiles';
import { answers, body, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { historyRoute, recordRoutes } from '../http/route-sets';

const route = routes('profiles');
const { list, get, create, update } = recordRoutes(route, '/profiles', 'permissões', Profile, {
  list: { summary: 'Perfis de permissão da empresa', query: ProfilesListQuery, page: page(Profile) },
  get: { summary: 'Um perfil com suas regras', description: 'O perfil' },
  create: { summary: 'Criar um perfil (a partir de um modelo: vendedor, gerente, administrador, funcionário, ou das regras dadas)', input: ProfileCreate },
  update: { summary: 'Alterar nome, regras e autorizador de liberação financeira de um perfil (com a versão lida)', input: ProfileUpdate },
});
const copy = route('post', '/profiles/{id}/copy', can('create', 'permissões'), 'Copiar um perfil com outro nome',
  answers({ 201: json(Profile, 'A cópia') }, 400, 401, 403, 404, 409), { params: IdParams, ...body(ProfileCopy) });
const deactivate = route('post', '/profiles/{id}/deactivate', can('update', 'permissões'), 'Desativar um perfil: seus usuários deixam de acessar o sistema',
  answers(json(Profile, 'Desativado'), 400, 401, 403, 404, 409), { params: IdParams, ...body(ProfileVersion) });
const activate = route('post', '/profiles/{id}/activate', can('update', 'permissões'), 'Reativar um perfil',
  answers(json(Profile, 'Reativado'), 400, 401, 403, 404, 409), { params: IdParams, ...body(ProfileVersion) });
const history = historyRoute(route, '/profiles', 'permissões');

export const profilesRoutes = router()
  .openapi(list, async (c) => c.json(await Profiles.list(c.req.valid('query')), 200))
  .openapi(get, async (c) => c.json(await Profiles.get(c.req.valid('param').id), 200))
  .openapi(history, async (c) => c.json(await Profiles.history(c.req.valid('param').id, c.req.valid('query')), 200))
  .openapi(create, async (c) => c.json(await Profiles.create(c.req.valid('json')), 201))
  .openapi(copy, async (c) => c.json(await Profiles.copy(c.req.valid('param').id, c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Profiles.update(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(deactivate, async (c) => c.json(await Profiles.setActive(c.req.valid('param').id, false, c.req.valid('json')), 200))
  .openapi(activate, async (c) => c.json(await Profiles.setActive(c.req.valid('param').id, true, c.req.valid('json')), 200));
