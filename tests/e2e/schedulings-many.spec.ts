import type { Locator, Page } from '@playwright/test';
import { addDays, weekday } from '../../packages/shared/src/calendar';
import { call, poster, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Schedulings for several clients at once, from the clients list (issue 15, "create several"): a
 * supervisor filters the list, chooses three clients, and schedules visits two a day from a Friday
 * with the weekends skipped: the preview gives Friday, Friday and Monday before anything is saved,
 * the toast the count, and the pending list shows them. At 375 px a salesman chooses the page's
 * clients at once; a period too short for them says how many it holds and sends nothing; a refusal
 * of the API (the type removed meanwhile) shows on its field and keeps what was typed.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** Six capital letters: a word the searches find (digits alone would be read as a phone). */
const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A Friday at least a week ahead (business dates, as the API's). */
function nextFriday(): string {
  let day = addDays(new Date().toISOString().slice(0, 10), 7);
  while (weekday(day) !== 5) day = addDays(day, 1);
  return day;
}
/** dd/MM/yyyy, the default date format. */
const shown = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** Clients of the salesman named "<word> <tag>", and a visit type of the test's own. */
async function setup(world: World, clients: { name: string; status?: 'active' | 'inactive' }[]) {
  const salesman = poster((await world.login(world.salesman.email)).accessToken);
  const admin = (await world.login(world.admin.email)).accessToken;
  const t = tag();
  for (const c of clients) await salesman('/api/clients', { name: `${c.name} ${t}`, birthDate: '1980-01-01', status: c.status ?? 'active' });
  const type = await poster(admin)('/api/schedulings-types', { name: `Visita ${t}`, type: 'visit' });
  return { t, admin, type: { id: type.id as string, name: `Visita ${t}` } };
}

/** Picks a record in a reference field (a combobox searched by name). */
async function pick(page: Page, scope: Locator, field: RegExp, term: string, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('combobox', { name: /Buscar por nome/ }).fill(term);
  await page.getByRole('option', { name: option }).click();
}

/** The preview's rows, each "client date". */
const previewRows = (dialog: Locator) => dialog.getByTestId('create-many-preview').locator('tbody tr');

test('a supervisor filters the clients, chooses three, schedules them two a day from a Friday without weekends, and finds them pending', async ({ page, world }) => {
  test.setTimeout(90_000);
  const s = await setup(world, [{ name: 'Alfa' }, { name: 'Bravo' }, { name: 'Charlie' }, { name: 'Delta', status: 'inactive' }]);
  const friday = nextFriday();
  const monday = addDays(friday, 3);

  await loginAs(page, world, world.supervisor.email, '/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(s.t);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(4);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Ativo' });
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(3);
  const bar = page.getByRole('group', { name: 'Clientes escolhidos' });
  await expect(bar.getByTestId('selection-count')).toHaveText('Nenhum cliente selecionado');
  await expect(bar.getByRole('button', { name: 'Agendar visitas' })).toBeDisabled();

  // Chosen one by one (the last with the keyboard); the box does not open the client.
  await page.getByRole('checkbox', { name: `Selecionar Alfa ${s.t}` }).click();
  await page.getByRole('checkbox', { name: `Selecionar Bravo ${s.t}` }).check();
  await page.getByRole('checkbox', { name: `Selecionar Charlie ${s.t}` }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/clients\?/);
  await expect(bar.getByTestId('selection-count')).toHaveText('3 clientes selecionados');
  await expect(page.getByRole('checkbox', { name: 'Selecionar todos desta página' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await bar.getByRole('button', { name: 'Agendar visitas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agendar visitas' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Um agendamento para cada um dos 3 clientes escolhidos');
  await pick(page, dialog, /^Tipo de agendamento/, s.t, s.type.name);
  // The supervisor sees his team's schedulings: he may schedule them for his salesman.
  await pick(page, dialog, /^Vendedor/, 'Vera', 'Vera Vendedora');
  await dialog.getByRole('radio', { name: 'N por dia' }).check();
  await dialog.getByLabel(/^De\b/).fill(friday);
  await dialog.getByLabel(/^Até/).fill(addDays(friday, 7));
  await dialog.getByLabel(/^Por dia\b/).fill('2');
  await expect(dialog.getByRole('switch', { name: 'Pular fins de semana' })).toBeChecked();
  await dialog.getByLabel('Observações').fill('Apresentar a nova linha');

  // The preview: each client in the order chosen with its date, Friday, Friday, Monday.
  await expect(previewRows(dialog)).toHaveText([`Alfa ${s.t}sex. ${shown(friday)}`, `Bravo ${s.t}sex. ${shown(friday)}`, `Charlie ${s.t}seg. ${shown(monday)}`]);
  await expect(dialog.getByTestId('create-many-summary')).toHaveText(`3 agendamentos de sex. ${shown(friday)} a seg. ${shown(monday)}.`);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Criar agendamentos' }).click();
  await expect(toast(page, '3 agendamentos adicionados com sucesso.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bar.getByTestId('selection-count')).toHaveText('Nenhum cliente selecionado');
  await expect(page.getByRole('checkbox', { name: `Selecionar Alfa ${s.t}` })).not.toBeChecked();

  // The pending list shows them, the salesman's, on their dates.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Agendamentos', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Agendamentos pendentes' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Pesquisar agendamentos' }).fill(s.t);
  const rows = page.getByTestId('scheduling-row');
  await expect(rows).toHaveCount(3);
  for (const [client, date] of [
    ['Alfa', friday],
    ['Bravo', friday],
    ['Charlie', monday],
  ] as const) {
    const row = rows.filter({ hasText: `${client} ${s.t}` });
    await expect(row).toContainText(shown(date));
    await expect(row).toContainText(s.type.name);
    await expect(row).toContainText('Vera Vendedora');
    await expect(row).toContainText('Pendente');
  }
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a period too short says how many it holds and sends nothing; a refusal of the API shows on its field and keeps what was typed', async ({ page, world }) => {
    test.setTimeout(90_000);
    const s = await setup(world, [{ name: 'Empório' }, { name: 'Feira' }, { name: 'Granja' }]);
    const friday = nextFriday();
    const monday = addDays(friday, 3);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= 375);

    await loginAs(page, world, world.salesman.email, '/clients');
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(s.t);
    await expect(page.getByTestId('client-card')).toHaveCount(3);
    // The page's clients at once, from the box above the cards.
    await page.getByRole('checkbox', { name: 'Selecionar todos desta página' }).check();
    const bar = page.getByRole('group', { name: 'Clientes escolhidos' });
    await expect(bar.getByTestId('selection-count')).toHaveText('3 clientes selecionados');
    await expect(page.getByRole('checkbox', { name: `Selecionar Feira ${s.t}` })).toBeChecked();
    expect(await fits()).toBe(true);

    await bar.getByRole('button', { name: 'Agendar visitas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agendar visitas' });
    // A salesman schedules only for himself: no salesman asked.
    await expect(dialog.getByRole('combobox', { name: /^Tipo de agendamento/ })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: /^Vendedor/ })).toHaveCount(0);
    await pick(page, dialog, /^Tipo de agendamento/, s.t, s.type.name);
    await dialog.getByRole('radio', { name: 'N por dia' }).check();
    await dialog.getByLabel(/^De\b/).fill(friday);
    await dialog.getByLabel(/^Até/).fill(monday);
    await dialog.getByLabel(/^Por dia\b/).fill('1');
    await dialog.getByLabel('Observações').fill('Levar catálogo');

    // Friday and Monday, one a day: room for 2 of the 3.
    const capacity = 'O período escolhido comporta 2 agendamentos; escolha mais dias ou mais por dia.';
    await expect(dialog.getByTestId('create-many-capacity')).toHaveText(capacity);
    await expect(previewRows(dialog)).toHaveText([`Empório ${s.t}—`, `Feira ${s.t}—`, `Granja ${s.t}—`]);
    expect(await fits()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Criar agendamentos' }).click();
    await expect(dialog.getByTestId('create-many-capacity')).toHaveText(capacity);
    await expect(dialog).toBeVisible();
    const salesman = (await world.login(world.salesman.email)).accessToken;
    const pending = async () => ((await call('GET', `/api/schedulings?list=pending&q=${s.t}`, { token: salesman })).body as { items: unknown[] }).items.length;
    expect(await pending()).toBe(0);

    // Two a day fits: Friday, Friday, Monday.
    await dialog.getByLabel(/^Por dia\b/).fill('2');
    await expect(dialog.getByTestId('create-many-capacity')).toHaveCount(0);
    await expect(previewRows(dialog)).toHaveText([`Empório ${s.t}sex. ${shown(friday)}`, `Feira ${s.t}sex. ${shown(friday)}`, `Granja ${s.t}seg. ${shown(monday)}`]);

    // Meanwhile the type is removed: the API refuses it on its field; what was typed stays.
    expect((await call('DELETE', `/api/schedulings-types/${s.type.id}`, { token: s.admin })).status).toBe(200);
    await dialog.getByRole('button', { name: 'Criar agendamentos' }).click();
    await expect(dialog.getByText('Informe o tipo de agendamento.')).toBeVisible();
    await expect(dialog.getByLabel('Observações')).toHaveValue('Levar catálogo');
    await expect(dialog.getByLabel(/^Por dia\b/)).toHaveValue('2');
    await expect(dialog.getByRole('radio', { name: 'N por dia' })).toBeChecked();
    expect(await pending()).toBe(0);

    const other = await poster(s.admin)('/api/schedulings-types', { name: `Retorno ${s.t}`, type: 'visit' });
    expect(other.id).toBeTruthy();
    await pick(page, dialog, /^Tipo de agendamento/, `Retorno ${s.t}`, `Retorno ${s.t}`);
    await dialog.getByRole('button', { name: 'Criar agendamentos' }).click();
    await expect(toast(page, '3 agendamentos adicionados com sucesso.')).toBeVisible();
    await expect(bar.getByTestId('selection-count')).toHaveText('Nenhum cliente selecionado');
    expect(await pending()).toBe(3);
    expect(await fits()).toBe(true);
  });
});
