import { call, poster, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The schedulings' screens (issue 15) at phone width: a salesman opens the pending list, schedules
 * a visit to his client, starts it where the browser says he is (the distance to the client's main
 * address shows), closes it with an occurrence type and finds it among the completed; where the
 * company requires a fix more precise than the browser's, the start is refused with the reason.
 */

/** Where the browser says the salesman is: some 45 m from the client's shop. */
const HERE = { latitude: -22.3246, longitude: -49.0871, accuracy: 20 };
const SHOP = { latitude: -22.325, longitude: -49.0871 };

test.use({ viewport: { width: 375, height: 800 }, geolocation: HERE, permissions: ['geolocation'] });

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** A client of the salesman with a main address at the shop, a visit type and an occurrence type, all the test's own. */
async function setup(world: World) {
  const admin = (await world.login(world.admin.email)).accessToken;
  const post = poster(admin);
  const t = tag();
  const address = { main: true, cep: '17010120', street: 'Rua Batista de Carvalho', number: '100', neighborhood: 'Centro', city: 'Bauru', state: 'SP', ...SHOP };
  const [client, type] = await Promise.all([
    post('/api/clients', { name: `Mercearia ${t} Ltda`, birthDate: '1980-01-01', salesmanId: world.salesman.id, addresses: [address] }),
    post('/api/schedulings-types', { name: `Visita ${t}`, type: 'visit' }),
    post('/api/occurrences-types', { name: `Pedido tirado ${t}`, type: 'schedulings' }),
  ]);
  return { admin, t, client: { id: client.id as string, name: `Mercearia ${t} Ltda` }, type: { id: type.id as string, name: `Visita ${t}` }, occurrence: `Pedido tirado ${t}` };
}

/** The company's scheduling settings, changed as the company page saves them (PUT /api/company over the version read). */
async function setScheduling(token: string, values: Record<string, unknown>) {
  const company = (await call('GET', '/api/company', { token })).body as Record<string, unknown> & { settings: { scheduling: Record<string, unknown> } };
  const { name, nickname, document, observations, taxRegime, settings, version } = company;
  const res = await call('PUT', '/api/company', { token, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, scheduling: { ...settings.scheduling, ...values } } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

test('a salesman schedules a visit, starts it where he is, closes it and finds it among the completed', async ({ page, world }) => {
  test.setTimeout(60_000);
  const s = await setup(world);
  await loginAs(page, world, world.salesman.email, '/schedulings/pending');
  await expect(page.getByRole('heading', { name: 'Agendamentos pendentes' })).toBeVisible();

  await page.getByRole('link', { name: 'Novo agendamento' }).click();
  await expect(page.getByRole('heading', { name: 'Novo agendamento' })).toBeVisible();
  await page.getByRole('combobox', { name: /^Cliente/ }).click();
  await page.getByRole('combobox', { name: /Buscar por nome/ }).fill(s.t);
  await page.getByRole('option', { name: s.client.name }).click();
  await page.getByRole('combobox', { name: /^Tipo de agendamento/ }).click();
  await page.getByRole('combobox', { name: /Buscar por nome/ }).fill(s.t);
  await page.getByRole('option', { name: s.type.name }).click();
  await page.getByLabel(/^Hora inicial/).fill('0930');
  await page.getByLabel(/^Hora final/).fill('0900');
  await page.getByRole('button', { name: 'Salvar' }).click();
  // The schema's rule, on its field, before anything is sent.
  await expect(page.getByText('A hora final deve ser posterior à inicial.')).toBeVisible();
  await page.getByLabel(/^Hora final/).fill('1000');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Agendamento adicionado com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/schedulings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `${s.type.name} - ${s.client.name}` })).toBeVisible();
  await expect(page.getByTestId('scheduling-fields').getByTestId('scheduling-status')).toHaveText('Pendente');
  await expect(page.getByTestId('scheduling-fields')).toContainText('09:30 – 10:00');

  // The start sends the browser's position; the check-in shows its accuracy and the distance to the shop.
  await page.getByRole('button', { name: 'Iniciar' }).click();
  await expect(page.getByText('Agendamento iniciado.')).toBeVisible();
  await expect(page.getByTestId('scheduling-fields').getByTestId('scheduling-status')).toHaveText('Em andamento');
  await expect(page.getByTestId('check-in-start')).toContainText('20 m');
  await expect(page.getByTestId('check-in-start-distance')).toHaveText(/^4\d m$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Closing asks the occurrence type: required.
  await page.getByRole('button', { name: 'Encerrar' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Encerrar' }).click();
  await expect(dialog).toContainText('Informe o tipo de ocorrência.');
  await dialog.getByLabel(/^Tipo de ocorrência/).selectOption({ label: s.occurrence });
  await dialog.getByLabel('Observações de encerramento').fill('Pedido de reposição');
  await dialog.getByRole('button', { name: 'Encerrar' }).click();
  await expect(page.getByText('Agendamento encerrado.')).toBeVisible();
  await expect(page.getByTestId('scheduling-fields').getByTestId('scheduling-status')).toHaveText('Concluído');
  await expect(page.getByTestId('scheduling-fields')).toContainText(s.occurrence);
  await expect(page.getByRole('button', { name: 'Encerrar' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Agendamentos concluídos' }).click();
  await expect(page.getByRole('heading', { name: 'Agendamentos concluídos' })).toBeVisible();
  const card = page.getByTestId('scheduling-card').filter({ hasText: s.client.name });
  await expect(card).toContainText('Concluído');
  await expect(card).toContainText(s.type.name);
  expect(await seriousViolations(page)).toEqual([]);
  // Not among the pending any more.
  await page.getByRole('link', { name: 'Pendentes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Agendamentos pendentes' })).toBeVisible();
  await expect(page.getByTestId('scheduling-card').filter({ hasText: s.client.name })).toHaveCount(0);
});

test('where the company requires a fix more precise than the browser gives, the start is refused with the reason', async ({ page, world }) => {
  const s = await setup(world);
  await setScheduling(s.admin, { geolocationRequired: true, minimumPrecision: 10 });
  try {
    const salesman = (await world.login(world.salesman.email)).accessToken;
    const created = await call('POST', '/api/schedulings', { token: salesman, body: { clientId: s.client.id, typeId: s.type.id, date: '2026-12-01' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await loginAs(page, world, world.salesman.email, `/schedulings/${(created.body as { id: string }).id}`);
    await page.getByRole('button', { name: 'Iniciar' }).click();
    await expect(page.getByTestId('scheduling-move-error')).toHaveText('A localização veio com precisão de 20 m, acima dos 10 m que a empresa aceita. Tente de novo em um lugar aberto.');
    await expect(page.getByTestId('scheduling-fields').getByTestId('scheduling-status')).toHaveText('Pendente');
  } finally {
    await setScheduling(s.admin, { geolocationRequired: false, minimumPrecision: 500 });
  }
});
