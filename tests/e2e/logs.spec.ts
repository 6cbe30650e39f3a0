import { runAs } from '../../packages/core/src/context';
import { Logs } from '../../packages/core/src/logs';
import { call } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The logs screen (/logs, read logs; issue 14 item 4): an administrator reads the company's entries,
 * filters them by level (kept in the URL over a reload), opens an entry's details; a salesman
 * is sent to 403.
 */
test('an administrator filters the logs by level and opens an entry’s details; a salesman goes to 403', async ({ page, world }) => {
  const tag = Math.random().toString(36).slice(2, 8);
  // An audit entry made through the product (a user changed), and a warning as a job writes one.
  const { accessToken } = await world.login(world.admin.email);
  const user = (await call('GET', `/api/users/${world.salesman.id}`, { token: accessToken })).body;
  expect((await call('PUT', `/api/users/${world.salesman.id}`, { token: accessToken, body: { ...user, nickname: `Vera ${tag}` } })).status).toBe(200);
  runAs({ tenantId: world.tenant.id, userId: world.admin.id }, () => Logs.warn('imports.line_rejected', { line: 7, reason: `CNPJ inválido ${tag}` }));
  await Logs.flush();

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, world, world.admin.email, '/logs');
  await expect(page.getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible();
  const entries = page.getByTestId('log-entry');
  await expect(entries.filter({ hasText: 'imports.line_rejected' }).first()).toBeVisible();
  await expect(entries.filter({ hasText: 'users.update' }).first()).toBeVisible();

  await page.getByLabel('Nível').selectOption({ label: 'Aviso' });
  await expect(page).toHaveURL(/level=warn/);
  await expect(entries.filter({ hasText: 'users.update' })).toHaveCount(0);
  await expect(entries.first()).toContainText('Aviso');
  await page.reload();
  await expect(page.getByLabel('Nível')).toHaveValue('warn');
  const warning = entries.filter({ hasText: 'imports.line_rejected' }).first();
  await warning.getByText('Detalhes').click();
  await expect(warning).toContainText(`CNPJ inválido ${tag}`);
  await expect(warning).toContainText('Alice Admin');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(warning).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await loginAs(page, world, world.salesman.email, '/logs');
  await expect(page).toHaveURL(/\/403$/);
});
