import type { BrowserContext } from '@playwright/test';
import { call, makeWorld, poster, setCompanySetting, type World } from '../../functions/src/testing/world';
import { expect, PASSWORD, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Visits offline (issue 45, docs/offline.md "Visits offline"), at 375 px, in a company of this
 * file's own that requires a fix of 10 m for a visit's start: the salesman logs in online (the
 * portfolio brings his day), goes offline, opens the day's scheduling from the list the device
 * holds, is refused a start with a fix of 20 m (the company's rule applied on the device), starts
 * it with a fix of 5 m (queued with the device's time), reloads the page offline (the service
 * worker's shell, the visit still shown as started on this device), closes it with an occurrence
 * (added to the queued start: one item), and goes online: the queue is sent and the page shows the
 * server's record, completed, each check-in "Registrado offline" at the device's times.
 */

/** Where the salesman is: some 45 m from the client's shop. */
const HERE = { latitude: -22.3246, longitude: -49.0871 };
const SHOP = { latitude: -22.325, longitude: -49.0871 };

/** Today in São Paulo (the company's zone): the day's scheduling. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

let made: Promise<{ world: World; clientName: string; occurrence: string; schedulingId: string }> | undefined;
function company() {
  made ??= (async () => {
    const world = await makeWorld(`Visitas offline ${process.pid}`);
    await setCompanySetting(world, 'scheduling', 'geolocationRequired', true);
    await setCompanySetting(world, 'scheduling', 'minimumPrecision', 10);
    const post = poster((await world.login(world.admin.email)).accessToken);
    const address = { main: true, cep: '17010120', street: 'Rua Batista de Carvalho', number: '100', neighborhood: 'Centro', city: 'Bauru', state: 'SP', ...SHOP };
    const clientName = 'Mercearia Estrada Ltda';
    const [client, type] = await Promise.all([
      post('/api/clients', { name: clientName, birthDate: '1980-01-01', salesmanId: world.salesman.id, addresses: [address] }),
      post('/api/schedulings-types', { name: 'Visita de rota', type: 'visit' }),
      post('/api/occurrences-types', { name: 'Pedido tirado', type: 'schedulings' }),
    ]);
    const salesman = (await world.login(world.salesman.email)).accessToken;
    const created = await call('POST', '/api/schedulings', { token: salesman, body: { clientId: client.id, typeId: type.id, date: today(), scheduledStart: '09:00' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { world, clientName, occurrence: 'Pedido tirado', schedulingId: (created.body as { id: string }).id };
  })();
  return made;
}

test('a visit started and closed offline, across a reload, is sent on reconnect and gets its record with the device’s times', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { world, clientName, occurrence, schedulingId } = await company();
  let context: BrowserContext | undefined;
  try {
    // Its own context: service workers allowed (blocked in the other tests), so a reload offline is served from the worker's precache.
    context = await browser.newContext({
      baseURL,
      serviceWorkers: 'allow',
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: { width: 375, height: 812 },
      permissions: ['geolocation'],
      geolocation: { ...HERE, accuracy: 20 },
    });
    const page = await context.newPage();
    await page.goto('/login?redirect=/offline');
    await page.getByLabel('E-mail').fill(world.salesman.email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Trabalho offline', level: 1 })).toBeVisible();
    // The login's sync brought the day's scheduling.
    await expect(page.getByTestId('offline-count-schedulings')).toHaveText('1');
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!reg.active) throw new Error('no active service worker');
    });

    // Offline: the pending list is the device's (a load from the worker), the day's scheduling in it.
    await context.setOffline(true);
    await page.goto('/schedulings/pending');
    await expect(page.getByTestId('schedulings-from-device')).toContainText('Sem conexão');
    const card = page.getByTestId('scheduling-card').filter({ hasText: clientName });
    await expect(card).toContainText('Pendente');
    await card.click();
    await expect(page.getByRole('heading', { name: `Visita de rota - ${clientName}` })).toBeVisible();
    await expect(page.getByTestId('scheduling-from-device')).toBeVisible();
    // Offline only a start and a close: no edit, no cancel.
    await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancelar agendamento' })).toHaveCount(0);

    // The company's rule, on the device: a fix of 20 m where it asks 10 m is refused, nothing queued.
    await page.getByRole('button', { name: 'Iniciar' }).click();
    await expect(page.getByTestId('scheduling-move-error')).toHaveText('A localização veio com precisão de 20 m, acima dos 10 m que a empresa aceita. Tente de novo em um lugar aberto.');
    await expect(page.getByTestId('scheduling-device-visit')).toHaveCount(0);

    // A fix of 5 m: the start is queued with the device's time, and the page says so.
    await context.setGeolocation({ ...HERE, accuracy: 5 });
    await page.getByRole('button', { name: 'Iniciar' }).click();
    const waiting = page.getByTestId('scheduling-device-visit');
    await expect(page.getByTestId('scheduling-device-state')).toHaveText('Iniciada neste aparelho, aguardando envio.');
    await expect(page.getByTestId('scheduling-fields').getByTestId('scheduling-status')).toHaveText('Em andamento');
    const indicator = page.getByTestId('offline-indicator');
    await expect(indicator).toHaveAccessibleName(/1 aguardando envio/);
    const startedAt = (await waiting.locator('dd').first().textContent())!;
    expect(startedAt).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await seriousViolations(page)).toEqual([]);

    // A reload without a connection: the shell from the worker, the record and the queued start from the device.
    await page.reload();
    await expect(page.getByTestId('scheduling-device-state')).toHaveText('Iniciada neste aparelho, aguardando envio.');
    await expect(waiting.locator('dd').first()).toHaveText(startedAt);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);

    // The close: the occurrence types the device holds; it joins the queued start (still one item).
    await page.getByRole('button', { name: 'Encerrar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Encerrar agendamento' });
    await dialog.getByLabel(/^Tipo de ocorrência/).selectOption({ label: occurrence });
    await dialog.getByLabel('Observações de encerramento').fill('Pedido tirado sem sinal.');
    await dialog.getByRole('button', { name: 'Encerrar' }).click();
    await expect(page.getByTestId('scheduling-device-state')).toHaveText('Encerrada neste aparelho, aguardando envio.');
    await expect(page.getByTestId('scheduling-fields').getByTestId('scheduling-status')).toHaveText('Concluído');
    await expect(indicator).toHaveAccessibleName(/1 aguardando envio/);
    const closedAt = (await waiting.locator('dd').nth(1).textContent())!;
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await seriousViolations(page)).toEqual([]);

    // Online again: the queue is sent, the page shows the server's record at the device's times.
    await context.setOffline(false);
    await expect(page.getByTestId('scheduling-device-visit')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId('scheduling-from-device')).toHaveCount(0);
    await expect(page.getByTestId('scheduling-fields').getByTestId('scheduling-status')).toHaveText('Concluído');
    await expect(page.getByTestId('scheduling-fields')).toContainText(occurrence);
    await expect(page.getByTestId('check-in-start-offline')).toContainText(`Registrado offline às ${startedAt}`);
    await expect(page.getByTestId('check-in-end-offline')).toContainText(`Registrado offline às ${closedAt}`);
    await expect(page.getByTestId('check-in-start-distance')).toHaveText(/^4\d m$/);
    await expect(indicator).toHaveCount(0);

    // The server's record: completed once, the start's fix the one of 5 m, the offline keys the device made.
    const token = (await world.login(world.salesman.email)).accessToken;
    const record = (await call('GET', `/api/schedulings/${schedulingId}`, { token })).body as { status: string; version: number; start: { position: { accuracy: number }; offline: { key: string } }; end: { offline: { key: string } }; closingObservations: string };
    expect(record).toMatchObject({ status: 'completed', closingObservations: 'Pedido tirado sem sinal.', start: { position: { accuracy: 5 }, offline: { key: expect.stringMatching(/^start-/) } }, end: { offline: { key: expect.stringMatching(/^close-/) } } });
  } finally {
    await context?.close();
  }
});
