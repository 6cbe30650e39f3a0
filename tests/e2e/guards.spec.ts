import { expect, loginAs, PASSWORD, test } from './fixtures';

test('not logged in on /home goes to login with the path as redirect and the warning', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/home');
  await expect(page.getByText('Autentique-se antes de prosseguir.')).toBeVisible();
});

test('after logging in through the form the user lands on the redirect path', async ({ page, world }) => {
  await page.goto('/user/settings');
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user/settings');
  await page.getByLabel('E-mail').fill(world.supervisor.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/user\/settings$/);
  await expect(page.getByRole('heading', { name: 'Configurações da conta' })).toBeVisible();
});

test('a redirect to another site is ignored: the user lands on home', async ({ page, world }) => {
  await page.goto('/login?redirect=%2F%2Fexample.com%2Fphishing');
  await page.getByLabel('E-mail').fill(world.supervisor.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('logged in, visiting login goes home with the already-logged-in notice', async ({ page, world }) => {
  await loginAs(page, world, world.salesman.email, '/login');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Você já está autenticado. Redirecionando.')).toBeVisible();
  await page.goto('/login-forgot-password');
  await expect(page).toHaveURL(/\/home$/);
});

test('a salesman on /access-control goes to 403', async ({ page, world }) => {
  await loginAs(page, world, world.salesman.email, '/access-control');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText('Você não tem permissão para acessar esses dados. Se isso se tratar de um erro entre em contato com a gerência.')).toBeVisible();
});

test('an administrator on /access-control sees the page', async ({ page, world }) => {
  await loginAs(page, world, world.admin.email, '/access-control');
  await expect(page).toHaveURL(/\/access-control$/);
  await expect(page.getByRole('heading', { name: 'Controle de acesso', level: 1 })).toBeVisible();
});

test('/ goes to /home', async ({ page, world }) => {
  await loginAs(page, world, world.employee.email, '/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /Olá, Fábio/ })).toBeVisible();
});

test('public routes open without a session', async ({ page }) => {
  const pages: [string, RegExp | string][] = [
    ['/login', 'Acesse sua conta'],
    ['/login-forgot-password', 'Esqueceu a senha?'],
    ['/403', 'Acesso negado'],
    ['/not-authorized', 'Acesso negado'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path);
  }
});

test('an unknown path keeps its URL', async ({ page }) => {
  await page.goto('/isto/nao/existe?x=1');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/isto/nao/existe');
});
