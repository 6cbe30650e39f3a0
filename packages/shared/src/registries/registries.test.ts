import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Messages } from '../messages';
import { SUBJECTS } from '../permissions';
import { z } from '../zod';
import { defineRegistry, nameField, naturalKeyValue, observationsField } from './definition';
import { fixedScale, normalizeTerms, termDays, text } from './fields';
import { displayValue } from './format';
import { bearers } from './bearers';
import { campaigns, MAX_CAMPAIGN_TARGETS } from './campaigns';
import { REGISTRIES, registry } from './index';
import { natures } from './natures';
import { paymentsConditions } from './payments-conditions';
import { priceTables } from './price-tables';
import { units } from './units';
import { vehicles } from './vehicles';

/** Every JSON-schema string node without a maxLength (a UUID is bounded by its format), by path. */
function unboundedStrings(node: unknown, path = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  const n = node as Record<string, unknown>;
  const here = n.type === 'string' && n.enum === undefined && n.format !== 'uuid' && typeof n.maxLength !== 'number' ? [path || '(root)'] : [];
  return [...here, ...Object.entries(n).flatMap(([k, v]) => unboundedStrings(v, `${path}/${k}`))];
}

describe('the sixteen declarations', () => {
  it('are the routes of the spec (and the product companies), each with its subject', () => {
    expect(REGISTRIES.map((r) => [r.name, r.subject])).toEqual([
      ['bearers', 'portadores'],
      ['campaigns', 'campanhas'],
      ['drawings', 'sorteios'],
      ['flags', 'bandeiras'],
      ['natures', 'naturezas'],
      ['occurrences-types', 'tipos-ocorrências'],
      ['payments-conditions', 'pagamentos-condições'],
      ['price-tables', 'produtos'],
      ['product-companies', 'produtos'],
      ['product-groups', 'produtos'],
      ['reasons', 'motivos'],
      ['regions', 'regiões'],
      ['routes', 'rotas'],
      ['schedulings-types', 'agendamentos-tipos'],
      ['segments', 'segmentos'],
      ['sizes', 'tamanhos'],
      ['units', 'unidades'],
      ['vehicles', 'veículos'],
      ['wallets', 'carteiras'],
    ]);
    expect(units.detailSubject).toBe('clientes');
    for (const r of REGISTRIES) expect(SUBJECTS[r.subject]).toBeDefined();
    expect(registry('vehicles')).toBe(vehicles);
  });

  it('name every field they list, lay out and export, and lay out every field a user fills', () => {
    for (const r of REGISTRIES) {
      const laidOut = r.form.flatMap((s) => s.rows.flat());
      for (const f of Object.keys(r.input.shape)) expect(laidOut, `${r.name}.${f}`).toContain(f);
      for (const f of [...laidOut, ...r.columns.map((c) => c.field), ...r.csv.map((c) => c.field)]) expect(r.fields[f], `${r.name}.${f}`).toBeDefined();
      for (const spec of Object.values(r.fields)) expect(spec.label).toMatch(/^\p{Lu}/u);
      expect(r.sorts.map((s) => s.value)).toEqual(['name', '-name', 'newest']);
      expect(r.csv.length).toBeGreaterThan(0);
    }
  });

  it('bound every string they accept', () => {
    for (const r of REGISTRIES) {
      for (const schema of [r.input, r.update, r.listQuery, r.exportQuery]) {
        expect(unboundedStrings(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })), r.name).toEqual([]);
      }
      expect(unboundedStrings(z.toJSONSchema(r.record, { unrepresentable: 'any' })), r.name).toEqual([]);
    }
  });

  it('state their natural key and its message', () => {
    expect(bearers.naturalKey).toMatchObject({ field: 'name', message: 'Já existe um portador com este nome.' });
    expect(vehicles.naturalKey).toMatchObject({ field: 'plate', message: 'Já existe um veículo com esta placa.' });
    expect(paymentsConditions.naturalKey.message).toBe('Já existe uma condição de pagamento com este nome.');
    expect(naturalKeyValue('  São   Paulo ')).toBe(naturalKeyValue('SAO PAULO'));
  });

  it('filter by status only where the record has one', () => {
    expect(REGISTRIES.filter((r) => r.hasStatus).map((r) => r.name)).toEqual(['campaigns', 'natures']);
    expect(natures.filters).toEqual([{ field: 'status', label: 'Situação', options: [{ value: 'active', label: 'Ativo' }, { value: 'inactive', label: 'Inativo' }] }]);
    expect(natures.listQuery.safeParse({ status: 'inactive' }).success).toBe(true);
    expect(bearers.listQuery.parse({ status: 'inactive' })).not.toHaveProperty('status');
  });

  it('refuse a reserved field name or an unknown field in a layout', () => {
    expect(() => defineRegistry({ name: 'x', subject: 'sorteios', title: 'X', singular: 'X', gender: 'm', fields: { name: nameField(), version: text('Versão') } })).toThrow(/reserved/);
    expect(() =>
      defineRegistry({ name: 'x', subject: 'sorteios', title: 'X', singular: 'X', gender: 'm', fields: { name: nameField(), observations: observationsField() }, columns: ['nome' as 'name'] }),
    ).toThrow(/unknown field/);
  });
});

