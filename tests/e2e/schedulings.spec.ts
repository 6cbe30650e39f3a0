import { call, poster, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The schedulings' screens (issue 15) at phone width: a salesman opens the pending list, schedules
 * a visit to his client, starts it where the browser says he is (the distance to the client's main
 * address shows), closes it with an occurrence type and finds it among the completed; where the
 * company requires a fix more precise than the browser's, the start is refused with the reason.
 * The pending list filters by type and by city (kept in the URL, at phone and desktop widths); a
 * pending one is edited in the creation's form (a 409 keeps what was typed); the home links the
 * one under way; a visit started and closed offline says so on its check-ins (issue 45).
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
  const [client, type, occurrence] = await Promise.all([
    post('/api/clients', { name: `Mercearia ${t} Ltda`, birthDate: '1980-01-01', salesmanId: world.salesman.id, addresses: [address] }),
    post('/api/schedulings-types', { name: `Visita ${t}`, type: 'visit' }),
    post('/api/occurrences-types', { name: `Pedido tirado ${t}`, type: 'schedulings' }),
  ]);
  return { admin, t, client: { id: client.id as string, name: `Mercearia ${t} Ltda` }, type: { id: type.id as string, name: `Visita ${t}` }, occurrence: `Pedido tirado ${t}`, occurrenceId: occurrence.id as string };
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

/** A pending scheduling of the salesman's, made as the form makes it. */
async function schedule(token: string, body: { clientId: string; typeId: string; date: string; observations?: string }) {
  const res = await call('POST', '/api/schedulings', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; version: number; salesmanId: string };
}

test('the pending list filters by type and by city, kept in the URL, at phone and desktop widths', async ({ page, world }) => {
  test.setTimeout(60_000);
  const s = await setup(world);
  const post = poster(s.admin);
  const other = { main: true, cep: '17500000', street: 'Rua Nove de Julho', number: '20', neighborhood: 'Fragata', city: 'Marília', state: 'SP' };
  const [client2, call2] = await Promise.all([
    post('/api/clients', { name: `Empório ${s.t} Ltda`, birthDate: '1980-01-01', salesmanId: world.salesman.id, addresses: [other] }),
    post('/api/schedulings-types', { name: `Ligação ${s.t}`, type: 'call' }),
  ]);
  const salesman = (await world.login(world.salesman.email)).accessToken;
  await schedule(salesman, { clientId: s.client.id, typeId: s.type.id, date: '2030-02-04' });
  await schedule(salesman, { clientId: client2.id, typeId: s.type.id, date: '2030-02-05' });
  await schedule(salesman, { clientId: s.client.id, typeId: call2.id, date: '2030-02-06' });

  // The test's own three, by the search text (the client's and the type's word).
  await loginAs(page, world, world.salesman.email, '/schedulings/pending');
  await page.getByRole('searchbox', { name: 'Pesquisar agendamentos' }).fill(s.t);
  const cards = page.getByTestId('scheduling-card');
  await expect(cards).toHaveCount(3);
  // A salesman sees only his own: no salesman filter for him.
  const filters = page.getByRole('group', { name: 'Filtros' });
  await expect(filters.getByRole('combobox', { name: 'Vendedor' })).toHaveCount(0);

  // By type: the registry's picker; the list and the URL follow.
  await filters.getByRole('combobox', { name: 'Tipo', exact: true }).click();
  await page.getByRole('combobox', { name: 'Buscar por nome' }).fill(s.t);
  await page.getByRole('option', { name: `Ligação ${s.t}` }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(`Ligação ${s.t}`);
  await expect(page).toHaveURL(new RegExp(`typeId=${call2.id}`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  // "Limpar filtros" brings the three back (the search stays).
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(cards).toHaveCount(3);
  await expect(page).not.toHaveURL(/typeId=/);

  // By city, as typed (accents and case aside): the one in Marília.
  await filters.getByLabel('Cidade').fill('marília');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(`Empório ${s.t} Ltda`);
  await expect.poll(() => new URL(page.url()).searchParams.get('city')).toBe('marília');

  // A reload keeps it, and so does the desktop's table.
  await page.reload();
  await expect(filters.getByLabel('Cidade')).toHaveValue('marília');
  await expect(cards).toHaveCount(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  const rows = page.getByTestId('scheduling-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toBeVisible();
  await expect(rows).toContainText('Fragata · Marília');
  await expect(filters.getByLabel('Cidade')).toHaveValue('marília');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a pending scheduling is edited in the creation\'s form: a 409 keeps what was typed, the save shows on the detail', async ({ page, world }) => {
  test.setTimeout(60_000);
  const s = await setup(world);
  const salesman = (await world.login(world.salesman.email)).accessToken;
  const created = await schedule(salesman, { clientId: s.client.id, typeId: s.type.id, date: '2030-03-10' });
  await loginAs(page, world, world.salesman.email, `/schedulings/${created.id}`);
  await expect(page.getByTestId('scheduling-fields')).toContainText('10/03/2030');

  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(new RegExp(`/schedulings/${created.id}/edit$`));
  await expect(page.getByRole('heading', { name: 'Editar agendamento' })).toBeVisible();
  // The form of /schedulings/create, filled with the scheduling.
  await expect(page.getByRole('combobox', { name: /^Cliente/ })).toHaveText(s.client.name);
  await expect(page.getByRole('combobox', { name: /^Tipo de agendamento/ })).toHaveText(s.type.name);
  await expect(page.getByLabel(/^Data/)).toHaveValue('10/03/2030');
  expect(await seriousViolations(page)).toEqual([]);

  // Someone else changes it meanwhile: the save answers 409, what was typed stays, the rest is read again.
  const put = await call('PUT', `/api/schedulings/${created.id}`, {
    token: s.admin,
    body: { clientId: s.client.id, typeId: s.type.id, date: '2030-03-10', salesmanId: created.salesmanId, observations: 'Levar o catálogo novo', version: created.version },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  await page.getByLabel(/^Data/).fill('2030-03-17');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('scheduling-form-error')).toHaveText('Este registro foi alterado por outra pessoa enquanto você editava. Recarregue para ver a versão atual; o que você digitou continua no formulário.');
  await expect(page.getByLabel(/^Data/)).toHaveValue('17/03/2030');
  await expect(page.getByLabel('Observações')).toHaveValue('Levar o catálogo novo');

  // Saved over the version read again: the detail shows the new date, and the other change kept.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Agendamento alterado com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/schedulings/${created.id}$`));
  await expect(page.getByTestId('scheduling-fields')).toContainText('17/03/2030');
  await expect(page.getByTestId('scheduling-fields')).toContainText('Levar o catálogo novo');
  await expect(page.getByTestId('scheduling-fields').getByTestId('scheduling-status')).toHaveText('Pendente');

  // One no longer pending is not edited: no "Editar", and its edit page says why.
  const cancelled = await call('POST', `/api/schedulings/${created.id}/cancel`, { token: salesman, body: { version: created.version + 2 } });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  await page.reload();
  await expect(page.getByTestId('scheduling-fields').getByTestId('scheduling-status')).toHaveText('Cancelado');
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await page.goto(`/schedulings/${created.id}/edit`);
  await expect(page.getByText('Só um agendamento pendente pode ser alterado.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
});

test('the home links the scheduling under way, and shows nothing without one', async ({ page, world }) => {
  const s = await setup(world);
  const salesman = (await world.login(world.salesman.email)).accessToken;
  const created = await schedule(salesman, { clientId: s.client.id, typeId: s.type.id, date: '2030-04-01' });
  // A visit started without a fix (the company does not require one).
  const started = await call('POST', `/api/schedulings/${created.id}/start`, { token: salesman, body: { version: created.version, position: null } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  try {
    await loginAs(page, world, world.salesman.email, '/home');
    const hint = page.getByTestId('active-scheduling');
    await expect(hint).toContainText(`Você tem um agendamento em andamento: ${created.name}`);
    expect(await seriousViolations(page)).toEqual([]);
    await hint.getByRole('link', { name: 'Abrir' }).click();
    await expect(page).toHaveURL(new RegExp(`/schedulings/${created.id}$`));
    await expect(page.getByRole('heading', { name: created.name })).toBeVisible();
    await expect(page.getByTestId('scheduling-fields').getByTestId('scheduling-status')).toHaveText('Em andamento');
  } finally {
    // The salesman is free again for the other tests (one under way at a time).
    const res = await call('POST', `/api/schedulings/${created.id}/cancel`, { token: salesman, body: { version: created.version + 1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  // None under way (the supervisor's): the answer is null, and no hint shows.
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/schedulings/active');
  await loginAs(page, world, world.supervisor.email, '/home');
  expect(await (await answered).json()).toBeNull();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Apenas um agendamento pode estar ativo por vez', { exact: false })).toBeVisible();
  await expect(page.getByTestId('active-scheduling')).toHaveCount(0);
});

/** A server timestamp as the page writes it in the user's time zone (São Paulo, the company's): "15/12/2026 21:40:00". */
function shown(ts: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(`${ts.replace(' ', 'T')}Z`))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

test('a visit started and closed offline says so on its check-ins, with the device’s times and when each was received (375 px and desktop, dark)', async ({ page, world }) => {
  const s = await setup(world);
  const salesman = (await world.login(world.salesman.email)).accessToken;
  const created = await schedule(salesman, { clientId: s.client.id, typeId: s.type.id, date: '2030-04-02' });
  // As the offline sync sends them: the device's keys and times of the actions, two hours ago.
  const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const startedAt = utc(Date.now() - 120 * 60_000);
  const closedAt = utc(Date.now() - 95 * 60_000);
  const started = await call('POST', `/api/schedulings/${created.id}/start`, { token: salesman, body: { version: created.version, offline: { key: `e2e-start-${s.t}`, at: startedAt } } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const closed = await call('POST', `/api/schedulings/${created.id}/close`, {
    token: salesman,
    body: { version: created.version + 1, occurrenceTypeId: s.occurrenceId, offline: { key: `e2e-close-${s.t}`, at: closedAt } },
  });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  const received = closed.body as { start: { offline: { receivedAt: string } }; end: { offline: { receivedAt: string } } };

  await loginAs(page, world, world.salesman.email, `/schedulings/${created.id}`, { theme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('check-in-start-offline')).toHaveText(`Registrado offline às ${shown(startedAt)}; recebido às ${shown(received.start.offline.receivedAt)}.`);
  await expect(page.getByTestId('check-in-end-offline')).toHaveText(`Registrado offline às ${shown(closedAt)}; recebido às ${shown(received.end.offline.receivedAt)}.`);
  await expect(page.getByTestId('scheduling-fields')).toContainText('25 min');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('check-in-end-offline')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
