import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';
import { REGISTRIES } from '../../packages/shared/src/registries/index';

/** Cadastros Gerais: the products, then every registry, for users who may read them all (the administrator, the presets). */
const REGISTRY_ENTRIES = ['Produtos', ...REGISTRIES.map((r) => r.title)];

test.use({ viewport: { width: 1440, height: 900 } });

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** The entries of the visible menu, by their text. */
async function menuEntries(page: Page): Promise<string[]> {
  const links = menu(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
}

test('the menu lists only the existing routes the user may open, in non-empty sections', async ({ page, world }) => {
  await loginAs(page, world, world.admin.email, '/home');
  expect(await menuEntries(page)).toEqual(['Início', 'Vendas', 'Clientes', 'Agendamentos', 'Roteiros', 'Posição de estoque', 'Tabela de preços', 'Mensagens', 'Respostas', 'Atendimento com IA', 'Modelos de mensagem', 'Dashboard gerencial', 'Mapa de geolocalização', 'Dashboard de vendas', 'Resultados das campanhas', 'Dashboard de clientes', 'Saldos de cashback e pontos', ...REGISTRY_ENTRIES, 'Controle de acesso', 'Permissões', 'Empresa', 'Mensagens (WhatsApp)', 'Logs', 'Minha conta']);
  const sectionsOf = () =>
    menu(page).getByRole('group').evaluateAll((els) => els.map((e) => e.getAttribute('aria-labelledby') && document.getElementById(e.getAttribute('aria-labelledby')!)?.textContent?.trim()));
  expect(await sectionsOf()).toEqual(['Início', 'Principal', 'Dashboards', 'Cadastros Gerais', 'Configurações']);

  // The salesman preset has no dashboard action: its entries go, and their section with them. Its
  // day's work comes first (sales, clients, visits), and the registries it may only read stand in
  // their own group.
  await loginAs(page, world, world.salesman.email, '/home');
  expect(await menuEntries(page)).toEqual(['Início', 'Vendas', 'Clientes', 'Agendamentos', 'Roteiros', 'Posição de estoque', 'Tabela de preços', ...REGISTRY_ENTRIES, 'Minha conta']);
  expect(await sectionsOf()).toEqual(['Início', 'Principal', 'Cadastros para consulta', 'Configurações']);
  await expect(menu(page).getByRole('link', { name: 'Controle de acesso' })).toHaveCount(0);
});

test('the user menu shows the display name and the company name, and opens profile and customizer', async ({ page, world }) => {
  const { data } = await world.login(world.supervisor.email);
  const display = ((data.user.apelido || data.user.nome) as string).trim().split(/\s+/)[0];
  const company = (data.company.apelido || data.company.nome) as string;
  await loginAs(page, world, world.supervisor.email, '/home');
  const trigger = page.getByRole('button', { name: /^Menu do usuário/ });
  await expect(trigger).toContainText(display!);
  await trigger.click();
  const header = page.getByTestId('user-menu-header');
  await expect(header).toContainText(display!);
  await expect(page.getByTestId('user-menu-company')).toHaveText(company);
  await expect(page.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Meu perfil' }).click();
  await expect(page).toHaveURL(/\/user\/settings$/);
  // The settings page is in place (and the closed menu gone) before the menu opens again.
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações da conta' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Meu perfil' })).toHaveCount(0);
  await trigger.click();
  await page.getByRole('menuitem', { name: 'Personalizar' }).click();
  await expect(page.getByRole('dialog', { name: 'Personalizar tema' })).toBeVisible();
});

