import type { Page } from '@playwright/test';
import { MessageTexts } from '../../packages/shared/src/schemas/messages';
import { call } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * WhatsApp messaging (issue 16): an administrator sets up the company's account (a Cloud API
 * account refused without its ids and token, each under its field; then the sandbox, labelled as
 * such, whose connection test reads its number), writes a template with its live preview, sees
 * WhatsApp's review arrive (approved; a utility template with an offer rejected with the reason),
 * and deletes one after confirming; the list at 375 px; a salesman without the subject is sent away.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name, exact: true });

test('an administrator sets up the sandbox, writes templates with their preview and sees WhatsApp’s review', async ({ page, world }) => {
  test.setTimeout(60_000);
  await loginAs(page, world, world.admin.email, '/home');
  await menuLink(page, 'Mensagens (WhatsApp)').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações de mensagens' })).toBeVisible();
  await expect(page.getByText('O provedor de mensagens ainda não está configurado')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'URL de retorno' })).toHaveValue(new RegExp(`/api/webhooks/whatsapp/${world.tenant.id}$`));
  await expect(page.getByRole('textbox', { name: 'Token de verificação' })).toHaveValue(/^[A-Za-z0-9_-]{32}$/);

  // The Cloud API needs its ids (checked here) and its token (checked by the API), each under its field.
  const form = page.getByRole('form', { name: 'Conta do provedor de mensagens' });
  await form.getByLabel('Provedor').selectOption('cloud');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(MessageTexts.phoneNumberId().message)).toBeVisible();
  await expect(form.getByText(MessageTexts.businessAccountId().message)).toBeVisible();
  await form.getByLabel('Identificador do número (Phone number ID) *').fill('1065403522x42922');
  await expect(form.getByLabel('Identificador do número (Phone number ID) *')).toHaveValue('106540352242922');
  await form.getByLabel('Conta do WhatsApp Business (WABA ID) *').fill('102290129340398');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(MessageTexts.accessToken().message)).toBeVisible();
  await expect(form.getByLabel('Token de acesso *')).toHaveAttribute('type', 'password');
  expect(await seriousViolations(page)).toEqual([]);

  // The sandbox: saved, labelled, and its connection test reads its number and daily tier.
  await form.getByLabel('Provedor').selectOption('sandbox');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Conta do provedor salva.')).toBeVisible();
  await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Testar a conexão' }).click();
  await expect(page.getByText('Conexão funcionando: número +55 14 3003-0000 (Distribuidora (sandbox)).')).toBeVisible();
  await expect(page.getByText('Limite diário de clientes em vigor: 2.000')).toBeVisible();

  // A template: the name typed in capitals is lowercased; an example per parameter; the preview follows.
  await menuLink(page, 'Modelos de mensagem').click();
  await expect(page.getByText('Nenhum modelo cadastrado.')).toBeVisible();
  await page.getByRole('link', { name: 'Novo modelo' }).click();
  const template = page.getByRole('form', { name: 'Modelo de mensagem' });
  const preview = page.getByRole('figure', { name: 'Prévia no WhatsApp' });
  // The spec's rule: lowercase letters and underscores only (typed capitals are lowercased; a space is refused).
  await template.getByLabel('Nome *').fill('Ofertas Natal');
  await expect(template.getByLabel('Nome *')).toHaveValue('ofertas natal');
  await template.getByLabel('Cabeçalho').fill('Natal na Distribuidora');
  await template.getByLabel('Corpo *').fill('Olá {{1}}, chegaram os panetones. Peça até {{2}}.');
  await template.getByLabel('Exemplo do parâmetro 1').fill('Mercado Bom Preço');
  await expect(preview).toContainText('Olá Mercado Bom Preço, chegaram os panetones. Peça até {{2}}.');
  await template.getByRole('button', { name: 'Enviar para revisão' }).click();
  await expect(template.getByText(MessageTexts.name().message)).toBeVisible();
  await expect(template.getByText(MessageTexts.example({ n: 2, max: 200 }).message)).toBeVisible();
  await template.getByLabel('Nome *').fill('ofertas_natal');
  await template.getByLabel('Exemplo do parâmetro 2').fill('sexta-feira');
  await template.getByRole('button', { name: 'Adicionar botão' }).click();
  await template.getByLabel('Texto do botão').fill('Quero ver');
  await expect(preview).toContainText('Olá Mercado Bom Preço, chegaram os panetones. Peça até sexta-feira.');
  await expect(preview.getByRole('listitem')).toHaveText(['Quero ver']);
  expect(await seriousViolations(page)).toEqual([]);
  await template.getByRole('button', { name: 'Enviar para revisão' }).click();
  await expect(toast(page, 'Modelo enviado para revisão do WhatsApp.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'ofertas_natal' })).toBeVisible();
  // Pending until the review arrives by webhook (the sandbox plays it back); the page looks again meanwhile.
  await expect(page.getByTestId('template-summary')).toContainText('Aprovado', { timeout: 15_000 });

  // A utility template that reads as an offer is rejected, with the reason.
  await menuLink(page, 'Modelos de mensagem').click();
  await page.getByRole('link', { name: 'Novo modelo' }).click();
  await template.getByLabel('Nome *').fill('aviso_pedido');
  await template.getByLabel('Categoria *').selectOption('utility');
  await template.getByLabel('Corpo *').fill('Seu pedido saiu com 10% de desconto.');
  await template.getByRole('button', { name: 'Enviar para revisão' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'aviso_pedido' })).toBeVisible();
  await expect(page.getByText('Rejeitado pelo WhatsApp: A categoria não corresponde ao conteúdo')).toBeVisible({ timeout: 15_000 });

  // Deleted after confirming.
  await page.getByRole('button', { name: 'Excluir modelo' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Excluir o modelo aviso_pedido?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Excluir modelo' }).click();
  await expect(toast(page, 'Modelo excluído.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Modelos de mensagem' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'aviso_pedido' })).toHaveCount(0);
  await expect(page.getByRole('table')).toContainText('ofertas_natal');
  await expect(page.getByRole('table')).toContainText('Aprovado');

  // At phone width the list is cards.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('template-card')).toHaveCount(1);
  await expect(page.getByTestId('template-card')).toContainText('ofertas_natal');
  expect(await seriousViolations(page)).toEqual([]);
});

