import type { APIRequestContext } from '@playwright/test';
import type { World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/** Creates a client through the API as the administrator (companies require a birth date by default). */
async function createClient(request: APIRequestContext, world: World, name: string): Promise<void> {
  const { accessToken } = await world.login(world.admin.email);
  const res = await request.post('/api/clients', { headers: { authorization: `Bearer ${accessToken}` }, data: { name, birthDate: '1990-05-17' } });
  expect(res.status(), await res.text()).toBe(201);
}

const totalText = (n: number) => `Total: ${n} ${n === 1 ? 'cliente' : 'clientes'}.`;

test('the administrator sees the clients dashboard, and a new client adds one to the total after a reload', async ({ page, world }) => {
  // At least one client, so every chart has something to draw.
  await createClient(page.request, world, `Mercado Painel ${Date.now()}`);
  await loginAs(page, world, world.admin.email, '/clients/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard de clientes', level: 1 })).toBeVisible();
  await expect(page.getByText('Todos os clientes da empresa.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard de clientes' })).toBeAttached();

  const total = page.getByTestId('clients-total-value');
  await expect(total).toHaveText(/^\d+$/);
  const before = Number(await total.textContent());
  expect(before).toBeGreaterThan(0);

  // The charts are drawn (ECharts, loaded on demand, on a canvas) and each is named for assistive technology.
  for (const name of ['Clientes por situação', 'Clientes por status', 'Clientes por segmento', 'Clientes por região', 'Novos clientes por mês']) {
    const chart = page.getByRole('img', { name });
    await expect(chart).toBeVisible();
    await expect(chart.locator('canvas')).toBeAttached();
  }
  const situation = page.getByRole('img', { name: 'Clientes por situação' });
  await expect(situation).toHaveAccessibleDescription(new RegExp(`^${totalText(before).replace(/\./g, '\\.')} `));
  await expect(situation).toHaveAccessibleDescription(new RegExp(`Normal: \\d+`));
  // No client has bought yet: all of them are "without purchase".
  await expect(page.getByTestId('clients-without-purchase')).toContainText('Sem compra há 90 dias');
  await expect(page.getByTestId('clients-without-purchase-value')).toHaveText(String(before));

  await createClient(page.request, world, `Mercado Painel Novo ${Date.now()}`);
  await page.reload();
  await expect(total).toHaveText(String(before + 1));
  await expect(situation).toHaveAccessibleDescription(new RegExp(`^${totalText(before + 1).replace(/\./g, '\\.')} `));
  await expect(page.getByTestId('clients-new-this-month-value')).not.toHaveText('0');

  // Another period: the figure is read again for N = 30.
  const responded = page.waitForResponse((r) => r.url().includes('/api/clients/dashboard?days=30') && r.status() === 200);
  await page.getByLabel('Período sem compra').selectOption('30');
  await responded;
  await expect(page.getByTestId('clients-without-purchase')).toContainText('Sem compra há 30 dias');
  await expect(page.getByTestId('clients-without-purchase-value')).toHaveText(String(before + 1));
});

test('the salesman preset (no dashboard action) is sent to 403 and has no menu entry', async ({ page, world }) => {
  await loginAs(page, world, world.salesman.email, '/clients/dashboard');
  await expect(page).toHaveURL(/\/403$/);
  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { name: /Olá/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard de clientes' })).toHaveCount(0);
});

test('the clients dashboard has no serious or critical accessibility violation', async ({ page, world }) => {
  await createClient(page.request, world, `Mercado Acessível ${Date.now()}`);
  await loginAs(page, world, world.admin.email, '/clients/dashboard');
  await expect(page.getByRole('img', { name: 'Novos clientes por mês' }).locator('canvas')).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);
});
