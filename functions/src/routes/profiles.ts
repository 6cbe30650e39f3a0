import { router } from '../http/router';
import { IdParams, page } from '@ev/shared/schemas/common';
import { Profile, ProfilesListQuery } from '@ev/shared/schemas/profiles';
import { Profiles } from '@ev/core/profiles';
import { errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';

const tags = ['profiles'];

const list = defineRoute({
  method: 'get',
  path: '/profiles',
  tags,
  summary: 'Perfis de permissão da empresa',
  guard: { permission: { action: 'read', subject: 'permissões' } },
  request: { query: ProfilesListQuery },
  responses: { 200: json(page(Profile), 'Uma página'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

const get = defineRoute({
  method: 'get',
  path: '/profiles/{id}',
  tags,
  summary: 'Um perfil com suas regras',
  guard: { permission: { action: 'read', subject: 'permissões' } },
  request: { params: IdParams },
  responses: { 200: json(Profile, 'O perfil'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const profilesRoutes = router()
  .openapi(list, async (c) => c.json(await Profiles.list(c.req.valid('query')), 200))
  .openapi(get, async (c) => c.json(await Profiles.get(c.req.valid('param').id), 200));
