import { describe, expect, it } from 'vitest';
import { templatesOf } from './texts';
import { issueText, z } from './zod';
import { ZodTexts } from './zod-issues';

/**
 * Every issue zod can raise, in each of its variants (origins, inclusive or exclusive bounds,
 * exact sizes, formats, expected types), gets our Brazilian Portuguese naming the field by its
 * label (docs/texts.md), never zod's European Portuguese.
 */
const EUROPEAN = /registo|demasiad|esperava|ficheiro|utilizador|introduz|ecrã|telemóvel|contacto|facto|receção|seleccion|actual|tuplo|vetor|entrada inválida|opção inválida|chaves? inválidas?:/i;

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const file = (bytes: number) => new File(['x'.repeat(bytes)], 'nota.txt', { type: 'text/plain' });
const jsonString = z.string().superRefine((v, ctx) => {
  if (v !== '{}') ctx.addIssue({ code: 'invalid_format', format: 'json_string', input: v });
});

type Case = [name: string, schema: z.ZodType, input: unknown, key: string, message: string];

/** Each case validates `{ installmentValue: input }`: the field the spec names 'Valor da parcela'. */
const CASES: Case[] = [
  // invalid_type, per expected type; a missing or null field is a required one.
  ['missing', z.string(), undefined, 'required', 'O campo Valor da parcela é obrigatório.'],
  ['null', z.number(), null, 'required', 'O campo Valor da parcela é obrigatório.'],
  ['nonoptional', z.string().optional().nonoptional(), undefined, 'required', 'O campo Valor da parcela é obrigatório.'],
  ['string', z.string(), 12, 'typeString', 'O campo Valor da parcela deve ser um texto.'],
  ['number', z.number(), '12', 'typeNumber', 'O campo Valor da parcela deve ser um número.'],
  ['NaN', z.number(), Number.NaN, 'typeNumber', 'O campo Valor da parcela deve ser um número.'],
  ['int', z.int(), 1.5, 'typeInteger', 'O campo Valor da parcela deve ser um número inteiro.'],
  ['bigint', z.bigint(), 'doze', 'typeInteger', 'O campo Valor da parcela deve ser um número inteiro.'],
  ['boolean', z.boolean(), 'sim', 'typeBoolean', 'O campo Valor da parcela deve ser sim ou não.'],
  ['date', z.date(), 'ontem', 'typeDate', 'O campo Valor da parcela deve ser uma data válida.'],
  ['array', z.array(z.string()), 'a', 'typeList', 'O campo Valor da parcela deve ser uma lista.'],
  ['tuple', z.tuple([z.string()]), 'a', 'typeList', 'O campo Valor da parcela deve ser uma lista.'],
  ['set', z.set(z.string()), 'a', 'typeList', 'O campo Valor da parcela deve ser uma lista.'],
  ['object', z.object({ a: z.string() }), 'a', 'typeObject', 'O campo Valor da parcela deve ser um objeto (campos e valores).'],
  ['record', z.record(z.string(), z.string()), 'a', 'typeObject', 'O campo Valor da parcela deve ser um objeto (campos e valores).'],
  ['map', z.map(z.string(), z.string()), 'a', 'typeObject', 'O campo Valor da parcela deve ser um objeto (campos e valores).'],
  ['file', z.file(), 'a', 'typeFile', 'O campo Valor da parcela deve ser um arquivo.'],
  ['null expected', z.null(), 'a', 'typeNull', 'O campo Valor da parcela deve ficar vazio.'],
  ['never', z.never(), 'a', 'typeAbsent', 'O campo Valor da parcela não deve ser informado.'],
  ['undefined expected', z.undefined(), 'a', 'typeAbsent', 'O campo Valor da parcela não deve ser informado.'],
  ['symbol', z.symbol(), 'a', 'typeOther', 'O campo Valor da parcela tem um valor de tipo inválido.'],
  ['function', z.function(), 'a', 'typeOther', 'O campo Valor da parcela tem um valor de tipo inválido.'],
  // too_big, per origin.
  ['string max', z.string().max(500), 'x'.repeat(501), 'maxChars', 'O campo Valor da parcela deve ter no máximo 500 caracteres.'],
  ['string max 1', z.string().max(1), 'ab', 'maxOneChar', 'O campo Valor da parcela deve ter no máximo 1 caractere.'],
  ['string length, longer', z.string().length(8), '123456789', 'exactChars', 'O campo Valor da parcela deve ter exatamente 8 caracteres.'],
  ['array max', z.array(z.number()).max(2), [1, 2, 3], 'maxItems', 'O campo Valor da parcela deve ter no máximo 2 itens.'],
  ['array max 1', z.array(z.number()).max(1), [1, 2], 'maxOneItem', 'O campo Valor da parcela deve ter no máximo 1 item.'],
  ['array length, longer', z.array(z.number()).length(2), [1, 2, 3], 'exactItems', 'O campo Valor da parcela deve ter exatamente 2 itens.'],
  ['set max', z.set(z.number()).max(1_000), new Set(Array.from({ length: 1_001 }, (_, i) => i)), 'maxItems', 'O campo Valor da parcela deve ter no máximo 1.000 itens.'],
  ['set size, larger', z.set(z.number()).size(1), new Set([1, 2]), 'exactItems', 'O campo Valor da parcela deve ter exatamente 1 itens.'],
  ['file size, larger', z.file().check(z.size(3)), file(4), 'exactBytes', 'O arquivo do campo Valor da parcela deve ter exatamente 3 bytes.'],
  ['file max', z.file().max(4), file(5), 'maxBytes', 'O arquivo do campo Valor da parcela deve ter no máximo 4 bytes.'],
  ['number max', z.number().max(99.5), 100, 'maxNumber', 'O campo Valor da parcela deve ser no máximo 99,5.'],
  ['number lt', z.number().lt(100), 100, 'lessNumber', 'O campo Valor da parcela deve ser menor que 100.'],
  ['int max', z.int().max(10_000), 10_001, 'maxNumber', 'O campo Valor da parcela deve ser no máximo 10.000.'],
  ['bigint max', z.bigint().max(5n), 6n, 'maxNumber', 'O campo Valor da parcela deve ser no máximo 5.'],
  ['bigint lt', z.bigint().lt(5n), 5n, 'lessNumber', 'O campo Valor da parcela deve ser menor que 5.'],
  ['date max', z.date().max(day('2026-11-30')), day('2026-12-01'), 'maxDate', 'O campo Valor da parcela deve ser uma data até 30/11/2026.'],
  ['date lt', z.date().check(z.lt(day('2026-11-30'))), day('2026-11-30'), 'beforeDate', 'O campo Valor da parcela deve ser uma data anterior a 30/11/2026.'],
  // too_small, per origin.
  ['string empty', z.string().min(1), '', 'required', 'O campo Valor da parcela é obrigatório.'],
  ['string min', z.string().min(8), 'abc', 'minChars', 'O campo Valor da parcela deve ter pelo menos 8 caracteres.'],
  ['string length, shorter', z.string().length(8), 'abc', 'exactChars', 'O campo Valor da parcela deve ter exatamente 8 caracteres.'],
  ['array empty', z.array(z.number()).min(1), [], 'minOneItem', 'O campo Valor da parcela deve ter pelo menos 1 item.'],
  ['array min', z.array(z.number()).min(3), [1], 'minItems', 'O campo Valor da parcela deve ter pelo menos 3 itens.'],
  ['array nonempty', z.array(z.number()).nonempty(), [], 'minOneItem', 'O campo Valor da parcela deve ter pelo menos 1 item.'],
  ['set min', z.set(z.number()).min(2), new Set([1]), 'minItems', 'O campo Valor da parcela deve ter pelo menos 2 itens.'],
  ['file min', z.file().min(10), file(5), 'minBytes', 'O arquivo do campo Valor da parcela deve ter pelo menos 10 bytes.'],
  ['number min', z.number().min(0.01), 0, 'minNumber', 'O campo Valor da parcela deve ser no mínimo 0,01.'],
  ['number positive', z.number().positive(), 0, 'moreNumber', 'O campo Valor da parcela deve ser maior que 0.'],
  ['bigint min', z.bigint().min(1n), 0n, 'minNumber', 'O campo Valor da parcela deve ser no mínimo 1.'],
  ['bigint gt', z.bigint().gt(1n), 1n, 'moreNumber', 'O campo Valor da parcela deve ser maior que 1.'],
  ['date min', z.date().min(day('2026-01-02')), day('2026-01-01'), 'minDate', 'O campo Valor da parcela deve ser uma data a partir de 02/01/2026.'],
  ['date gt', z.date().check(z.gt(day('2026-01-02'))), day('2026-01-02'), 'afterDate', 'O campo Valor da parcela deve ser uma data posterior a 02/01/2026.'],
  // invalid_format, each format.
  ['email', z.email(), 'a@', 'formatEmail', 'O campo Valor da parcela deve ser um e-mail válido.'],
  ['url', z.url(), 'nada', 'formatUrl', 'O campo Valor da parcela deve ser um endereço (URL) válido.'],
  ['uuid', z.uuid(), '123', 'formatId', 'O campo Valor da parcela deve ser um identificador válido.'],
  ['guid', z.guid(), '123', 'formatId', 'O campo Valor da parcela deve ser um identificador válido.'],
  ['cuid', z.cuid(), '!', 'formatId', 'O campo Valor da parcela deve ser um identificador válido.'],
  ['ulid', z.ulid(), '!', 'formatId', 'O campo Valor da parcela deve ser um identificador válido.'],
  ['nanoid', z.nanoid(), '!', 'formatId', 'O campo Valor da parcela deve ser um identificador válido.'],
  ['iso date', z.iso.date(), '28/11/2026', 'formatDate', 'O campo Valor da parcela deve ser uma data válida no formato aaaa-mm-dd.'],
  ['iso datetime', z.iso.datetime(), '2026-11-28 10:00', 'formatDateTime', 'O campo Valor da parcela deve ser uma data e hora válidas (aaaa-mm-ddThh:mm:ss).'],
  ['iso time', z.iso.time(), '25h', 'formatTime', 'O campo Valor da parcela deve ser um horário válido (hh:mm).'],
  ['iso duration', z.iso.duration(), 'dois dias', 'formatDuration', 'O campo Valor da parcela deve ser uma duração válida.'],
  ['ipv4', z.ipv4(), '300.1.1.1', 'formatAddress', 'O campo Valor da parcela deve ser um endereço de rede válido.'],
  ['ipv6', z.ipv6(), 'x', 'formatAddress', 'O campo Valor da parcela deve ser um endereço de rede válido.'],
  ['cidrv4', z.cidrv4(), 'x', 'formatAddress', 'O campo Valor da parcela deve ser um endereço de rede válido.'],
  ['base64', z.base64(), '***', 'formatBase64', 'O campo Valor da parcela deve estar codificado em base64.'],
  ['base64url', z.base64url(), '***', 'formatBase64', 'O campo Valor da parcela deve estar codificado em base64.'],
  ['jwt', z.jwt(), 'abc', 'formatToken', 'O campo Valor da parcela deve ser um token válido.'],
  ['json string', jsonString, '{', 'formatJson', 'O campo Valor da parcela deve ser um JSON válido.'],
  ['e164', z.e164(), '31 99123-0076', 'formatPhone', 'O campo Valor da parcela deve ser um telefone no formato internacional (+5531991230076).'],
  ['lowercase', z.string().lowercase(), 'ABC', 'formatLowercase', 'O campo Valor da parcela deve estar em letras minúsculas.'],
  ['uppercase', z.string().uppercase(), 'abc', 'formatUppercase', 'O campo Valor da parcela deve estar em letras maiúsculas.'],
  ['starts with', z.string().startsWith('BR'), 'AR1', 'formatStartsWith', 'O campo Valor da parcela deve começar com "BR".'],
  ['ends with', z.string().endsWith('.csv'), 'a.txt', 'formatEndsWith', 'O campo Valor da parcela deve terminar com ".csv".'],
  ['includes', z.string().includes('@'), 'abc', 'formatIncludes', 'O campo Valor da parcela deve conter "@".'],
  ['regex', z.string().regex(/^\d+$/), 'abc', 'formatOther', 'O campo Valor da parcela está em um formato inválido.'],
  ['emoji', z.emoji(), 'a', 'formatOther', 'O campo Valor da parcela está em um formato inválido.'],
  // not_multiple_of.
  ['two decimals', z.number().multipleOf(0.01), 12.345, 'decimals', 'O campo Valor da parcela deve ter no máximo 2 casas decimais.'],
  ['one decimal', z.number().multipleOf(0.1), 1.25, 'oneDecimal', 'O campo Valor da parcela deve ter no máximo 1 casa decimal.'],
  ['multiple of 1', z.number().multipleOf(1), 1.5, 'typeInteger', 'O campo Valor da parcela deve ser um número inteiro.'],
  ['multiple of 5', z.number().multipleOf(5), 7, 'multipleOf', 'O campo Valor da parcela deve ser múltiplo de 5.'],
  ['bigint multiple', z.bigint().multipleOf(5n), 7n, 'multipleOf', 'O campo Valor da parcela deve ser múltiplo de 5.'],
  // invalid_union.
  ['union', z.union([z.string(), z.number()]), true, 'union', 'O campo Valor da parcela não está em nenhum dos formatos aceitos.'],
  ['union missing', z.union([z.string(), z.number()]), undefined, 'required', 'O campo Valor da parcela é obrigatório.'],
  ['xor', z.xor([z.string(), z.string().min(1)]), 'a', 'unionAmbiguous', 'O campo Valor da parcela corresponde a mais de um dos formatos aceitos.'],
  // invalid_key, invalid_element.
  ['record key', z.record(z.string().min(2), z.number()), { a: 1 }, 'invalidKey', 'O campo Valor da parcela tem uma chave inválida.'],
  ['map key', z.map(z.object({ a: z.string() }), z.number()), new Map([[{ a: 1 }, 1]]), 'invalidKey', 'O campo Valor da parcela tem uma chave inválida.'],
  ['map value', z.map(z.object({ a: z.string() }), z.number()), new Map([[{ a: 'a' }, 'b']]), 'invalidElement', 'O campo Valor da parcela tem um item inválido.'],
  ['record value', z.record(z.string(), z.number()), { nota: 'b' }, 'typeNumber', 'O campo Valor da parcela deve ser um número.'],
  // invalid_value.
  ['literal', z.literal('pending'), 'done', 'value', 'O campo Valor da parcela deve ser "pending".'],
  ['enum', z.enum(['pending', 'completed']), 'done', 'option', 'Escolha uma opção válida para o campo Valor da parcela: "pending", "completed".'],
  ['enum missing', z.enum(['pending', 'completed']), undefined, 'required', 'O campo Valor da parcela é obrigatório.'],
  // custom.
  ['refine', z.string().refine((v) => v === 'ok'), 'no', 'custom', 'O campo Valor da parcela é inválido.'],
  ['custom', z.custom<string>((v) => v === 'ok'), 'no', 'custom', 'O campo Valor da parcela é inválido.'],
];

