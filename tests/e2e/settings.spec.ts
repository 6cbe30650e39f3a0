import { call } from '../../functions/src/testing/world';
import { createUser } from './auth-helpers';
import { expect, loginAs, PASSWORD, test } from './fixtures';

test('the settings page shows the user data read only', async ({ page, world }) => {
  await loginAs(page, world, world.salesman.email, '/user/settings');
  await expect(page.getByRole('heading', { name: 'Meus dados' })).toBeVisible();
  // The card's data list (the layout shows the user and branch too).
  const data = page.locator('main dl');
  await expect(data.getByText('Vera Vendedora')).toBeVisible();
  await expect(data.getByText(world.salesman.email)).toBeVisible();
  await expect(data.getByText('Matriz', { exact: true })).toBeVisible();
  await expect(data.getByText(/^(Filial, Matriz|Matriz, Filial)$/)).toBeVisible();
  // Read only: no field to edit them.
  await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveCount(0);
});

test('a password change ends the session, says so on login, and the new password works', async ({ page, world }) => {
  const user = await createUser(world, 'troca');
  await loginAs(page, world, user.email, '/user/settings');
  await page.getByLabel('Senha atual').fill(PASSWORD);
  await page.getByLabel('Nova senha', { exact: true }).fill('outra-senha-forte-9');
  await page.getByLabel('Confirme a nova senha').fill('outra-senha-forte-9');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/^Senha alterada com sucesso\./)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe('');

  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill('outra-senha-forte-9');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a wrong current password shows the field error and keeps what was typed', async ({ page, world }) => {
  await loginAs(page, world, world.supervisor.email, '/user/settings');
  await page.getByLabel('Senha atual').fill('nao-e-a-senha-1');
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-123');
  await page.getByLabel('Confirme a nova senha').fill('nova-senha-123');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('A senha atual não confere.')).toBeVisible();
  await expect(page.getByLabel('Senha atual')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Senha atual')).toHaveValue('nao-e-a-senha-1');
  await expect(page.getByLabel('Nova senha', { exact: true })).toHaveValue('nova-senha-123');
  await expect(page.getByLabel('Confirme a nova senha')).toHaveValue('nova-senha-123');
  await expect(page).toHaveURL(/\/user\/settings$/);
  // The password did not change.
  await expect(world.login(world.supervisor.email)).resolves.toBeTruthy();
});

test('the form checks the fields before sending', async ({ page, world }) => {
  await loginAs(page, world, world.supervisor.email, '/user/settings');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Informe a senha atual.')).toBeVisible();
  await expect(page.getByText('A nova senha deve ter pelo menos 8 caracteres.')).toBeVisible();
  await expect(page.getByText('Confirme a nova senha.')).toBeVisible();
  await page.getByLabel('Senha atual').fill(PASSWORD);
  await page.getByLabel('Nova senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirme a nova senha').fill('diferente-1234');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('A nova senha deve ser diferente da atual.')).toBeVisible();
  await expect(page.getByText('A confirmação não confere com a nova senha.')).toBeVisible();
});

test('the active sessions: another device is listed, and “Encerrar as outras sessões” signs it out after a confirmation', async ({ page, world }) => {
  const user = await createUser(world, 'sessoes');
  const phone = await world.login(user.email);
  await loginAs(page, world, user.email, '/user/settings');
  const list = page.getByTestId('active-sessions');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Este navegador');
  await page.getByRole('button', { name: 'Encerrar as outras sessões' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('A outra sessão sairá do sistema e pedirá login de novo. Esta continua.');
  await ask.getByRole('button', { name: 'Encerrar as outras sessões' }).click();
  await expect(page.getByText('1 sessão encerrada.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Encerrar as outras sessões' })).toBeDisabled();
  const refused = await call('POST', '/api/auth/refresh', { body: { refreshToken: phone.refreshToken } });
  expect(refused.status).toBe(401);
});

test('a user changes its own nickname, phone and date format: a bad phone is named on its field, and every date follows the new format', async ({ page, world }) => {
  const user = await createUser(world, 'preferencias');
  await loginAs(page, world, user.email, '/user/settings');
  const card = page.locator('form').filter({ has: page.getByRole('button', { name: 'Salvar preferências' }) });
  await card.getByLabel('Apelido').fill('Preferida');
  await card.getByLabel('Telefone 1').fill('ramal doze');
  await card.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(card.getByText('O telefone deve conter apenas números, espaços, parênteses, + e -.')).toBeVisible();
  await expect(card.getByLabel('Apelido')).toHaveValue('Preferida');
  await card.getByLabel('Telefone 1').fill('(14) 3232-1010');
  await card.getByLabel('Formato de data').selectOption('yyyy-MM-dd');
  await card.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(page.getByText('Preferências salvas.')).toBeVisible();
  // The session's date format changed: the sessions' times are shown in it.
  await expect(page.getByTestId('active-sessions')).toContainText(/Entrou em \d{4}-\d{2}-\d{2} /);
  await page.reload();
  await expect(card.getByLabel('Apelido')).toHaveValue('Preferida');
  await expect(card.getByLabel('Telefone 1')).toHaveValue('(14) 3232-1010');
  await expect(card.getByLabel('Formato de data')).toHaveValue('yyyy-MM-dd');

  // A photo from the device: cropped, reduced, sent, and shown in the menu at once; then removed.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
  await card.getByTestId('avatar-file').setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Foto atualizada.')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Sua foto' })).toHaveAttribute('src', /^\/api\/avatars\//);
  const menuPhoto = page.getByRole('button', { name: /^Menu do usuário/ }).locator('img');
  await expect(menuPhoto).toHaveAttribute('src', /^\/api\/avatars\//);
  expect(await menuPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await card.getByRole('button', { name: 'Remover foto' }).click();
  await expect(page.getByText('Foto removida.')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Sua foto' })).toHaveCount(0);
  await expect(card.getByLabel('Apelido')).toHaveValue('Preferida');
});
