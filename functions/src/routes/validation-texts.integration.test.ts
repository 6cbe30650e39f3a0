import { beforeAll, describe, expect, it } from 'vitest';
import { hasLabel } from '@ev/shared/field-labels';
import { call, makeWorld, type World } from '../testing/world';

/**
 * The API's 400 names each field by its label in Brazilian Portuguese (docs/texts.md "Validation
 * messages"), for the issues a schema gives no message of its own as well.
 */
let w: World;
let token: string;

beforeAll(async () => {
  w = await makeWorld('Textos');
  token = (await w.login(w.admin.email)).accessToken;
});

const EUROPEAN = /registo|demasiad|esperava|ficheiro|utilizador|entrada inválida/i;

describe('validation messages', () => {
  it('answers an over-long text with its field and a Brazilian Portuguese reason naming its label (an unknown key is left out)', async () => {
    const res = await call('POST', '/api/messages/templates', {
      token,
      body: { name: 'aviso_entrega', category: 'utility', language: 'pt_BR', headerExample: 'x'.repeat(201), body: 'Olá.', campoQueNaoExiste: 'x' },
    });
    expect(res.status).toBe(400);
    const reason = 'O campo Exemplo do cabeçalho deve ter no máximo 200 caracteres.';
    expect(res.body).toMatchObject({
      code: 'validation',
      message: reason,
      key: 'zod.maxChars',
      fields: [{ field: 'headerExample', message: reason }],
      fieldTexts: [{ field: 'headerExample', key: 'zod.maxChars', params: { label: 'Exemplo do cabeçalho', labelKey: 'labels.headerExample', maximum: '200' } }],
    });
    expect(JSON.stringify(res.body)).not.toMatch(EUROPEAN);
    // Unknown keys are stripped, as zod's objects do by default (docs/texts.md): not a field error.
    expect(res.body.fields).toHaveLength(1);
  });

  it('names a wrong type and a missing field by their labels', async () => {
    const res = await call('POST', '/api/messages/templates', { token, body: { name: 'aviso', category: 'utility', language: 'pt_BR', bodyExamples: 'um' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'bodyExamples', message: 'O campo Exemplos do corpo deve ser uma lista.' },
        { field: 'body', message: expect.stringMatching(/corpo/i) },
      ]),
    );
    expect(JSON.stringify(res.body)).not.toMatch(EUROPEAN);
  });

  it('has a label for every field of every request the API documents', async () => {
    const doc = (await call('GET', '/api/openapi.json', { token })).body;
    const schemas: Record<string, unknown> = doc.components?.schemas ?? {};
    const names = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (s: unknown): void => {
      if (!s || typeof s !== 'object' || seen.has(s)) return;
      seen.add(s);
      const node = s as Record<string, unknown>;
      if (typeof node.$ref === 'string') return walk(schemas[node.$ref.split('/').pop()!]);
      for (const [name, value] of Object.entries((node.properties as Record<string, unknown>) ?? {})) {
        names.add(name);
        walk(value);
      }
      for (const k of ['items', 'additionalProperties', 'not']) walk(node[k]);
      for (const k of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) for (const x of (node[k] as unknown[]) ?? []) walk(x);
    };
    for (const operations of Object.values<Record<string, { parameters?: { name: string }[]; requestBody?: { content?: Record<string, { schema?: unknown }> } }>>(doc.paths)) {
      for (const op of Object.values(operations)) {
        for (const p of op.parameters ?? []) names.add(p.name);
        for (const content of Object.values(op.requestBody?.content ?? {})) walk(content.schema);
      }
    }
    expect(names.size).toBeGreaterThan(100);
    expect([...names].filter((n) => !hasLabel(n)).sort()).toEqual([]);
  });
});
