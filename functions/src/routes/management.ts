import { Management } from '@ev/core/management';
import { GeoPoints, GeoPointsQuery } from '@ev/shared/schemas/management';
import { answers, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { router } from '../http/router';

const geolocation = routes('management')('get', '/management/geolocation', can('dashboard', 'gerenciais'),
  'O mapa de geolocalização: onde as vendas foram fechadas e as visitas iniciadas (check-in), com a precisão em metros, num período das datas (padrão: hoje; até 31 dias), no seu escopo ou de um vendedor dele, por tipo (vendas, visitas ou ambos); até 2.000 registros de cada tipo (truncated acima); os registros sem geolocalização contados à parte; o centro, o zoom e o token de mapas da empresa',
  answers(json(GeoPoints, 'Os pontos do período, em ordem de data e hora'), 400, 401, 403), { query: GeoPointsQuery });

export const managementRoutes = router().openapi(geolocation, async (c) => c.json(await Management.geolocation(c.req.valid('query')), 200));
