import type { Client, ClientSummary } from '@ev/shared/schemas/clients';
import { describe, expectTypeOf, it } from 'vitest';
import type { Page } from '../db/query';
import type { ClientRecord, ClientsRepository, publicClient } from './repository';

/** Checked by the type checker (npm run typecheck): the client is written once, in its schema. */
describe('the stored client type', () => {
  it('is the schema client plus bookkeeping, with no open index signature', () => {
    expectTypeOf<ClientRecord>().not.toHaveProperty('anything');
    expectTypeOf<string extends keyof ClientRecord ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<ClientRecord>().toExtend<Client>();
    expectTypeOf<ClientRecord['name']>().toEqualTypeOf<string>();
  });

  it('answers the schema types', () => {
    expectTypeOf<ReturnType<typeof publicClient>>().toEqualTypeOf<Client>();
    expectTypeOf<ReturnType<typeof ClientsRepository.list>>().toEqualTypeOf<Promise<Page<ClientSummary>>>();
  });
});