/**
 * The worker's company on the sandbox with an approved marketing template of two parameters, made
 * through the running server (its queue plays the sandbox's review back).
 */
async function readyToSend(page: Page, token: string): Promise<string> {
  const api = async (method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown) => {
    const res = await page.request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
    return { status: res.status(), body: await res.json() };
  };
  const account = (await api('GET', '/messages/account')).body;
  if (!account.configured) expect((await api('PUT', '/messages/account', { provider: 'sandbox', ...(account.version ? { version: account.version } : {}) })).status).toBe(200);
  const name = `queima_${letters(6)}`;
  const created = await api('POST', '/messages/templates', { name, category: 'marketing', language: 'pt_BR', body: 'Olá {{1}}, a queima de estoque vai até {{2}}.', bodyExamples: ['Ana', 'sábado'] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await expect.poll(async () => (await api('GET', `/messages/templates/${created.body.id}`)).body.status).toBe('approved');
  return name;
}

test('a send: parameters from the clients, the skipped with their reason, statuses by webhook, a failed one sent again, and a reply answered', async ({ page, world }) => {
  test.setTimeout(60_000);
  const { accessToken: token } = await world.login(world.admin.email);
  const template = await readyToSend(page, token);
  const tag = letters(1).toUpperCase() + letters(7);
  const client = async (name: string, phone1: string) => {
    const res = await call('POST', '/api/clients', { token, body: { name: `${name} ${tag}`, phone1, marketingOptIn: true, birthDate: '1985-03-04', confirmRepeatedPhone: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  // The sandbox reads a number ending in 10 as read, in 01 as undelivered, in 77 as delivered with a reply.
  await client('Mercado', '14991230010');
  await client('Padaria', '14991230001');
  await client('Açougue', '14991230077');
  await client('Farmácia', '1432221000');

  await loginAs(page, world, world.admin.email, '/home');
  await menuLink(page, 'Mensagens').click();
  await page.getByRole('link', { name: 'Enviar mensagens' }).click();
  await page.getByLabel('Modelo aprovado').selectOption({ label: `${template} (Português (Brasil))` });
  await expect(page.getByLabel('Parâmetro 1', { exact: true })).toHaveValue('name');
  await page.getByLabel('Parâmetro 2', { exact: true }).selectOption('text');
  await page.getByLabel('Texto de Parâmetro 2').fill('sábado');
  await page.getByRole('radio', { name: 'Por filtro' }).click();
  await page.getByRole('searchbox', { name: 'Nome, documento ou telefone' }).fill(tag);
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(page.getByRole('heading', { name: '3 mensagens a enviar' })).toBeVisible();
  await expect(page.getByText(`Farmácia ${tag}: Sem celular cadastrado.`)).toBeVisible();
  const preview = page.getByRole('figure', { name: 'Prévia no WhatsApp' }).last();
  await page.getByLabel('Ver a mensagem de').selectOption({ index: 1 });
  await expect(preview).toContainText(`, a queima de estoque vai até sábado.`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Enviar para 3 clientes' }).click();

  // The status: each message's status arrives by webhook; the undelivered one says why and is sent again.
  await expect(page.getByRole('heading', { level: 1, name: `Envio do modelo ${template}` })).toBeVisible();
  const row = (name: string) => page.getByRole('row').filter({ hasText: `${name} ${tag}` });
  await expect(row('Mercado')).toContainText('Lida', { timeout: 15_000 });
  await expect(row('Açougue')).toContainText('Entregue');
  await expect(row('Padaria')).toContainText(MessageTexts.failUndeliverable().message);
  await expect(page.getByText('1 cliente ficou de fora')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar de novo a que falhou' }).click();
  await expect(toast(page, 'As mensagens que falharam foram para a fila de novo.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The client whose number ends in 77 answered: the conversation is the client's, and is answered with free text.
  await menuLink(page, 'Respostas').click();
  await page.getByRole('button', { name: new RegExp(`Açougue ${tag}`) }).click();
  const thread = page.getByRole('region', { name: `Conversa com Açougue ${tag}` });
  await expect(thread).toContainText('Obrigado! Pode me mandar o catálogo novo?');
  await thread.getByLabel(/^Resposta \(texto livre até/).fill('Claro! Segue o catálogo de dezembro.');
  await thread.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(thread.getByRole('listitem').filter({ hasText: 'Claro! Segue o catálogo de dezembro.' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a salesman without the messages subject is sent to 403 from the templates and the settings', async ({ page, world }) => {
  await loginAs(page, world, world.salesman.email, '/messages/templates');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Modelos de mensagem' })).toHaveCount(0);
});
