import { router } from '../http/router';
import { page } from '@ev/shared/schemas/common';
import { Profile, ProfilesListQuery } from '@ev/shared/schemas/profiles';
import { Profiles } from '@ev/core/profiles';
import { routes } from '../http/route';
import { listAndGet } from '../http/route-sets';

const { list, get } = listAndGet(routes('profiles'), '/profiles', 'permissões', Profile, {
  list: { summary: 'Perfis de permissão da empresa', query: ProfilesListQuery, page: page(Profile) },
  get: { summary: 'Um perfil com suas regras', description: 'O perfil' },
});

export const profilesRoutes = router()
  .openapi(list, async (c) => c.json(await Profiles.list(c.req.valid('query')), 200))
  .openapi(get, async (c) => c.json(await Profiles.get(c.req.valid('param').id), 200));
