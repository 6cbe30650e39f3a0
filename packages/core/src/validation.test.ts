import { describe, expect, it } from 'vitest';
import { z } from '@ev/shared/zod';
import { DomainError } from './errors';
import { parseInput } from './validation';

/** A domain function's own validation answers the API's 400: each field by its label, in Brazilian Portuguese. */
describe('parseInput', () => {
  const Input = z.strictObject({ installmentValue: z.string().max(10), observations: z.string().max(5).optional() });

  function refusal(input: unknown): DomainError {
    try {
      parseInput(Input, input);
    } catch (e) {
      if (e instanceof DomainError) return e;
      throw e;
    }
    throw new Error('accepted');
  }

  it('names the over-long field by its label, and each unknown key as a field of its own', () => {
    const e = refusal({ installmentValue: '12345678901', observations: 'abcdef', nota: 1, valor: 2 });
    expect(e.kind).toBe('validation');
    expect(e.extra.fields).toEqual([
      { field: 'installmentValue', message: 'O campo Valor da parcela deve ter no máximo 10 caracteres.', key: 'zod.maxChars', params: { label: 'Valor da parcela', labelKey: 'labels.installmentValue', maximum: '10' } },
      { field: 'observations', message: 'O campo Observações deve ter no máximo 5 caracteres.', key: 'zod.maxChars', params: { label: 'Observações', labelKey: 'labels.observations', maximum: '5' } },
      { field: 'nota', message: 'O campo nota não é permitido aqui.', key: 'zod.unknownKey', params: { label: 'nota' } },
      { field: 'valor', message: 'O campo valor não é permitido aqui.', key: 'zod.unknownKey', params: { label: 'valor' } },
    ]);
    expect(e.message).toMatch(/^Dados inválidos|Verifique|installmentValue: O campo Valor da parcela/);
    expect(e.message).not.toMatch(/registo|demasiad|esperava|chaves? inválidas?:/i);
  });

  it('says a missing field is required', () => {
    expect(refusal({}).extra.fields).toEqual([expect.objectContaining({ field: 'installmentValue', message: 'O campo Valor da parcela é obrigatório.', key: 'zod.required' })]);
  });
});