describe('payment terms', () => {
  it('are 0 to 365 days, typed as up to three digits', () => {
    expect(termDays('000')).toBe(0);
    expect(termDays('30')).toBe(30);
    expect(termDays(365)).toBe(365);
    for (const bad of ['366', '1000', '-1', '3a', '', 12.5, -1, null]) expect(termDays(bad), String(bad)).toBeNull();
  });

  it('come out deduplicated, sorted and within range, whatever comes in (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -50, max: 500 }), fc.stringMatching(/^\d{1,4}$/)), { maxLength: 40 }), (values) => {
        const out = normalizeTerms(values);
        expect(out).toEqual([...new Set(out)].sort((a, b) => a - b));
        for (const d of out) expect(d >= 0 && d <= 365).toBe(true);
        const parsed = paymentsConditions.input.shape.terms.safeParse(values);
        const anyInvalid = values.some((v) => termDays(v) === null);
        if (anyInvalid) expect(parsed.error?.issues.map((i) => i.message)).toContain(Messages.termInvalid);
        else if (out.length) expect(parsed.data).toEqual(out);
      }),
    );
  });
});

describe('values as shown', () => {
  it('keep decimals exact at their scale', () => {
    expect(fixedScale('10,5', 2)).toBe('10.50');
    expect(fixedScale('007', 4)).toBe('7.0000');
    expect(fixedScale('0.1', 2)).toBe('0.10');
  });

  it('read in Portuguese in lists and CSV', () => {
    expect(displayValue(bearers.fields.printsChecks, true)).toBe('Sim');
    expect(displayValue(bearers.fields.printsChecks, false)).toBe('Não');
    expect(displayValue(natures.fields.type, 'entry')).toBe('Entrada');
    expect(displayValue(natures.fields.cfop, '5102')).toBe('5.102');
    expect(displayValue(paymentsConditions.fields.terms, [0, 30, 60])).toBe('000/030/060');
    expect(displayValue(paymentsConditions.fields.minimumInvoice, '150.00')).toBe('150,00');
    expect(displayValue(vehicles.fields.plate, 'ABC1234')).toBe('ABC-1234');
    expect(displayValue(bearers.fields.code, null)).toBe('');
  });
});

describe('campaigns', () => {
  const base = { name: 'Caixa fechada', validFrom: '2026-12-01', validUntil: '2026-12-31', kind: 'discount', discountPercent: '5' };
  const issues = (body: Record<string, unknown>) => {
    const r = campaigns.input.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('ask the period, and the discount or the price of their kind', () => {
    expect(issues(base)).toEqual([]);
    expect(campaigns.input.parse(base)).toMatchObject({ discountPercent: '5.0000', status: 'active', productIds: [], branchIds: [] });
    expect(issues({ ...base, validFrom: null })).toEqual([['validFrom', 'O campo Válida de é obrigatório.']]);
    // A form's empty date field is no date: required where the field is, none where it is not.
    expect(issues({ ...base, validFrom: '' })).toEqual([['validFrom', 'O campo Válida de é obrigatório.']]);
    expect(priceTables.input.parse({ name: 'Atacado', validFrom: '' })).toMatchObject({ validFrom: null });
    expect(issues({ ...base, validUntil: '2026-11-30' })).toEqual([['validUntil', 'A data final da vigência deve ser igual ou posterior à data inicial.']]);
    expect(issues({ ...base, discountPercent: null })).toEqual([['discountPercent', 'Informe o desconto da campanha (de 0,01 a 100%).']]);
    expect(issues({ ...base, discountPercent: '100,5' })).toEqual([['discountPercent', 'O campo Desconto (%) deve estar entre 0 e 100.']]);
    expect(issues({ ...base, kind: 'price' })).toEqual([['price', 'Informe o preço da campanha.']]);
    expect(issues({ ...base, kind: 'price', price: '12,3456' })).toEqual([]);
  });

  it('keep their limits at or above the minimum quantity', () => {
    expect(issues({ ...base, minimumQuantity: '10', clientLimit: '5', totalLimit: '10' })).toEqual([['clientLimit', 'O limite deve ser maior ou igual à quantidade mínima da campanha.']]);
  });

  it('hold each id once, and at most what one save can write', () => {
    const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
    expect(campaigns.input.parse({ ...base, productIds: [id(1), id(2), id(1)] }).productIds).toEqual([id(1), id(2)]);
    expect(issues({ ...base, productIds: Array.from({ length: 101 }, (_, i) => id(i)) })).toEqual([['productIds', 'Escolha no máximo 100 itens no campo Produtos.']]);
    expect(issues({ ...base, productIds: ['x'] })[0]?.[0]).toBe('productIds.0');
    const many = { productGroupIds: Array.from({ length: 10 }, (_, i) => id(i)), regionIds: Array.from({ length: 6 }, (_, i) => id(100 + i)) };
    expect(issues({ ...base, ...many })).toEqual([['regionIds', `Uma campanha aponta para no máximo ${MAX_CAMPAIGN_TARGETS} empresas, grupos, segmentos e regiões somados. Para mais, deixe o campo em branco (vale para todos) ou divida a campanha.`]]);
  });

  it('count their registries as references and check products and branches to exist', () => {
    expect(campaigns.references.map((r) => [r.field, r.registry, r.many])).toEqual([
      ['productGroupIds', 'product-groups', true],
      ['productCompanyIds', 'product-companies', true],
      ['segmentIds', 'segments', true],
      ['regionIds', 'regions', true],
    ]);
    expect(campaigns.entityReferences).toEqual([
      { field: 'productIds', entity: 'products' },
      { field: 'branchIds', entity: 'branches' },
    ]);
  });
});
