import type { Page } from '@playwright/test';
import { addDays } from '../../packages/shared/src/calendar';
import { Operators } from '../../packages/core/src/operators';
import { call } from '../../functions/src/testing/world';
import { seedSessionOnNextLoad, type SessionAnswer } from './auth-helpers';
import { expect, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The operators' area (issue 42, docs/admin.md; spec section 2 "Admin"): an operator of this file's
 * own signs in at /admin, reads the server card, opens a company (an administrator's e-mail already
 * in use refused at its field, a wrong password typed again refused in the dialog), whose
 * administrator then signs in to the company app; suspends it, and that administrator, signed in in
 * another browser, is sent to /login at its next request; reactivates it; on a phone, reads its data
 * (not counted yet: this table has no stream). The admin screens have no
 * serious accessibility violation at desktop (light) and phone (dark) widths; a session ended on the
 * server asks the sign-in again over the page (with the API's text), which goes on after it; "Sair"
 * ends it here and on the server.
 */
test.describe.configure({ mode: 'serial' });

const OP_PASSWORD = 'operador-e2e-123';
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

let operator: Promise<{ email: string; name: string }> | undefined;
/** An operator of this file's own (never the demo's), made once per worker. */
function ourOperator() {
  operator ??= (async () => {
    const email = `operador-${stamp()}@servico.test`;
    const name = `Olga Operadora ${stamp()}`;
    await Operators.create({ email, name, password: OP_PASSWORD });
    return { email, name };
  })();
  return operator;
}

async function signIn(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Administração do serviço' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(OP_PASSWORD);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

/** The password dialog: types `password` and confirms. */
async function confirmWith(page: Page, name: RegExp | string, password: string, button: string) {
  const dialog = page.getByRole('alertdialog', { name });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Sua senha de administrador').fill(password);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  return dialog;
}

let companyId = '';
let companyName = '';

test('desktop: an operator opens a company, suspends it (its user is sent to login at the next request) and reactivates it', async ({ page, browser, world }) => {
  // Two browsers, a creation and two status changes: room for a loaded machine.
  test.setTimeout(90_000);
  const op = await ourOperator();
  const tag = stamp();
  companyName = `Distribuidora Admin ${tag}`;
  const admin = { email: `alice-${tag}@admin-e2e.test`, password: 'primeira-senha-1' };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  await page.goto('/admin');
  await signIn(page, op.email);
  await expect(page.getByTestId('operator-name')).toContainText(op.name);
  const server = page.getByTestId('server-card');
  await expect(server).toContainText('Tempo ligado');
  await expect(server.getByRole('table', { name: 'Filas de tarefas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Empresas', level: 2 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A new company; its certificate expires in 10 days.
  await page.getByRole('link', { name: 'Nova empresa' }).click();
  await expect(page.getByRole('heading', { name: 'Nova empresa', level: 1 })).toBeVisible();
  await page.getByLabel('Nome *', { exact: true }).fill(companyName);
  await page.getByLabel('Apelido', { exact: true }).fill('Admin E2E');
  await page.getByLabel('Grupo', { exact: true }).fill('Grupo Sul');
  await page.getByLabel('CPF/CNPJ').fill('11222333000181');
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue('11.222.333/0001-81');
  await page.getByLabel('Telefone 1').fill('14991234567');
  await expect(page.getByLabel('Telefone 1')).toHaveValue('(14) 99123-4567');
  await page.getByLabel('E-mail', { exact: true }).fill(`contato-${tag}@admin-e2e.test`);
  await page.getByLabel('Regime tributário').selectOption('Lucro Presumido');
  const expiry = addDays(new Date().toISOString().slice(0, 10), 10);
  await page.getByLabel('Validade dos dados fiscais (certificado digital)').fill(expiry.split('-').reverse().join('/'));
  await page.getByLabel('Alíquota do ISS (%)').fill('2,5');
  await page.getByLabel('Nome da filial *').fill('Matriz');
  await page.getByLabel('Nome do administrador *').fill('Alice Administradora');
  // An administrator's e-mail already in use: refused on its field once the password was given.
  await page.getByLabel('E-mail do administrador *').fill(world.admin.email);
  await page.getByLabel('Senha do administrador *').fill(admin.password);
  await page.getByRole('button', { name: 'Criar empresa' }).click();
  // A wrong password typed again: the API's text on the field, the dialog still open.
  const dialog = await confirmWith(page, 'Confirmar a nova empresa', 'nao-e-a-senha', 'Criar empresa');
  await expect(dialog.getByText('Senha de administrador incorreta.')).toBeVisible();
  await expect(dialog.getByLabel('Sua senha de administrador')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Sua senha de administrador').fill(OP_PASSWORD);
  await dialog.getByRole('button', { name: 'Criar empresa', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`O e-mail ${world.admin.email} já é de um usuário do serviço.`, { exact: false })).toBeVisible();
  // Nothing typed was lost.
  await expect(page.getByLabel('Nome *', { exact: true })).toHaveValue(companyName);
  await page.getByLabel('E-mail do administrador *').fill(admin.email);
  await page.getByRole('button', { name: 'Criar empresa' }).click();
  await confirmWith(page, 'Confirmar a nova empresa', OP_PASSWORD, 'Criar empresa');
  await expect(page.getByRole('heading', { name: companyName, level: 1 })).toBeVisible();
  companyId = page.url().split('/admin/')[1]!;
  const details = page.getByTestId('company-details');
  await expect(details).toContainText('Ativa');
  await expect(details).toContainText(admin.email);
  await expect(details.getByTestId('certificate-warning')).toHaveText('Vence em 10 dias');
  await expect(page.getByTestId('company-log')).toContainText('Empresa criada');

  // Edited over the version read; another operator's change in between is a 409 with the API's text.
  const edit = page.getByRole('form', { name: 'Dados da plataforma' });
  await edit.getByLabel('Apelido', { exact: true }).fill('Admin E2E Novo');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await confirmWith(page, 'Confirmar as alterações', OP_PASSWORD, 'Salvar');
  await expect(toast(page, 'Empresa salva.')).toBeVisible();
  await expect(page.getByTestId('company-log')).toContainText('Dados alterados');
  await expect(page.getByTestId('company-log')).toContainText('Campos alterados: Apelido');
  const other = (await call('POST', '/api/admin/login', { body: { email: op.email, password: OP_PASSWORD } })).body.token as string;
  const current = (await call('GET', `/api/admin/companies/${companyId}`, { token: other })).body;
  const { id: _id, status: _s, certificate: _c, createdAt: _ca, adminEmail: _ae, suspendedAt: _sa, updatedAt: _u, timezone: _tz, ...fields } = current;
  expect((await call('PUT', `/api/admin/companies/${companyId}`, { token: other, body: { ...fields, group: 'Grupo Norte', adminPassword: OP_PASSWORD } })).status).toBe(200);
  await edit.getByLabel('Módulo', { exact: true }).fill('Vendas');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await confirmWith(page, 'Confirmar as alterações', OP_PASSWORD, 'Salvar');
  await expect(edit.getByText('Esta empresa foi alterada por outra pessoa. Recarregue a página para ver a versão atual.')).toBeVisible();
  // What was typed is still there until the operator reloads.
  await expect(edit.getByLabel('Módulo', { exact: true })).toHaveValue('Vendas');
  await edit.getByRole('button', { name: 'Recarregar' }).click();
  await expect(edit.getByLabel('Grupo', { exact: true })).toHaveValue('Grupo Norte');

  // Its administrator signs in to the company app, in a browser of its own.
  const login = await call('POST', '/api/login', { body: admin });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const userContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const user = await userContext.newPage();
    await seedSessionOnNextLoad(user, login.body.data as SessionAnswer);
    await user.goto('/home');
    await expect(user.getByRole('link', { name: 'Clientes', exact: true }).first()).toBeVisible();

    // Suspended: its user is out at the next request.
    await page.getByRole('button', { name: 'Suspender' }).click();
    await confirmWith(page, 'Suspender a empresa', OP_PASSWORD, 'Suspender');
    await expect(details).toContainText('Suspensa');
    await expect(details).toContainText('Suspensa em');
    await expect(toast(page, `Empresa ${companyName} suspensa.`)).toBeVisible();
    // Suspended: its erasure may be asked; the page with the LGPD cards is accessible at desktop width.
    await expect(page.getByRole('button', { name: 'Excluir dados da empresa (LGPD)' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await user.getByRole('link', { name: 'Clientes', exact: true }).first().click();
    await expect(user).toHaveURL(/\/login\?message=/);
    expect((await call('POST', '/api/login', { body: admin })).status).not.toBe(200);
  } finally {
    await userContext.close();
  }

  // Reactivated: it signs in again.
  await page.getByRole('button', { name: 'Reativar' }).click();
  await confirmWith(page, 'Reativar a empresa', OP_PASSWORD, 'Reativar');
  await expect(details).toContainText('Ativa');
  await expect(page.getByTestId('company-log')).toContainText('Empresa reativada');
  expect((await call('POST', '/api/login', { body: admin })).status).toBe(200);

  // The list finds it, its certificate flagged.
  await page.getByRole('link', { name: 'Voltar às empresas' }).click();
  await page.getByLabel('Pesquisar empresas').fill(tag);
  const row = page.getByRole('row').filter({ hasText: companyName });
  await expect(row).toContainText('Vence em 10 dias');
  await expect(row).toContainText('11.222.333/0001-81');
  await page.getByLabel('Situação').selectOption('suspended');
  await expect(page.getByText('Nenhuma empresa encontrada para a pesquisa.')).toBeVisible();
});

test('phone, dark: the admin screens are usable and accessible; a session ended on the server asks the sign-in again over the page, which goes on after it', async ({ page }) => {
  test.setTimeout(60_000);
  const op = await ourOperator();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  // A company's page opened without a session: the sign-in first, then the page.
  await page.goto(`/admin/${companyId}`);
  await expect(page.getByRole('heading', { name: 'Administração do serviço', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await signIn(page, op.email);
  await expect(page.getByRole('heading', { name: companyName, level: 1 })).toBeVisible();
  await expect(page.getByTestId('company-details')).toContainText('Ativa');
  expect(await seriousViolations(page)).toEqual([]);
  // Its data, asked with the password: not counted yet (this table has no stream), its settings listed.
  const data = page.getByTestId('company-data');
  await data.getByRole('button', { name: 'Ver dados da empresa' }).click();
  await confirmWith(page, 'Ver os dados da empresa', OP_PASSWORD, 'Ver dados da empresa');
  await expect(data.getByTestId('company-data-view')).toContainText(`T#${companyId}`);
  await expect(data.getByText('Os itens desta empresa ainda não foram contados', { exact: false })).toBeVisible();
  await data.getByText('Configurações (6 grupos)').click();
  await expect(data.getByRole('heading', { name: 'Vendas', level: 3 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Voltar às empresas' }).click();
  await page.getByLabel('Pesquisar empresas').fill(companyName);
  await expect(page.getByTestId('admin-company-card').filter({ hasText: companyName })).toBeVisible();
  await expect(page.getByTestId('server-card')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Nova empresa' }).click();
  await expect(page.getByRole('heading', { name: 'Nova empresa', level: 1 })).toBeVisible();
  // Demo data is a choice, off unless asked.
  const demo = page.getByRole('switch', { name: 'Criar com dados de demonstração' });
  await expect(demo).not.toBeChecked();
  await expect(demo).toHaveAccessibleDescription(/cerca de 300 clientes/);
  expect(await seriousViolations(page)).toEqual([]);
  // Sent empty: the schema's texts at the required fields, nothing sent.
  await page.getByRole('button', { name: 'Criar empresa' }).click();
  await expect(page.getByText('Corrija os campos indicados.')).toBeVisible();
  await expect(page.getByLabel('Nome *', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Nome *', { exact: true })).toBeFocused();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // The fields' messages are readable in the dark theme too.
  expect(await seriousViolations(page)).toEqual([]);

  // The session ends on the server (another tab signed out): the next call shows the sign-in over the page.
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('escritorio-virtual-operator') ?? '{}') as { token?: string }).token ?? '');
  expect((await call('POST', '/api/admin/logout', { token })).status).toBe(204);
  // The company token keys were never touched.
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  // The list's first page is still cached; a new search asks the API.
  const search = `nada-${stamp()}`;
  await page.getByLabel('Pesquisar empresas').fill(search);
  const again = page.getByRole('alertdialog', { name: 'Entre novamente' });
  await expect(again.getByText('Sua sessão de administrador terminou. Entre novamente.')).toBeVisible();
  await expect(again.getByLabel('E-mail')).toHaveValue(op.email);
  expect(await seriousViolations(page)).toEqual([]);
  // Escape does not close it; signed in again, the page goes on with what was typed.
  await page.keyboard.press('Escape');
  await expect(again).toBeVisible();
  await again.getByLabel('Senha', { exact: true }).fill(OP_PASSWORD);
  await again.getByRole('button', { name: 'Entrar' }).click();
  await expect(again).toBeHidden();
  await expect(page.getByLabel('Pesquisar empresas')).toHaveValue(search);
  await expect(page.getByText('Nenhuma empresa encontrada para a pesquisa.')).toBeVisible();

  // In English too; "Sair" ends the session here and on the server.
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Service administration', level: 1 })).toBeVisible();
  const ended = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('escritorio-virtual-operator') ?? '{}') as { token?: string }).token ?? '');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('form', { name: 'Service administration' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('escritorio-virtual-operator'))).toBeNull();
  expect((await call('GET', '/api/admin/me', { token: ended })).status).toBe(401);
});
