import { z } from '../zod';

/**
 * The address of a CEP, as the CEP port answers it and `GET /api/cep/{cep}` sends it: one schema for
 * the port (core), the route (OpenAPI) and the form that fills an address (web).
 */
export const CepAddress = z.object({
  /** 8 digits, no dash. */
  cep: z.string().regex(/^\d{8}$/),
  street: z.string().max(500),
  neighborhood: z.string().max(500),
  city: z.string().max(200),
  /** UF, two letters. */
  state: z.string().length(2),
  complement: z.string().max(500),
  /** The IBGE code of the city (7 digits). */
  ibge: z.string().max(20),
});
export type CepAddress = z.infer<typeof CepAddress>;
