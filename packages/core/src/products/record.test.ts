import type { Product, ProductSummary } from '@ev/shared/schemas/products';
import { describe, expectTypeOf, it } from 'vitest';
import type { Page } from '../db/query';
import type { ProductRecord, ProductsRepository, publicProduct } from './repository';

/** Checked by the type checker (npm run typecheck): the product is written once, in its schema. */
describe('the stored product type', () => {
  it('is the schema product plus bookkeeping, with no open index signature', () => {
    expectTypeOf<ProductRecord>().not.toHaveProperty('anything');
    expectTypeOf<string extends keyof ProductRecord ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<ProductRecord>().toExtend<Product>();
  });

  it('answers the schema types', () => {
    expectTypeOf<ReturnType<typeof publicProduct>>().toEqualTypeOf<Product>();
    expectTypeOf<ReturnType<typeof ProductsRepository.list>>().toEqualTypeOf<Promise<Page<ProductSummary>>>();
  });
});
