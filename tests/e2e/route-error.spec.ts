import { randomUUID } from 'node:crypto';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * When a page fails (docs/web-layout.md, "When a page fails"): a page whose read answers a server
 * failure shows the product's error screen inside the signed-in shell, with the request id the API
 * answered (`X-Request-Id`) to quote to support and a way back; a record page opened by an id of no
 * record shows the one not-found state with the way back to its list. Both at phone width, with no
 * serious accessibility violation.
 */
test('a page whose read fails on the server shows the error screen with the request id, inside the shell; retrying reads again', async ({ page, world }) => {
  const id = randomUUID();
  const requestId = `e2e-${randomUUID()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.route(`**/api/clients/${id}`, (route) =>
    route.fulfill({ status: 500, headers: { 'x-request-id': requestId }, contentType: 'application/json', body: JSON.stringify({ status: 'error', code: 'internal', message: 'Erro interno.' }) }),
  );
  await loginAs(page, world, world.admin.email, `/clients/${id}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Algo deu errado nesta página' })).toBeVisible();
  await expect(page.getByTestId('route-error-request')).toHaveText(`Código da requisição: ${requestId}`);
  // Inside the signed-in shell: its menu and user menu are still there.
  await expect(page.getByRole('button', { name: /^Menu do usuário/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para o início' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The server answers again: "Tentar novamente" reads the record anew (there is none: not found).
  await page.unroute(`**/api/clients/${id}`);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { name: 'Registro não encontrado' })).toBeVisible();
});

test('a client opened by an unknown id shows "not found" with the way back to the clients', async ({ page, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, world, world.admin.email, `/clients/${randomUUID()}`);

  const state = page.getByTestId('record-not-found');
  await expect(state.getByRole('heading', { name: 'Registro não encontrado' })).toBeVisible();
  await expect(state).toContainText('Nenhum registro encontrado.');
  expect(await seriousViolations(page)).toEqual([]);

  await state.getByRole('link', { name: 'Voltar para Clientes' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();

  // Not an id at all: the same state, naming the reason.
  await page.goto('/clients/nao-e-um-id');
  await expect(page.getByTestId('record-not-found')).toContainText('O parâmetro passado não é um identificador válido.');
});
