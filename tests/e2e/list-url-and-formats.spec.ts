import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { Clients } from '../../packages/core/src/clients';
import { runAs } from '../../packages/core/src/context';
import { call, PASSWORD, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';

/**
 * The web kit (issue 12, part 7): a filtered, searched and sorted list keeps all of it in the URL
 * (reload, back button), and a user whose time zone and date format differ from the defaults sees
 * them on a client's record timestamps, its last purchase, in a date field, on a registry list and in
 * that list's CSV.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function createClient(world: World, email: string, body: Record<string, unknown>) {
  const { accessToken } = await world.login(email);
  const res = await call('POST', '/api/clients', { token: accessToken, body: { birthDate: '1980-05-20', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; createdAt: string; updatedAt: string; version: number };
}

/** The names in the list's table, top to bottom (each row's link to its client; the first column may hold its selection box). */
const names = (page: Page) => page.getByRole('table').locator('tbody tr a[href^="/clients/"]').allTextContents();

test('the clients list keeps its search, filter and sort through a reload and the back button', async ({ page, world }) => {
  const tag = letters(8);
  // Three inactive clients of the tag (sorted by name they read A, B, C) and an active one.
  for (const [name, status] of [
    [`Bravo ${tag}`, 'inactive'],
    [`Alfa ${tag}`, 'inactive'],
    [`Charlie ${tag}`, 'inactive'],
    [`Delta ${tag}`, 'active'],
  ] as const) {
    await createClient(world, world.salesman.email, { name, status });
  }

  await loginAs(page, world, world.salesman.email, '/clients');
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(tag);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(4);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Inativo' });
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(3);
  // Sorted by name, descending: the header sorts ascending first, then descending.
  const nameHeader = page.getByRole('columnheader', { name: 'Nome' });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  const expected = [`Charlie ${tag}`, `Bravo ${tag}`, `Alfa ${tag}`];
  await expect.poll(() => names(page)).toEqual(expected);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page).toHaveURL(/sort=-name/);

  // A reload (or the same link shared) shows the same list.
  const url = page.url();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Pesquisar' })).toHaveValue(tag);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('inactive');
  await expect(page.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => names(page)).toEqual(expected);
  expect(page.url()).toBe(url);

  // Away to a client and back with the browser's back button: the same list again.
  await page.getByRole('link', { name: `Bravo ${tag}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Bravo ${tag}` })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('searchbox', { name: 'Pesquisar' })).toHaveValue(tag);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('inactive');
  await expect.poll(() => names(page)).toEqual(expected);
});

/** A UTC server timestamp as Tokyo's wall clock (UTC+9, no daylight saving) in MM/dd/yyyy HH:mm:ss. */
function tokyo(timestamp: string): string {
  const d = new Date(Date.parse(`${timestamp.replace(' ', 'T')}Z`) + 9 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

test('a user in Tokyo who reads dates MM/dd/yyyy sees them so on a client record, its last purchase, its date field, a registry list and its CSV', async ({ page, world }) => {
  // Two edits, a list and an export job that runs in the server's queue consumer.
  test.setTimeout(60_000);
  const { accessToken: admin } = await world.login(world.admin.email);
  const email = `tokyo-${letters(6)}@${world.domain}`;
  const user = await call('POST', '/api/users', {
    token: admin,
    body: {
      email,
      name: 'Vendedora de Tóquio',
      password: PASSWORD,
      profileId: world.profiles.salesman.id,
      branchIds: world.branches.map((b) => b.id),
      salesman: true,
      timezone: 'Asia/Tokyo',
      dateFormat: 'MM/dd/yyyy',
    },
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const client = await createClient(world, email, { name: `Empório ${letters(6)}`, birthDate: '1975-03-04' });
  // A sale closed on February 1st (as the orders module records it): a calendar date, not an instant.
  await runAs({ tenantId: world.tenant.id }, () => Clients.recordPurchase(client.id, '2026-02-01'));

  // The record's timestamps: Tokyo's clock, month first; the last purchase: the same day, month first.
  await loginAs(page, world, email, `/clients/${client.id}`);
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
  await page.getByRole('toolbar', { name: 'Ações do cartão' }).getByRole('button', { name: 'Mostrar detalhes do registro' }).click();
  const details = page.locator('dl').filter({ hasText: 'Criado em' });
  await expect(details).toContainText(`Criado em${tokyo(client.createdAt)}`);
  await expect(details).toContainText(`Atualizado em${tokyo(client.updatedAt)}`);
  await expect(details).toContainText('Última compra02/01/2026');

  // The date field shows and takes the user's format; the API keeps yyyy-MM-dd.
  const birth = page.getByLabel('Data de nascimento *');
  await expect(birth).toHaveValue('03/04/1975');
  await expect(birth).toHaveAttribute('placeholder', 'MM/dd/yyyy');
  await birth.fill('');
  await birth.pressSequentially('12251974');
  await expect(birth).toHaveValue('12/25/1974');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(async () => (await call('GET', `/api/clients/${client.id}`, { token: (await world.login(email)).accessToken })).body.birthDate).toBe('1974-12-25');

  // A registry list: a price table's validity dates, month first.
  const table = await call('POST', '/api/price-tables', { token: admin, body: { name: `Tabela ${letters(6)}`, validFrom: '2026-03-05', validUntil: '2026-11-30' } });
  expect(table.status, JSON.stringify(table.body)).toBe(201);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Tabelas de preço', exact: true }).click();
  await expect(page).toHaveURL('/price-tables');
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(table.body.name as string);
  const row = page.getByRole('row', { name: new RegExp(table.body.name as string) });
  await expect(row).toContainText('03/05/2026');
  await expect(row).toContainText('11/30/2026');

  // That list's CSV (an export job, downloaded when done): UTF-8 with a BOM, `;` separated, the same dates month first.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^price-tables-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('Nome;Válida de;Válida até;Tabela padrão;Observações');
  expect(lines.filter((l) => l.startsWith(`${table.body.name as string};`))).toEqual([expect.stringMatching(new RegExp(`^${table.body.name as string};03/05/2026;11/30/2026;(Sim|Não);$`))]);
});
