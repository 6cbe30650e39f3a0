import { expect, loginAs, test } from './fixtures';

test('an administrator (manage all) sees every action of every module allowed', async ({ page, world }) => {
  await loginAs(page, world, world.admin.email, '/access-control');
  await expect(page.getByText('Seu perfil tem acesso total: pode ver, criar, alterar, excluir e abrir os dashboards de todos os módulos.')).toBeVisible();
  const clients = page.getByRole('row', { name: /^Clientes / });
  await expect(clients.getByText('Permitido', { exact: true })).toHaveCount(5);
  await expect(page.getByText('Não permitido')).toHaveCount(0);
});

test('the page says in words what a narrower profile may do, decided by the CASL rules', async ({ page, world }) => {
  // The session's abilities as the server would answer them for a custom profile.
  await page.route('**/api/auth/me', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data.abilities = [
      { action: 'read', subject: ['auth', 'AclDemo', 'estoques'] },
      { action: ['create', 'read', 'update'], subject: 'clientes' },
      { action: 'read', subject: 'vendas', conditions: { salesmanId: body.data.user.id } },
    ];
    await route.fulfill({ response: res, json: body });
  });
  await loginAs(page, world, world.admin.email, '/access-control');
  await expect(page.getByRole('heading', { name: 'Controle de acesso', level: 1 })).toBeVisible();
  await expect(page.getByText('Seu perfil tem acesso total')).toHaveCount(0);
  await expect(page.getByText('Pode ver, criar e alterar:')).toBeVisible();
  await expect(page.getByText('Pode ver:', { exact: true })).toBeVisible();
  await expect(page.getByText('Acesso ao sistema, Controle de acesso e Estoques.')).toBeVisible();
  await expect(page.getByText('Pode ver, em parte (só alguns registros ou campos):')).toBeVisible();
  const clients = page.getByRole('row', { name: /^Clientes / });
  await expect(clients.getByText('Permitido', { exact: true })).toHaveCount(3);
  await expect(clients.getByText('Não permitido', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /^Vendas / }).getByText('Permitido em parte', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /^Logs / }).getByText('Não permitido', { exact: true })).toHaveCount(5);
});
