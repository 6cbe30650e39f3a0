import { expect, test } from './fixtures';

test('an unknown path shows the not-found page in the blank layout and keeps the URL', async ({ page }) => {
  await page.goto('/nao-existe/de-jeito-nenhum');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/nao-existe/de-jeito-nenhum');
  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('403 and its alias are public and show the denied-access text', async ({ page }) => {
  for (const path of ['/403', '/not-authorized']) {
    await page.goto(path);
    await expect(page.getByText('Você não tem permissão para acessar esses dados. Se isso se tratar de um erro entre em contato com a gerência.')).toBeVisible();
  }
});
