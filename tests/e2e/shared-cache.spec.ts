import type { Page } from '@playwright/test';
import { call } from '../../functions/src/testing/world';
import { expect, loginAs, PASSWORD, test } from './fixtures';

/**
 * One cache key per resource (docs/web-layout.md, "One cache key per resource"): a record saved on
 * one screen shows on every other screen that lists it at once, without a reload. The users'
 * screen names each user's profile and branches from the company's profiles and branches; those
 * are the same cache entries the permissions and company screens read and save. Every move here is
 * a click inside the app (a reload would empty the cache and prove nothing).
 */
const stamp = () => Date.now().toString(36);

async function userWithOwnProfileAndBranch(world: Parameters<Parameters<typeof test>[2]>[0]['world']) {
  const { accessToken } = await world.login(world.admin.email);
  const profile = await call('POST', '/api/profiles', { token: accessToken, body: { name: `Cache perfil ${stamp()}`, preset: 'salesman' } });
  expect(profile.status).toBe(201);
  const branch = await call('POST', '/api/branches', { token: accessToken, body: { name: `Cache filial ${stamp()}` } });
  expect(branch.status).toBe(201);
  const name = `Ubirajara Cache ${stamp()}`;
  const user = await call('POST', '/api/users', {
    token: accessToken,
    body: { email: `cache-${stamp()}@${world.domain}`, name, password: PASSWORD, profileId: profile.body.id, branchIds: [branch.body.id], salesman: true },
  });
  expect(user.status).toBe(201);
  return { profile: profile.body as { id: string; name: string }, branch: branch.body as { id: string; name: string }, name };
}

/**
 * A tab of the permissions area, by keyboard: after a click in the menu, the focused menu rail stays
 * widened over the page's start (as in users-admin.spec.ts).
 */
async function openTab(page: Page, name: string) {
  const tab = page.getByRole('navigation', { name: 'Permissões' }).getByRole('link', { name });
  await tab.focus();
  await page.keyboard.press('Enter');
}

/** The users' screen (Permissões → Usuários) and the user's row, found by its name. */
async function userRow(page: Page, name: string) {
  await openTab(page, 'Usuários');
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  await page.getByLabel('Pesquisar usuários').fill(name.split(' ')[1]!);
  return page.getByRole('row').filter({ hasText: name });
}

test('a profile renamed on the permissions screen and a branch renamed on the company screen show on the users screen at once', async ({ page, world }) => {
  test.setTimeout(60_000);
  const { profile, branch, name } = await userWithOwnProfileAndBranch(world);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, world, world.admin.email, '/permissions');

  // The users' screen first: the profile and the branch are read (and cached) under their names.
  let row = await userRow(page, name);
  await expect(row).toContainText(profile.name);
  await expect(row).toContainText(branch.name);

  // Perfis: the profile renamed.
  const profileName = `${profile.name} novo`;
  await openTab(page, 'Perfis');
  await expect(page.getByLabel('Nome do perfil')).toBeVisible();
  await page.getByLabel('Perfil', { exact: true }).selectOption({ label: profile.name });
  await expect(page.getByRole('heading', { name: `Perfil ${profile.name}` })).toBeVisible();
  await page.getByLabel('Nome do perfil').fill(profileName);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText(`Perfil ${profileName} salvo.`)).toBeVisible();

  row = await userRow(page, name);
  await expect(row).toContainText(profileName);

  // Configurações → Empresa: the branch renamed.
  const branchName = `${branch.name} nova`;
  await page.getByRole('link', { name: 'Empresa', exact: true }).first().click();
  await expect(page).toHaveURL(/\/settings\/company$/);
  await page.getByRole('button', { name: `Alterar a filial ${branch.name}` }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByLabel(/^Nome/).fill(branchName);
  await sheet.getByRole('button', { name: 'Salvar a filial' }).click();
  // The save reads the session again before it closes the sheet: room for a loaded machine.
  await expect(sheet).toHaveCount(0, { timeout: 20_000 });

  await page.getByRole('link', { name: 'Permissões', exact: true }).first().click();
  row = await userRow(page, name);
  await expect(row).toContainText(branchName);
  await expect(row).toContainText(profileName);
});
