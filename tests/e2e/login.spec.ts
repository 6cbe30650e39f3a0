import { createUser, storedKeys, temporaryPasswordFor } from './auth-helpers';
import { expect, PASSWORD, test } from './fixtures';
import { holdScripts } from './layout-helpers';

test('the form checks the e-mail and the password in Portuguese', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Informe o e-mail.')).toBeVisible();
  await expect(page.getByText('Informe a senha.')).toBeVisible();
  await page.getByLabel('E-mail').fill('isto-nao-e-um-email');
  await expect(page.getByText('Informe um e-mail válido.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
});

test('a wrong password shows the API message and keeps what was typed', async ({ page, world }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(world.supervisor.email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada-999');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.');
  await expect(page.getByLabel('E-mail')).toHaveValue(world.supervisor.email);
  await expect(page.getByLabel('Senha', { exact: true })).toHaveValue('senha-errada-999');
  await expect(page).toHaveURL(/\/login$/);
});

test('no connection shows the generic login error and keeps what was typed', async ({ page, world }) => {
  await page.route('**/api/login', (route) => route.abort('internetdisconnected'));
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(world.supervisor.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ocorreu um erro e não foi possível efetuar seu acesso no sistema. Tente novamente.');
  await expect(page.getByLabel('E-mail')).toHaveValue(world.supervisor.email);
});

test('the login page shows before its scripts arrive; what is typed and sent then is kept and sent by the app', async ({ page, world }) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await page.getByLabel('E-mail').fill(world.supervisor.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The browser did not send the form itself: the password never reaches the address.
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/home$/);
  expect((await storedKeys(page)).accessToken).toBeTruthy();
});

test('what is typed before the scripts arrive stays in the fields, with the focus where it was', async ({ page, world }) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill(world.supervisor.email);
  await page.getByLabel('Senha', { exact: true }).fill('meio-digitad');
  release();
  // The app has drawn the page in place of the prerendered one.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByLabel('E-mail')).toHaveValue(world.supervisor.email);
  await expect(page.getByLabel('Senha', { exact: true })).toBeFocused();
  await page.keyboard.type('o');
  await expect(page.getByLabel('Senha', { exact: true })).toHaveValue('meio-digitado');
  await page.getByRole('button', { name: 'Mostrar senha' }).click();
  await expect(page.getByLabel('Senha', { exact: true })).toHaveAttribute('type', 'text');
});

test('a login page with a notice is not shown before the app draws it', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/login?expired=1', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeHidden();
  release();
  await expect(page.getByRole('status')).toHaveText('O seu token de acesso expirou. Autentique-se novamente para ter acesso ao sistema.');
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
});

test('forgot password answers the neutral confirmation for an unknown e-mail', async ({ page, world }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await expect(page).toHaveURL(/\/login-forgot-password$/);
  // The URL changes while the page's code is still on its way and the login form still shows (its
  // own "E-mail" field): wait for the new page before typing.
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueceu a senha?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(`ninguem@${world.domain}`);
  await page.getByRole('button', { name: 'Enviar senha temporária' }).click();
  await expect(page.getByText('Se o e-mail informado estiver cadastrado, enviaremos uma senha temporária para ele em instantes.')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para o login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password shows the reset error when the request fails', async ({ page }) => {
  await page.route('**/api/auth/forgot-password', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","code":"internal","message":"x"}' }));
  await page.goto('/login-forgot-password');
  await page.getByLabel('E-mail').fill('alguem@example.com');
  await page.getByRole('button', { name: 'Enviar senha temporária' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ocorreu um erro durante a redefinição de senha. Tente novamente. Caso o erro persista entre em contato com o suporte técnico.');
  await expect(page.getByLabel('E-mail')).toHaveValue('alguem@example.com');
});

test('a temporary password leads to the forced new password, then into the app', async ({ page, world }) => {
  const user = await createUser(world, 'temporaria');
  await page.goto('/login-forgot-password');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Enviar senha temporária' }).click();
  await expect(page.getByText('Se o e-mail informado estiver cadastrado')).toBeVisible();
  const temporary = await temporaryPasswordFor(user.email);

  await page.goto('/login?redirect=%2Fuser%2Fsettings');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Defina uma nova senha' })).toBeVisible();
  // The temporary session is held in memory only: nothing is stored yet.
  expect((await storedKeys(page)).accessToken ?? '').toBe('');

  await page.getByLabel('Nova senha', { exact: true }).fill('curta');
  await page.getByLabel('Confirme a nova senha').fill('outra');
  await page.getByRole('button', { name: 'Salvar a nova senha e entrar' }).click();
  await expect(page.getByText('A nova senha deve ter pelo menos 8 caracteres.')).toBeVisible();
  await expect(page.getByText('A confirmação não confere com a nova senha.')).toBeVisible();

  await page.getByLabel('Nova senha', { exact: true }).fill('minha-nova-senha-1');
  await page.getByLabel('Confirme a nova senha').fill('minha-nova-senha-1');
  await page.getByRole('button', { name: 'Salvar a nova senha e entrar' }).click();
  await expect(page).toHaveURL(/\/user\/settings$/);
  await expect(page.locator('main dl').getByText(user.email)).toBeVisible();
  // The new password is the password now; the old one keeps nothing open.
  await expect(world.login(user.email, 'minha-nova-senha-1')).resolves.toMatchObject({ data: { mustChangePassword: false } });
  await expect(world.login(user.email, PASSWORD)).rejects.toThrow(/401/);
});

test('a user without an allowed branch is told so after login', async ({ page, world }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(world.employee.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('[data-sonner-toast]').getByText(/^Seu perfil não possui filiais liberadas\./)).toBeVisible();
});

test('in English the page and the API error are translated', async ({ page, world }) => {
  await page.goto('/login?message=Perfil%20inativo.');
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByText('Inactive profile.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter the e-mail.')).toBeVisible();
  await page.getByLabel('E-mail').fill(world.supervisor.email);
  await page.getByLabel('Password', { exact: true }).fill('senha-errada-999');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');
});