test('"Sair" logs out, shows the message and goes to login', async ({ page, world }) => {
  await loginAs(page, world, world.employee.email, '/home');
  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByText('Você foi desconectado do sistema com sucesso. Redirecionando.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the branch switch changes the shown branch, and the choice survives a reload', async ({ page, world }) => {
  await loginAs(page, world, world.supervisor.email, '/home');
  const switcher = page.getByTestId('branch-switcher');
  await expect(switcher).toHaveText('Matriz');
  const switched = page.waitForResponse((r) => r.url().endsWith('/api/auth/branch') && r.request().method() === 'POST');
  await switcher.click();
  await page.getByRole('menuitemradio', { name: 'Filial' }).click();
  expect((await switched).status()).toBe(200);
  await expect(switcher).toHaveText('Filial');
  await expect(page.getByText('Filial alterada para Filial.')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData')))!).branch.nome).toBe('Filial');
  await page.reload();
  await expect(page.getByTestId('branch-switcher')).toHaveText('Filial');
});

test('a user without a branch sees the session message instead of a switch', async ({ page, world }) => {
  await loginAs(page, world, world.employee.email, '/home');
  await expect(page.getByTestId('branch-switcher')).toHaveCount(0);
  await page.getByRole('button', { name: /Sem filial liberada/ }).click();
  await expect(page.getByRole('menu').getByRole('status')).toContainText('Seu perfil não possui filiais liberadas');
});

test('the health banner appears when /api/health does not answer, polls every 30 s, and goes away', async ({ page, world }) => {
  await page.clock.install();
  // Playwright's clock also runs AbortSignal.timeout: a check still on its way when the clock jumps
  // 30 s would be cut by its 10 s bound and show the banner without any failure of ours.
  let checking = 0;
  const isHealth = (r: { url(): string }) => r.url().endsWith('/api/health');
  page.on('request', (r) => void (isHealth(r) && checking++));
  page.on('requestfinished', (r) => void (isHealth(r) && checking--));
  page.on('requestfailed', (r) => void (isHealth(r) && checking--));
  await loginAs(page, world, world.salesman.email, '/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => checking).toBe(0);
  const banner = page.getByTestId('health-banner');
  await expect(banner).toHaveCount(0);

  let calls = 0;
  await page.route('**/api/health', (route) => {
    calls += 1;
    return route.abort('connectionrefused');
  });
  await page.clock.runFor(30_000);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Servidor sem resposta. Verifique sua conexão; tentaremos novamente.');
  expect(calls).toBeGreaterThanOrEqual(1);

  // While it fails, the retry button checks at once.
  const before = calls;
  await banner.getByRole('button', { name: 'Tentar agora' }).click();
  await expect.poll(() => calls).toBeGreaterThan(before);
  await expect(banner).toBeVisible();

  await page.unroute('**/api/health');
  await page.clock.runFor(10_000);
  await expect(banner).toHaveCount(0);
});

test('an unhealthy answer shows the banner at once on load, and the retry button clears it', async ({ page, world }) => {
  await page.route('**/api/health', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":"unhealthy"}' }));
  await loginAs(page, world, world.salesman.email, '/home');
  const banner = page.getByTestId('health-banner');
  await expect(banner).toContainText('O servidor está com problemas no momento; tentaremos novamente.');
  await page.unroute('**/api/health');
  await banner.getByRole('button', { name: 'Tentar agora' }).click();
  await expect(banner).toHaveCount(0);
});

for (const width of [1024, 390]) {
  test(`below 1280 px (${width}) the navigation is an overlay opened by the menu button; at 1440 the chosen layout returns`, async ({ page, world }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, world, world.admin.email, '/home', { 'layout-nav': 'horizontal' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('horizontal-nav')).toHaveCount(0);
    await expect(page.getByTestId('vertical-nav')).toHaveCount(0);

    const button = page.getByRole('button', { name: 'Abrir menu' });
    await button.click();
    const overlay = page.getByRole('dialog', { name: 'Menu principal' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole('link', { name: 'Controle de acesso' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Focus is trapped in the sheet: Tab never leaves it.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await overlay.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
    await expect(button).toBeFocused();

    // Choosing a page closes the sheet.
    await button.click();
    await overlay.getByRole('link', { name: 'Minha conta' }).click();
    await expect(page).toHaveURL(/\/user\/settings$/);
    await expect(overlay).toHaveCount(0);

    // Wide again: the chosen horizontal layout, no overlay button.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId('horizontal-nav')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveCount(0);
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByTestId('horizontal-nav')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
  });
}

test('at 390 px the page is usable: no horizontal scroll, and branch and language sit in the user menu', async ({ page, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, world, world.supervisor.email, '/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: /^Filial:/ }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Matriz' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByRole('dialog', { name: 'Pesquisa global' })).toBeVisible();
});

test('scroll-to-top appears past 200 px, scrolls smoothly to the top, and is not printed', async ({ page, world }) => {
  await loginAs(page, world, world.salesman.email, '/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('#main-content').evaluate((main) => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    main.append(spacer);
  });
  const button = page.getByRole('button', { name: 'Voltar ao topo' });
  await page.evaluate(() => window.scrollTo(0, 150));
  await page.waitForFunction(() => window.scrollY === 150);
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 200));
  await page.waitForFunction(() => window.scrollY === 200);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 201));
  await expect(button).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 800));
  await expect(button).toBeVisible();
  await expect(button).toHaveClass(/no-print/);
  await page.emulateMedia({ media: 'print' });
  await expect(button).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
});

test('the slim loading bar shows while a page loads, stays at or under 82 %, then goes away', async ({ page, world }) => {
  await loginAs(page, world, world.admin.email, '/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The access-control page's code arrives slowly.
  await page.route(/\/assets\/access-control[^/]*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await route.continue();
  });
  await menu(page).getByRole('link', { name: 'Controle de acesso' }).click();
  const bar = page.getByRole('progressbar', { name: 'Carregando a página' });
  await expect(bar).toBeVisible();
  const first = Number(await bar.getAttribute('aria-valuenow'));
  expect(first).toBeGreaterThan(0);
  // It advances while the code is on its way, and never past 82 %.
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 2000 }).toBeGreaterThan(first);
  const seen: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    seen.push(Number(await bar.getAttribute('aria-valuenow')));
    await page.waitForTimeout(300);
  }
  expect(Math.max(...seen)).toBeLessThanOrEqual(82);
  await expect(page).toHaveURL(/\/access-control$/);
  await expect(bar).toHaveCount(0);
});
