import type { Page } from '@playwright/test';
import { AiTexts } from '../../packages/shared/src/schemas/ai';
import { signatureOf } from '../../packages/core/src/messages/webhook';
import { derivedSecret } from '../../packages/core/src/secrets';
import { call, makeWorld } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The AI area at 375 px (issue 46): a client's WhatsApp message opened in `/ai`, the assistant's
 * summary of the client read, a suggested reply taken into the answer box and sent, and the message
 * turned into a draft order (each line matched in the catalogue) that opens in order entry. A
 * company of its own: the match reads the whole catalogue, which other files' products would crowd.
 */
test.use({ viewport: { width: 375, height: 812 } });

/** Nothing of the page wider than the phone: the fixed-height page clips, so its main box must not scroll sideways. */
async function fitsWidth(page: Page) {
  expect(await page.locator('main').evaluate((m) => m.scrollWidth - m.clientWidth)).toBeLessThanOrEqual(0);
}

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Meta's envelope of an inbound text, signed with the company's sandbox secret and posted to the server's webhook (its queue applies it). */
async function inbound(page: Page, tenantId: string, from: string, text: string, name: string) {
  const at = Math.floor(Date.now() / 1000);
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '200000000000000', time: at, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551430030000', phone_number_id: '100000000000000' }, contacts: [{ profile: { name }, wa_id: from }], messages: [{ from, id: `wamid.E2E${letters(12)}`, timestamp: String(at), type: 'text', text: { body: text } }] } }] }],
  });
  const res = await page.request.post(`/api/webhooks/whatsapp/${tenantId}`, { data: raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(raw, derivedSecret('whatsapp.sandbox', tenantId)) } });
  expect(res.status()).toBe(200);
}

