import { z } from 'zod';
import { DomainError } from '@ev/core/errors';
import { Ports } from '@ev/core/ports';
import { CEP_NOT_FOUND, normalizeCep } from '@ev/core/ports/cep';
import { CepAddress } from '@ev/shared/schemas/cep';
import { router } from '../http/router';
import { answers, json } from '../http/openapi';
import { can, routes } from '../http/route';

/** A CEP as people type it: 8 digits, the dash optional. Anything else gets the not-found text on `cep`. */
const CepParams = z.object({ cep: z.string().regex(/^\d{5}-?\d{3}$/, { error: CEP_NOT_FOUND }) });

const get = routes('cep')('get', '/cep/{cep}', can('read', 'endereços'), 'Endereço de um CEP (para preencher o formulário de endereço)',
  answers(json(CepAddress, 'O endereço'), 400, 401, 403, 404), { params: CepParams });

export const cepRoutes = router().openapi(get, async (c) => {
  // The schema admits only 8 digits with an optional dash, so normalising cannot fail here.
  const cep = normalizeCep(c.req.valid('param').cep)!;
  const address = await Ports.cep().lookup(cep);
  if (!address) throw new DomainError('cep.not_found', CEP_NOT_FOUND, 'not_found', { fields: [{ field: 'cep', message: CEP_NOT_FOUND }] });
  return c.json(address, 200);
});
