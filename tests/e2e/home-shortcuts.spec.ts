import { salesCompany } from '../../functions/src/testing/sales';
import { call, makeWorld, poster, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The home's shortcuts (issue 41, docs/sales.md "Home shortcuts"): at 375 px in the light theme, a
 * salesman finds them first (a new order, today's itinerary, his drafts with their count, the hint
 * that one scheduling can be active at a time), and nothing below moves when their answers arrive;
 * at desktop width in the dark one, with a scheduling under way, the link to it.
 */
test.describe.configure({ mode: 'serial' });

let made: Promise<{ world: World; client: { id: string; name: string }; type: string }> | undefined;
/**
 * A company of this file's own (drafts and schedulings of other files would count): two drafts of
 * the salesman and one of the other salesman (outside his scope), a client of the salesman and a
 * visit type; made once per worker.
 */
function companyOf() {
  made ??= (async () => {
    const world = await makeWorld(`Atalhos ${process.pid}`);
    const s = await salesCompany(world);
    const arroz = await s.product('Arroz Tipo 1 5kg', '24.90', '100');
    const client = await s.client('Mercado Boa Vista');
    const line = [{ productId: arroz, quantity: '1', unitPrice: '24.90' }];
    await s.draft(client, line);
    await s.draft(client, line);
    const theirs = await s.post('/api/clients', { name: 'Empório Outro', nickname: 'Empório', email: 'compras@emporio.com.br', document: '11.444.777/0001-61', birthDate: '1990-05-05', salesmanId: world.otherSalesman.id });
    await s.draft(theirs.id, line, s.tokens.other);
    const type = await poster(s.tokens.admin)('/api/schedulings-types', { name: 'Visita de venda', type: 'visit' });
    return { world, client: { id: client, name: 'Mercado Boa Vista' }, type: type.id as string };
  })();
  return made;
}

test('375 px, light: the shortcuts first, his two drafts counted, the hint without a scheduling under way; the cards below stay put as the answers arrive', async ({ page }) => {
  const { world } = await companyOf();
  await page.setViewportSize({ width: 375, height: 812 });
  // The count and the scheduling under way held back until the page is drawn, then let through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/(sales\/totals|schedulings\/active)(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await loginAs(page, world, world.salesman.email, '/home', { theme: 'light' });
    const shortcuts = page.getByTestId('home-shortcuts');
    await expect(shortcuts.getByRole('link', { name: 'Novo pedido' })).toBeInViewport();
    await expect(shortcuts.getByRole('link', { name: 'Roteiro de hoje' })).toBeInViewport();
    await expect(shortcuts.getByTestId('drafts-count')).toContainText('Contando os rascunhos');
    // While the scheduling under way is asked, the hint (the rule holds either way), never an empty box.
    await expect(shortcuts.getByTestId('scheduling-hint')).toHaveText('Apenas um agendamento pode estar ativo por vez: conclua o atual antes de iniciar outro.');
    const cards = page.getByTestId('home-cards');
    await expect(cards).toBeVisible();
    const before = await cards.boundingBox();
    release();
    await expect(shortcuts.getByTestId('drafts-count')).toHaveText('2');
    await expect(shortcuts.getByTestId('scheduling-hint')).toHaveText('Apenas um agendamento pode estar ativo por vez: conclua o atual antes de iniciar outro.');
    await expect(page.getByTestId('active-scheduling')).toHaveCount(0);
    expect(await cards.boundingBox()).toEqual(before);
    // The last access, written a render after its card, in the user's format and time zone.
    await expect(cards).toContainText(/Último acesso: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // By keyboard: the drafts shortcut opens the sales list's drafts tab, his two drafts in it.
    await shortcuts.getByRole('link', { name: /Rascunhos/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sales\?tab=drafts$/);
    await expect(page.getByRole('radio', { name: 'Rascunhos', checked: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Rascunhos' }).getByRole('listitem')).toHaveCount(2);
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test('desktop, dark: with a scheduling under way, the link to it in place of the hint; today’s itinerary opens today’s', async ({ page }) => {
  const { world, client, type } = await companyOf();
  const salesman = (await world.login(world.salesman.email)).accessToken;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const made = await call('POST', '/api/schedulings', { token: salesman, body: { clientId: client.id, typeId: type, date: today } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const started = await call('POST', `/api/schedulings/${made.body.id}/start`, { token: salesman, body: { version: made.body.version, position: null } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const name = `Visita de venda - ${client.name}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, world, world.salesman.email, '/home', { theme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const shortcuts = page.getByTestId('home-shortcuts');
  const active = shortcuts.getByTestId('active-scheduling');
  await expect(active).toContainText(`Você tem um agendamento em andamento: ${name}`);
  await expect(shortcuts.getByTestId('scheduling-hint')).toHaveCount(0);
  await expect(shortcuts.getByTestId('drafts-count')).toHaveText('2');
  expect(await seriousViolations(page)).toEqual([]);

  await shortcuts.getByRole('link', { name: 'Roteiro de hoje' }).click();
  await expect(page).toHaveURL(/\/schedulings\/itineraries$/);
  await expect(page.getByText(client.name).first()).toBeVisible();
  await page.goBack();
  await active.getByRole('link', { name: 'Abrir' }).click();
  await expect(page).toHaveURL(new RegExp(`/schedulings/${made.body.id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
