import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { Admin } from '../../packages/core/src/admin';
import { Operators } from '../../packages/core/src/operators';
import { call } from '../../functions/src/testing/world';
import { expect, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The operators' LGPD screens on a company's page (issue 42, docs/admin.md "Export and erase"): on
 * a phone, an operator opens a company (its demo data's state shown), exports one client's data (a JSON
 * file downloaded, its summary shown), erases its personal data with a reason (the company sees the
 * client anonymised), generates the company's archive (the local queue makes it; its download
 * link), suspends the company and asks its erasure (the date shown, reactivating blocked), and
 * cancels it. No serious accessibility violation with these cards at 375 px, dark
 * (admin.spec.ts checks the page at desktop width, light).
 */
const OP_PASSWORD = 'operador-lgpd-123';
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function confirmWith(page: Page, name: string, password: string, button: string) {
  const dialog = page.getByRole('alertdialog', { name });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Sua senha de administrador').fill(password);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('phone, dark: one client exported and anonymised, the archive generated, the erasure asked and cancelled', async ({ page }) => {
  // A company, a client, an archive job and four password dialogs: room for a loaded machine.
  test.setTimeout(90_000);
  const tag = stamp();
  const op = { email: `operador-lgpd-${tag}@servico.test`, name: `Olga LGPD ${tag}` };
  await Operators.create({ ...op, password: OP_PASSWORD });
  const opToken = (await call('POST', '/api/admin/login', { body: { email: op.email, password: OP_PASSWORD } })).body.token as string;
  const admin = { email: `alice-${tag}@lgpd-e2e.test`, password: 'primeira-senha-1' };
  const companyName = `Distribuidora LGPD ${tag}`;
  const made = await call('POST', '/api/admin/companies', {
    token: opToken,
    body: { name: companyName, branch: { name: 'Matriz' }, admin: { name: 'Alice Administradora', ...admin }, demoData: false, adminPassword: OP_PASSWORD },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const companyId = made.body.id as string;
  // A client of that company, written by its administrator.
  const adminToken = (await call('POST', '/api/login', { body: admin })).body.data.accessToken as string;
  const clientName = `Mercado Titular ${tag}`;
  const created = await call('POST', '/api/clients', { token: adminToken, body: { name: clientName, birthDate: '1980-05-20' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const clientId = created.body.id as string;
  // Its demo data's state as the demo job records its end (the job's 300 clients are too many for a
  // browser test; the API's test runs it): shown on the page.
  await Admin.demoFinished(companyId, false);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/admin/${companyId}`);
  const form = page.getByRole('form', { name: 'Administração do serviço' });
  await form.getByLabel('E-mail').fill(op.email);
  await form.getByLabel('Senha', { exact: true }).fill(OP_PASSWORD);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: companyName, level: 1 })).toBeVisible();
  await expect(page.getByTestId('company-details').getByTestId('demo-data-state')).toHaveText('Falharam');

  // One client's data: an id that is not one is refused before any question.
  const card = page.getByTestId('company-client');
  await card.getByLabel('Id do cliente').fill('123');
  await card.getByRole('button', { name: 'Exportar dados' }).click();
  await expect(card.getByText('Id inválido', { exact: false })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await card.getByLabel('Id do cliente').fill(clientId);
  await card.getByRole('button', { name: 'Exportar dados' }).click();
  const downloaded = page.waitForEvent('download');
  await confirmWith(page, 'Exportar os dados do cliente', OP_PASSWORD, 'Exportar dados');
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe(`cliente-${clientId}.json`);
  const json = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as { client: { id: string; name: string }; sales: unknown[] };
  expect(json.client).toMatchObject({ id: clientId, name: clientName });
  const summary = card.getByTestId('client-exported');
  await expect(summary).toContainText(clientName);
  await expect(summary).toContainText('Vendas0');

  // Its personal data erased: the reason is required.
  await card.getByRole('button', { name: 'Excluir dados pessoais' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Excluir os dados pessoais do cliente' });
  await expect(dialog).toContainText('As suas vendas ficam como foram emitidas');
  await dialog.getByLabel('Sua senha de administrador').fill(OP_PASSWORD);
  await dialog.getByRole('button', { name: 'Excluir dados pessoais', exact: true }).click();
  await expect(dialog.getByText('Informe o motivo da exclusão, de 5 a 500 caracteres', { exact: false })).toBeVisible();
  await expect(dialog.getByLabel('Motivo *')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Motivo *').fill('Pedido do titular em 28/11/2026 (protocolo 123)');
  await dialog.getByRole('button', { name: 'Excluir dados pessoais', exact: true }).click();
  await expect(dialog).toBeHidden();
  const anonymised = `Cliente anonimizado ${clientId.slice(-6)}`;
  await expect(card.getByTestId('client-anonymised')).toContainText(anonymised);
  expect((await call('GET', `/api/clients/${clientId}`, { token: adminToken })).body).toMatchObject({ name: anonymised, status: 'inactive' });

  // The company's archive: made by the local queue, then its link.
  const archive = page.getByTestId('company-archive');
  await archive.getByRole('button', { name: 'Gerar arquivo completo (LGPD)' }).click();
  await confirmWith(page, 'Gerar o arquivo completo', OP_PASSWORD, 'Gerar arquivo completo (LGPD)');
  const done = archive.getByTestId('archive-done');
  await expect(done).toBeVisible({ timeout: 20_000 });
  await expect(done).toContainText('Clientes, parcelas, sucata e fidelidade');
  const link = done.getByRole('link', { name: 'Baixar arquivo' });
  await expect(link).toHaveAttribute('href', /.+/);
  const archived = page.waitForEvent('download');
  await link.click();
  expect((await archived).suggestedFilename()).toMatch(/\.tar\.gz$/);

  // Suspended, then its erasure asked: the date shown, reactivating blocked until it is cancelled.
  await expect(page.getByTestId('company-erasure')).toContainText('Suspenda a empresa para pedir a exclusão');
  await page.getByRole('button', { name: 'Suspender' }).click();
  await confirmWith(page, 'Suspender a empresa', OP_PASSWORD, 'Suspender');
  await expect(page.getByTestId('company-details')).toContainText('Suspensa em');
  await page.getByRole('button', { name: 'Excluir dados da empresa (LGPD)' }).click();
  const erase = page.getByRole('alertdialog', { name: 'Excluir os dados da empresa' });
  await expect(erase).toContainText('excluídos definitivamente em 30 dias');
  await expect(erase).toContainText('a exclusão pode ser cancelada e o arquivo completo da empresa pode ser gerado');
  await confirmWith(page, 'Excluir os dados da empresa', OP_PASSWORD, 'Marcar a exclusão');
  const stored = (await call('GET', `/api/admin/companies/${companyId}`, { token: opToken })).body as { erasureAt: string };
  const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(stored.erasureAt));
  await expect(page.getByTestId('erasure-date')).toContainText(`Os dados desta empresa serão excluídos em ${date}.`);
  // The focus is on the undo that replaced the button.
  await expect(page.getByRole('button', { name: 'Cancelar exclusão' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Reativar' })).toBeDisabled();
  await expect(page.getByText('Cancele a exclusão marcada antes de reativar a empresa.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Cancelar exclusão' }).click();
  await confirmWith(page, 'Cancelar a exclusão dos dados', OP_PASSWORD, 'Cancelar exclusão');
  await expect(page.getByTestId('erasure-date')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Excluir dados da empresa (LGPD)' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Reativar' })).toBeEnabled();
  expect((await call('GET', `/api/admin/companies/${companyId}`, { token: opToken })).body.erasureAt).toBeNull();
});
