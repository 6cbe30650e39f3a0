import { z } from 'zod';
import { call } from './world';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
}

/**
 * The API's contract as it publishes it (GET /api/openapi.json), read as a caller would: `check`
 * answers what is wrong with an answer (empty when nothing is): a path or a status the document does
 * not list, or a JSON body its schema for that status refuses (each issue with where it is). The
 * document's JSON Schemas are read back into zod schemas (`z.fromJSONSchema`, draft 2020-12, what
 * OpenAPI 3.1 uses), so the check is the document's and not the route's own zod schema.
 */
export async function openApiContract() {
  const doc = (await call('GET', '/api/openapi.json')).body as OpenApiDocument;
  // Literal segments before `{param}` ones: `/clients/dashboard` is not `/clients/{id}`.
  const templates = Object.keys(doc.paths)
    .map((template) => ({ template, segments: template.split('/'), params: template.split('{').length - 1 }))
    .sort((a, b) => a.params - b.params);
  const templateOf = (path: string) => {
    const segments = path.split('/');
    return templates.find((t) => t.segments.length === segments.length && t.segments.every((s, i) => (s.startsWith('{') ? segments[i] !== '' : s === segments[i])))?.template;
  };
  const schemas = new Map<string, z.ZodType>();

  return function check(method: string, url: string, res: { status: number; body: unknown }): string[] {
    const path = url.replace(/^\/api/, '').split('?')[0]!;
    const template = templateOf(path);
    const said = `${method} ${url}`;
    if (!template) return [`${said}: the path is not in the document`];
    const op = doc.paths[template]![method.toLowerCase()];
    if (!op) return [`${said}: ${method} ${template} is not in the document`];
    const response = op.responses?.[String(res.status)];
    if (!response) return [`${said}: ${res.status} is not an answer of ${method} ${template} (${JSON.stringify(res.body).slice(0, 200)})`];
    const json = response.content?.['application/json']?.schema;
    if (!json) return [];
    const key = `${method} ${template} ${res.status}`;
    let schema = schemas.get(key);
    if (!schema) schemas.set(key, (schema = z.fromJSONSchema(json as Parameters<typeof z.fromJSONSchema>[0])));
    const parsed = schema.safeParse(res.body);
    if (parsed.success) return [];
    const value = (at: PropertyKey[]) => at.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), res.body);
    return parsed.error.issues.slice(0, 5).map((i) => `${said} (${key}): ${i.path.join('.') || '(body)'}: ${i.message} (${JSON.stringify(value(i.path))})`);
  };
}