test('a client’s message: the summary, a suggested reply sent, and the message made a draft order opened in order entry', async ({ page }) => {
  test.setTimeout(90_000);
  const world = await makeWorld(`IA ${process.pid}`);
  const { accessToken: token } = await world.login(world.admin.email);
  const post = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token, body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  };
  expect((await call('PUT', '/api/messages/account', { token, body: { provider: 'sandbox' } })).status).toBe(200);
  const [unit, table] = await Promise.all([post('/api/units', { name: 'UN' }), post('/api/price-tables', { name: 'Varejo' })]);
  const product = async (name: string, ref: string, pack: string, price: string) => {
    const p = await post('/api/products', { ref, name, unitId: unit.id, package: pack });
    expect((await call('PUT', `/api/products/${p.id}/prices/${table.id}`, { token, body: { price } })).status).toBe(200);
  };
  await Promise.all([
    product('Água Mineral sem Gás 500ml', 'AG500', 'CX 12X500ML', '18.9'),
    product('Açúcar Cristal 1kg', 'AC1', 'FD 10X1KG', '42.5'),
    product('Arroz Agulhinha Tipo 1 5kg', 'AR5', 'FD 6X5KG', '129.9'),
  ]);
  const phone = '14998127364';
  await post('/api/clients', { name: 'Mercearia Bom Preço', nickname: 'Bom Preço', phone1: phone, birthDate: '1979-05-12', salesmanId: world.salesman.id, priceTableId: table.id });
  await inbound(page, world.tenant.id, `55${phone}`, 'Bom dia! manda 10 caixas de água 500ml e 5 fardos de açúcar', 'Seu Jorge');

  // The conversation, opened from the list.
  await loginAs(page, world, world.admin.email, '/ai');
  await expect(page.getByRole('heading', { level: 1, name: 'Atendimento com IA' })).toBeVisible();
  await expect(page.getByTestId('ai-usage')).toContainText('Assistente local (sem modelo de IA)');
  await expect(page.getByRole('link', { name: /Mercearia Bom Preço/ })).toBeVisible();
  await fitsWidth(page);
  await page.getByRole('link', { name: /Mercearia Bom Preço/ }).click();
  const chat = page.getByRole('region', { name: 'Conversa com Mercearia Bom Preço' });
  await expect(chat.getByText('Bom dia! manda 10 caixas de água 500ml e 5 fardos de açúcar')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The assistant: the client's summary, and a suggested reply taken into the answer box and sent.
  await chat.getByRole('button', { name: 'Assistente' }).click();
  const assistant = page.getByRole('complementary', { name: 'Assistente' });
  await expect(assistant.getByTestId('ai-summary')).toContainText('Mercearia Bom Preço');
  await expect(assistant.getByTestId('ai-summary')).toContainText('Nenhuma compra fechada ainda.');
  await assistant.getByRole('button', { name: 'Sugerir resposta' }).click();
  const suggestion = assistant.getByTestId('ai-reply-suggestion');
  await expect(suggestion).toContainText('Bom Preço');
  const suggested = (await suggestion.textContent())!.trim();
  expect(await seriousViolations(page)).toEqual([]);
  await assistant.getByRole('button', { name: 'Usar resposta' }).click();
  await expect(chat.getByLabel(/^Resposta \(texto livre até/)).toHaveValue(suggested);
  await chat.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(chat.getByRole('listitem').filter({ hasText: suggested })).toBeVisible();

  // The client's message read as an order: each line matched in the catalogue, checked, and made a draft.
  await chat.getByRole('button', { name: 'Montar pedido' }).click();
  await expect(assistant.getByLabel('Mensagem do pedido')).toHaveValue('Bom dia! manda 10 caixas de água 500ml e 5 fardos de açúcar');
  await assistant.getByRole('button', { name: 'Ler pedido' }).click();
  const lines = assistant.getByTestId('ai-draft-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByLabel('Produto').locator('option:checked')).toHaveText(/Água Mineral sem Gás 500ml/);
  await expect(lines.nth(0).getByLabel('Quantidade')).toHaveValue('10');
  await expect(lines.nth(1).getByLabel('Produto').locator('option:checked')).toHaveText(/Açúcar Cristal 1kg/);
  await expect(lines.nth(1).getByLabel('Quantidade')).toHaveValue('5');
  expect(await seriousViolations(page)).toEqual([]);
  // In the dark theme too (the system's scheme, which the app follows by default).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await assistant.getByRole('button', { name: 'Criar rascunho com 2 itens' }).click();

  // Order entry opens the draft: the client and the two lines, for the salesman to check and close.
  await expect(page).toHaveURL(/\/sales\/create\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('entry-client-info')).toContainText('Mercearia Bom Preço');
  await expect(page.getByText('Água Mineral sem Gás 500ml').first()).toBeVisible();
  await expect(page.getByText('Açúcar Cristal 1kg').first()).toBeVisible();
});

test('contacts: an unknown number made a client and linked, another linked to a client, a third blocked and unblocked', async ({ page }) => {
  test.setTimeout(90_000);
  const world = await makeWorld(`Contatos ${process.pid}`);
  const { accessToken: token } = await world.login(world.admin.email);
  expect((await call('PUT', '/api/messages/account', { token, body: { provider: 'sandbox' } })).status).toBe(200);
  const existing = await call('POST', '/api/clients', { token, body: { name: 'Padaria Trigo de Ouro', phone1: '1432345678', birthDate: '1980-01-01' } });
  expect(existing.status).toBe(201);
  await inbound(page, world.tenant.id, '5514991112233', 'Oi, vocês entregam em Bauru?', 'Dona Cida');
  await inbound(page, world.tenant.id, '5514992223344', 'Aqui é o Zé da padaria, troquei de número', 'Zé');
  await inbound(page, world.tenant.id, '5511993334455', 'Ganhe dinheiro fácil, clique aqui', 'Promo');

  await loginAs(page, world, world.admin.email, '/ai?view=contacts');
  const contacts = page.getByRole('list', { name: 'Contatos' });
  const card = (name: string) => contacts.getByTestId('ai-contact').filter({ hasText: name });
  await expect(card('Dona Cida')).toContainText('Oi, vocês entregam em Bauru?');
  await expect(contacts.getByTestId('ai-contact')).toHaveCount(3);
  await fitsWidth(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  // A number blocked after its question: it leaves the review list for the blocked one, and comes back unblocked.
  await card('Promo').getByRole('button', { name: 'Bloquear' }).click();
  const question = page.getByRole('alertdialog', { name: 'Bloquear Promo?' });
  await expect(question).toContainText('As mensagens que ele enviar continuam guardadas');
  await question.getByRole('button', { name: 'Bloquear' }).click();
  await expect(card('Promo')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Bloqueados' }).click();
  await expect(card('Promo')).toBeVisible();
  await card('Promo').getByRole('button', { name: 'Desbloquear' }).click();
  await expect(card('Promo')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Para revisar' }).click();
  await expect(card('Promo')).toBeVisible();

  // A number linked to a client found by the clients' search.
  await card('Zé').getByRole('button', { name: 'Vincular a cliente' }).click();
  const link = page.getByRole('dialog', { name: /^Vincular \+55 \(14\) 99222-3344/ });
  await link.getByRole('combobox', { name: 'Cliente' }).click();
  await page.getByRole('combobox', { name: 'Buscar cliente por nome, apelido ou documento' }).fill('Trigo');
  await page.getByRole('option', { name: /Padaria Trigo de Ouro/ }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await link.getByRole('button', { name: 'Vincular a cliente' }).click();
  await expect(card('Zé')).toHaveCount(0);

  // A number made a client: the form starts with its name and number, and the saved client is the contact's.
  await card('Dona Cida').getByRole('link', { name: 'Criar cliente' }).click();
  await expect(page.getByLabel('Nome/Razão social *')).toHaveValue('Dona Cida');
  await page.getByLabel('Data de nascimento *').fill('1962-08-20');
  await page.getByRole('tab', { name: 'Contatos' }).click();
  await expect(page.getByLabel('Telefone 1')).toHaveValue('(14) 99111-2233');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dona Cida' })).toBeVisible();

  await page.goto('/ai?view=contacts&status=linked');
  await expect(card('Padaria Trigo de Ouro')).toContainText('Aqui é o Zé da padaria');
  await expect(card('Dona Cida')).toContainText('Oi, vocês entregam em Bauru?');
  expect(await seriousViolations(page)).toEqual([]);
  // The conversation is the client's now: the assistant reads its summary.
  await card('Padaria Trigo de Ouro').getByRole('link', { name: 'Abrir conversa' }).click();
  await page.getByRole('button', { name: 'Assistente' }).click();
  await expect(page.getByTestId('ai-summary')).toContainText('Padaria Trigo de Ouro');

  // The administrator's monthly token budget: a limit out of range is refused and says why; one in range is shown.
  await page.getByRole('button', { name: 'Alterar limite' }).click();
  const budget = page.getByRole('dialog', { name: 'Limite mensal de tokens do assistente' });
  await budget.getByLabel('Tokens por mês').fill('500');
  await budget.getByRole('button', { name: 'Salvar' }).click();
  await expect(budget.getByRole('alert')).toHaveText(AiTexts.budgetInvalid().message);
  await expect(budget.getByLabel('Tokens por mês')).toHaveValue('500');
  expect(await seriousViolations(page)).toEqual([]);
  await budget.getByLabel('Tokens por mês').fill('50000');
  await budget.getByRole('button', { name: 'Salvar' }).click();
  await expect(budget).toHaveCount(0);
  await expect(page.getByTestId('ai-usage')).toContainText('de 50.000 tokens no mês');
});