function firstIssue(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input);
  expect(parsed.success).toBe(false);
  return parsed.error!.issues[0]!;
}

describe('zod issues in Brazilian Portuguese', () => {
  it.each(CASES)('%s', (_, schema, input, key, message) => {
    const issue = firstIssue(z.object({ installmentValue: schema }), { installmentValue: input });
    expect(issue.message).toBe(message);
    expect(issue.message).not.toMatch(EUROPEAN);
    expect(issueText(issue)).toMatchObject({ key: `zod.${key}` });
    if (issueText(issue)?.params && 'label' in issueText(issue)!.params!) expect(issueText(issue)!.params).toMatchObject({ label: 'Valor da parcela', labelKey: 'labels.installmentValue' });
  });

  it('names a discriminated union by its discriminator, and unknown keys by their own label', () => {
    const plan = z.discriminatedUnion('mode', [z.object({ mode: z.literal('perDay') }), z.object({ mode: z.literal('total') })]);
    expect(firstIssue(z.object({ plan }), { plan: { mode: 'weekly' } })).toMatchObject({
      path: ['plan', 'mode'],
      message: 'O campo Modo deve ser um destes: "perDay", "total".',
    });
    expect(firstIssue(z.strictObject({}), { installmentValue: 1 }).message).toBe('O campo Valor da parcela não é permitido aqui.');
    expect(firstIssue(z.strictObject({}), { installmentValue: 1, nota: 2 }).message).toBe('Os campos Valor da parcela, nota não são permitidos aqui.');
    // A name as sent is cut short: the message fits the error envelope (500 characters).
    expect(firstIssue(z.strictObject({}), { ['k'.repeat(5000)]: 1 }).message).toBe(`O campo ${'k'.repeat(57)}... não é permitido aqui.`);
  });

  it('names a field in a list by its own name, and the whole input when the path has none', () => {
    const items = z.array(z.object({ quantity: z.number().positive() }));
    expect(firstIssue(z.object({ items }), { items: [{ quantity: 1 }, { quantity: 0 }] })).toMatchObject({
      path: ['items', 1, 'quantity'],
      message: 'O campo Quantidade deve ser maior que 0.',
    });
    expect(firstIssue(z.object({}), 'texto').message).toBe('O campo Dados enviados deve ser um objeto (campos e valores).');
    // A field outside the catalogue is named as it was sent.
    expect(firstIssue(z.object({ obs: z.string().max(3) }), { obs: 'abcd' }).message).toBe('O campo obs deve ter no máximo 3 caracteres.');
  });

  it("leaves a schema's own message alone", () => {
    expect(firstIssue(z.object({ installmentValue: z.string().max(2, { error: 'Curto demais.' }) }), { installmentValue: 'abc' }).message).toBe('Curto demais.');
  });

  it('walks every text: each is produced by a case above', () => {
    const produced = new Set(CASES.map(([, , , key]) => `zod.${key}`));
    for (const key of ['unionOptions', 'unknownKey', 'unknownKeys']) produced.add(`zod.${key}`);
    expect(Object.keys(templatesOf(ZodTexts)).filter((k) => !produced.has(k))).toEqual([]);
    for (const template of Object.values(templatesOf(ZodTexts))) expect(template).not.toMatch(EUROPEAN);
  });
});
