import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { runAs } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { Messages } from '@ev/shared/messages';
import { fieldMessages } from '@ev/shared/registries/fields';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeWorld, type World } from '../testing/world';

/**
 * The special rules of the registries (spec section 5 and issue 5), each with its exact message,
 * through the API: what the server refuses, and how it normalises and derives what it accepts.
 */
let w: World;
let token: string;

beforeAll(async () => {
  w = await makeWorld('Regras');
  token = (await w.login(w.admin.email)).accessToken;
});

const post = (registry: string, body: unknown) => call('POST', `/api/${registry}`, { token, body });

/** A 400 whose fields include `field` with exactly `message`. */
async function refused(registry: string, body: unknown, field: string, message: string) {
  const res = await post(registry, body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.status).toBe('error');
  expect(res.body.fields, JSON.stringify(res.body)).toContainEqual({ field, message });
  return res;
}

async function created(registry: string, body: unknown) {
  const res = await post(registry, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('bearers: the bank code', () => {
  it('finds the bank and answers its name; a short code is padded to three digits', async () => {
    expect(await created('bearers', { name: 'Banco do Brasil', code: '1', digit: '9', printsBankSlip: true })).toMatchObject({
      code: '001',
      digit: '9',
      bankName: 'Banco do Brasil S.A.',
      printsBankSlip: true,
      printsChecks: false,
      generatesPaymentFile: false,
    });
    expect(await created('bearers', { name: 'Bradesco', code: '237', digit: '2' })).toMatchObject({ code: '237', bankName: 'Banco Bradesco S.A.' });
  });

  it("refuses a code no bank has, with the spec's message", async () => {
    const res = await refused('bearers', { name: 'Banco Inexistente', code: '999' }, 'code', Messages.bankUnknown);
    expect(res.body.message).toBe('O código inserido não pertence a nenhum banco cadastrado. Verifique se o mesmo está correto.');
    await refused('bearers', { name: 'Banco Inexistente', code: 'abc' }, 'code', Messages.bankUnknown);
  });

  it('allows no code (cash), and checks the digit', async () => {
    expect(await created('bearers', { name: 'Carteira / dinheiro', code: '' })).toMatchObject({ code: null, bankName: null, digit: null });
    expect(await created('bearers', { name: 'Caixa', code: '104', digit: 'x' })).toMatchObject({ digit: 'X' });
    await refused('bearers', { name: 'Itaú', code: '341', digit: 'A' }, 'digit', 'O dígito deve ser um número de 0 a 9 ou X.');
    await refused('bearers', { name: 'Itaú', code: '341', digit: '12' }, 'digit', fieldMessages.tooLong('Dígito', 1));
  });

  it('revalidation recomputes the bank name and the list and search items (reload cache)', async () => {
    const b = await created('bearers', { name: 'Santander Agência Centro', code: '033' });
    // A derived value gone stale (the bank list changed, an old write): the revalidation fixes it.
    await runAs({ tenantId: w.tenant.id }, () =>
      dynamoClient().send(
        new UpdateCommand({ TableName: tableName(), Key: Keys.registry('bearers', b.id), UpdateExpression: 'SET bankName = :n', ExpressionAttributeValues: { ':n': 'Nome antigo' } }),
      ),
    );
    expect((await call('GET', `/api/bearers/${b.id}`, { token })).body.bankName).toBe('Nome antigo');
    const res = await call('POST', `/api/bearers/${b.id}/revalidate`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bankName: 'BANCO SANTANDER (BRASIL) S.A.', version: 1 });
    expect((await call('GET', `/api/bearers/${b.id}`, { token })).body.bankName).toBe('BANCO SANTANDER (BRASIL) S.A.');
    const listed = await call('GET', '/api/bearers?q=santander', { token });
    expect(listed.body.items).toEqual([expect.objectContaining({ id: b.id, bankName: 'BANCO SANTANDER (BRASIL) S.A.' })]);
  });
});

describe('payment conditions: the terms', () => {
  it('removes duplicates, sorts, derives the installment count (read-only) and keeps 000 as cash', async () => {
    expect(await created('payments-conditions', { name: '30/60/90', terms: ['090', '030', '060', '030', 60], installments: 10 })).toMatchObject({
      terms: [30, 60, 90],
      installments: 3,
    });
    expect(await created('payments-conditions', { name: 'À vista', terms: ['000'] })).toMatchObject({ terms: [0], installments: 1 });
  });

  it("refuses a term outside 0 to 365 days with the spec's message, for the field terms", async () => {
    const message = 'O prazo inserido é inválido e foi removido. Insira um prazo entre 0 e 365 dias.';
    expect(Messages.termInvalid).toBe(message);
    for (const terms of [['366'], ['030', '400'], [-1], ['-01'], ['1000'], ['3a'], [12.5]]) {
      const res = await refused('payments-conditions', { name: 'Prazo errado', terms }, 'terms', message);
      expect(res.body.fields).toHaveLength(1);
    }
    await refused('payments-conditions', { name: 'Sem prazo', terms: [] }, 'terms', fieldMessages.termsRequired);
    expect(await created('payments-conditions', { name: 'Um ano', terms: ['365'] })).toMatchObject({ terms: [365] });
  });

  it('stores rates and the minimum invoice as decimal strings of fixed scale', async () => {
    const p = await created('payments-conditions', { name: '28/56', terms: ['28', '56'], discountRate: '2,5', surchargeRate: '1.25', minimumInvoice: '150' });
    expect(p).toMatchObject({ discountRate: '2.5000', surchargeRate: '1.2500', minimumInvoice: '150.00', showInPriceTables: true });
    await refused('payments-conditions', { name: 'X', terms: ['30'], discountRate: '1.23456' }, 'discountRate', fieldMessages.decimal('Taxa de desconto (%)', 4));
    await refused('payments-conditions', { name: 'X', terms: ['30'], discountRate: '101' }, 'discountRate', fieldMessages.decimalRange('Taxa de desconto (%)', '100'));
    await refused('payments-conditions', { name: 'X', terms: ['30'], minimumInvoice: '10.123' }, 'minimumInvoice', fieldMessages.decimal('Faturamento mínimo (R$)', 2));
    await refused('payments-conditions', { name: 'X', terms: ['30'], minimumInvoice: 10.5 }, 'minimumInvoice', fieldMessages.decimal('Faturamento mínimo (R$)', 2));
  });

  it('exports terms as 3-digit groups and decimals with a comma', async () => {
    const res = await call('GET', '/api/payments-conditions/export.csv?q=28', { token });
    const [header, row] = Papa.parse<string[]>(res.text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(header).toEqual([
      'Nome',
      'Prazos (dias)',
      'Taxa de desconto (%)',
      'Taxa de acréscimo (%)',
      'Faturamento mínimo (R$)',
      'Exibir nas tabelas de preço',
      'Observações',
      'Quantidade de parcelas',
    ]);
    expect(row).toEqual(['28/56', '028/056', '2,5000', '1,2500', '150,00', 'Sim', '', '2']);
  });
});

describe('fiscal natures: CFOP, type and status', () => {
  it('derives the type from the first digit of the CFOP', async () => {
    expect(await created('natures', { name: 'Venda de mercadoria', cfop: '5.102', financialMovement: true })).toMatchObject({
      cfop: '5102',
      type: 'exit',
      status: 'active',
      financialMovement: true,
      ipi: false,
    });
    expect(await created('natures', { name: 'Devolução de venda', cfop: '1202', devolution: true, status: 'inactive' })).toMatchObject({ type: 'entry', status: 'inactive' });
    expect(await created('natures', { name: 'Venda interestadual', cfop: '6102', outOfState: true })).toMatchObject({ type: 'exit' });
  });

  it('refuses a CFOP that is not 4 digits starting 1-3 or 5-7', async () => {
    for (const cfop of ['4102', '8102', '0102', '510', '51020', 'abcd', '']) {
      await refused('natures', { name: 'CFOP errado', cfop }, 'cfop', cfop === '' ? fieldMessages.required('CFOP') : fieldMessages.cfop);
    }
    await refused('natures', { name: 'Status errado', cfop: '5102', status: 'talvez' }, 'status', fieldMessages.option('Situação'));
  });

  it('filters by status', async () => {
    const inactive = await call('GET', '/api/natures?status=inactive', { token });
    expect(inactive.body.items.map((n: { name: string }) => n.name)).toEqual(['Devolução de venda']);
    const active = await call('GET', '/api/natures?status=active&sort=-name', { token });
    expect(active.body.items.map((n: { name: string }) => n.name)).toEqual(['Venda interestadual', 'Venda de mercadoria']);
  });
});

describe('vehicles: plate, RENAVAM and chassis', () => {
  it('accepts the old plate and the Mercosul one, stored in upper case without the dash', async () => {
    expect(await created('vehicles', { plate: 'abc-1234', name: 'Caminhão baú', renavam: '00639884962', chassis: '9bwzzz377vt004251' })).toMatchObject({
      plate: 'ABC1234',
      renavam: '00639884962',
      chassis: '9BWZZZ377VT004251',
    });
    expect(await created('vehicles', { plate: 'BRA2E19', name: 'Utilitário', renavam: '639884962' })).toMatchObject({ plate: 'BRA2E19', renavam: '00639884962' });
  });

  it('keeps the plate unique per company, however it is typed', async () => {
    const res = await post('vehicles', { plate: 'ABC 1234', name: 'Outro' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'registry.duplicate', message: 'Já existe um veículo com esta placa.', fields: [{ field: 'plate' }] });
  });

  it('refuses a wrong plate, RENAVAM or chassis with its message', async () => {
    for (const plate of ['AB12345', 'ABCD123', 'ABC12345', '1234ABC', 'ABC1D2E']) await refused('vehicles', { plate, name: 'X' }, 'plate', fieldMessages.plate);
    for (const renavam of ['00639884961', '1234567890', '11111111111', 'abcdefghijk']) await refused('vehicles', { plate: 'XYZ9876', name: 'X', renavam }, 'renavam', fieldMessages.renavam);
    for (const chassis of ['9BWZZZ377VT00425I', '9BWZZZ377VT00425', '9BWZZZ377VT004251Q', '9BWZZZ377VTO04251']) {
      await refused('vehicles', { plate: 'XYZ9876', name: 'X', chassis }, 'chassis', fieldMessages.chassis);
    }
  });

  it('finds a vehicle by its plate as typed with or without the dash', async () => {
    for (const q of ['abc1', 'ABC-1234', 'bra2e']) {
      const res = await call('GET', `/api/vehicles?q=${encodeURIComponent(q)}`, { token });
      expect(res.body.items.length, q).toBe(1);
    }
  });
});

describe('card flags: CPF or CNPJ, the alphanumeric CNPJ included', () => {
  it('accepts a CPF, a numeric CNPJ and an alphanumeric one, stored with the mask', async () => {
    expect(await created('flags', { name: 'Visa', cpfcnpj: '12abc34501de35' })).toMatchObject({ cpfcnpj: '12.ABC.345/01DE-35' });
    expect(await created('flags', { name: 'Mastercard', cpfcnpj: '11.222.333/0001-81' })).toMatchObject({ cpfcnpj: '11.222.333/0001-81' });
    expect(await created('flags', { name: 'Elo', cpfcnpj: '52998224725' })).toMatchObject({ cpfcnpj: '529.982.247-25' });
    expect(await created('flags', { name: 'Hipercard' })).toMatchObject({ cpfcnpj: null });
  });

  it('refuses a wrong check digit or shape', async () => {
    for (const cpfcnpj of ['12.ABC.345/01DE-36', '12ABC34501DEAB', '529.982.247-26', '11111111111', '123']) {
      await refused('flags', { name: 'Falsa', cpfcnpj }, 'cpfcnpj', fieldMessages.document);
    }
  });
});

describe('scheduling types, occurrence types and wallets', () => {
  it('keeps the type of contact and an estimated date', async () => {
    expect(await created('schedulings-types', { name: 'Visita mensal', type: 'visit', estimatedDate: '2026-08-01' })).toMatchObject({ type: 'visit', estimatedDate: '2026-08-01' });
    expect(await created('schedulings-types', { name: 'Ligação de cobrança', type: 'call' })).toMatchObject({ type: 'call', estimatedDate: null });
    expect(await created('schedulings-types', { name: 'E-mail de boas-vindas', type: 'email' })).toMatchObject({ type: 'email' });
    await refused('schedulings-types', { name: 'Zap', type: 'whatsapp' }, 'type', fieldMessages.option('Forma de contato'));
    await refused('schedulings-types', { name: 'Data', estimatedDate: '2026-02-30' }, 'estimatedDate', 'Data inválida.');
  });

  it('keeps the occurrence type among general, commercial, financial and schedulings', async () => {
    for (const type of ['general', 'commercial', 'financial', 'schedulings']) {
      expect(await created('occurrences-types', { name: `Ocorrência ${type}`, type })).toMatchObject({ type });
    }
    await refused('occurrences-types', { name: 'Outra', type: 'other' }, 'type', fieldMessages.option('Tipo'));
  });

  it("keeps the wallet's generates-financial-movement flag", async () => {
    expect(await created('wallets', { name: 'Carteira simples', generatesFinancialMovement: true })).toMatchObject({ generatesFinancialMovement: true });
    expect(await created('wallets', { name: 'Carteira descontada' })).toMatchObject({ generatesFinancialMovement: false });
    await refused('wallets', { name: 'X', generatesFinancialMovement: 'sim' }, 'generatesFinancialMovement', fieldMessages.notBoolean('Gera movimentação financeira'));
  });
});

describe('every string has a maximum length', () => {
  it('answers the field and its limit in Portuguese', async () => {
    await refused('regions', { name: 'x'.repeat(121) }, 'name', 'O campo Nome deve ter no máximo 120 caracteres.');
    await refused('regions', { name: 'Região', observations: 'x'.repeat(1001) }, 'observations', 'O campo Observações deve ter no máximo 1000 caracteres.');
    await refused('regions', { name: '   ' }, 'name', 'O campo Nome é obrigatório.');
    await refused('regions', {}, 'name', 'O campo Nome é obrigatório.');
    const q = await call('GET', `/api/regions?q=${'a'.repeat(101)}`, { token });
    expect(q.status).toBe(400);
  });
});
