import type { Page } from '@playwright/test';
import { Operators } from '../../packages/core/src/operators';
import { UsageRepository } from '../../packages/core/src/usage/repository';
import { call } from '../../functions/src/testing/world';
import { expect, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * A company's data and compare-and-copy in the operators' area (issue 42, docs/admin.md "A company's
 * data", "Compare and copy setups"): an operator of this file's own opens a company it made, reads
 * its data with its password (the items and size per kind), goes from there to the comparison with
 * that company as the source, picks the target, and sees a payment condition only in the source and
 * one that differs; copying the differing one is held until "substituir no destino" is ticked; the
 * copy (password again) of a region without the price table it points to is refused whole with the
 * API's text; with the table chosen too, it creates three and updates one, the target's own API then
 * has the conditions as the source has them, and the comparison read again shows nothing differing. No serious accessibility violation at desktop
 * (light) and phone (dark) widths, and no sideways scroll on the phone.
 */
const OP_PASSWORD = 'operador-compare-123';
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

/** A company opened through the operator's API, with its administrator's token. */
async function opened(op: string, label: string, tag: string) {
  const admin = { email: `admin-${label.toLowerCase()}-${tag}@compare-e2e.test`, password: 'primeira-senha-1' };
  const name = `${label} Compare ${tag}`;
  const made = await call('POST', '/api/admin/companies', { token: op, body: { name, branch: { name: 'Matriz' }, admin: { name: 'Alice Administradora', ...admin }, adminPassword: OP_PASSWORD } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const login = await call('POST', '/api/login', { body: admin });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const token = login.body.data.accessToken as string;
  const post = async (path: string, body: unknown) => expect((await call('POST', path, { token, body })).status).toBe(201);
  return { id: made.body.id as string, name, token, post };
}

/** The password dialog: types the operator's password and confirms. */
async function confirmWith(page: Page, name: string, button: string) {
  const dialog = page.getByRole('alertdialog', { name });
  await dialog.getByLabel('Sua senha de administrador').fill(OP_PASSWORD);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an operator reads a company\'s data, compares it with another and copies a payment condition over (one created, one written over once confirmed)', async ({ page }) => {
  // Two companies opened, a data view, two comparisons and a copy: room for a loaded machine.
  test.setTimeout(90_000);
  const tag = stamp();
  const email = `operador-compare-${tag}@servico.test`;
  await Operators.create({ email, name: `Otto Operador ${tag}`, password: OP_PASSWORD });
  const op = (await call('POST', '/api/admin/login', { body: { email, password: OP_PASSWORD } })).body.token as string;
  const [source, target] = await Promise.all([opened(op, 'Origem', tag), opened(op, 'Destino', tag)]);
  await source.post('/api/payments-conditions', { name: 'Boleto 30/60', terms: [30, 60] });
  await source.post('/api/payments-conditions', { name: 'Cartão 30', terms: [30], discountRate: '1,5' });
  await target.post('/api/payments-conditions', { name: 'Cartão 30', terms: [30], discountRate: '2' });
  // A region pointing to a price table the target does not have: copied alone, refused.
  const table = (await call('POST', '/api/price-tables', { token: source.token, body: { name: 'Atacado Sul' } })).body as { id: string };
  await source.post('/api/regions', { name: 'Região Sul', priceTableId: table.id });
  // The browser tests' table has no stream (tests/e2e/global-setup.ts), so nothing counts these
  // companies' items: the source's figures are written as the count would (the counting itself is
  // functions/src/routes/admin.integration.test.ts's). 12,899,533 bytes are 12.3 MB.
  await UsageRepository.replace(
    new Map([[source.id, new Map([['CLIENT', { items: 120, bytes: 9_000_000 }], ['SALE', { items: 300, bytes: 3_897_485 }], ['L', { items: 10, bytes: 2_048 }]])]]),
    new Map(),
    new Date().toISOString(),
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/admin/${source.id}`);
  const signIn = page.getByRole('form', { name: 'Administração do serviço' });
  await signIn.getByLabel('E-mail').fill(email);
  await signIn.getByLabel('Senha', { exact: true }).fill(OP_PASSWORD);
  await signIn.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: source.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('company-details')).toContainText('12,3 MB');

  // The company's data, asked with the password: the items and size, per kind by size.
  const data = page.getByTestId('company-data');
  await data.getByRole('button', { name: 'Ver dados da empresa' }).click();
  await confirmWith(page, 'Ver os dados da empresa', 'Ver dados da empresa');
  const view = data.getByTestId('company-data-view');
  await expect(view).toContainText(`T#${source.id}`);
  await expect(view).toContainText('430');
  await expect(view).toContainText('12,3 MB');
  const kinds = view.getByTestId('company-data-kinds').locator('tbody tr');
  await expect(kinds).toHaveCount(3);
  await expect(kinds.nth(0)).toContainText('Clientes, parcelas, sucata e fidelidade');
  await expect(kinds.nth(0)).toContainText('CLIENT');
  await expect(kinds.nth(0)).toContainText('120');
  await expect(kinds.nth(1)).toContainText('Vendas e itens');
  await expect(kinds.nth(2)).toContainText('< 0,1 MB');
  expect(await seriousViolations(page)).toEqual([]);

  // To the comparison with this company as the source; the target picked by searching it.
  await data.getByRole('link', { name: 'Esta como origem' }).click();
  await expect(page.getByRole('heading', { name: 'Comparar empresas', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Origem' })).toHaveText(source.name);
  await page.getByRole('button', { name: 'Comparar', exact: true }).click();
  await expect(page.getByText('Escolha a empresa de destino.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Destino' }).click();
  await page.getByRole('combobox', { name: 'Pesquisar empresa' }).fill(`Destino Compare ${tag}`);
  await page.getByRole('option', { name: target.name }).click();
  await expect(page.getByRole('combobox', { name: 'Destino' })).toHaveText(target.name);
  await page.getByRole('button', { name: 'Comparar', exact: true }).click();
  await confirmWith(page, 'Comparar as empresas', 'Comparar');

  const conditions = page.getByRole('group', { name: 'Condições de pagamento' });
  await expect(conditions).toContainText('Só na origem: 1 · Diferentes: 1 · Só no destino: 0');
  const boleto = conditions.getByTestId('compare-item').filter({ hasText: 'Boleto 30/60' });
  await expect(boleto).toContainText('Só na origem');
  const card = conditions.getByTestId('compare-item').filter({ hasText: 'Cartão 30' });
  await expect(card).toContainText('Diferente');
  await expect(card).toContainText('Taxa de desconto (%)');
  await expect(card).toContainText('1.5000');
  await expect(card).toContainText('2.0000');
  // What is the same in both is counted, not listed.
  await expect(page.getByTestId('compare-equal')).toContainText('Perfis e permissões');
  await expect(page.getByRole('button', { name: 'Copiar selecionados' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone, dark: the sections stack, nothing scrolls sideways, no serious violation.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await conditions.getByRole('button', { name: 'Marcar todos (2) em Condições de pagamento' }).click();
  await expect(boleto.getByRole('checkbox', { name: 'Copiar Boleto 30/60' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Copiar Cartão 30' })).toBeChecked();
  await expect(page.getByText('2 itens selecionados (1 a substituir)')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  // The differing one is not written over until confirmed: nothing is asked, the box is pointed at.
  await page.getByRole('button', { name: 'Copiar selecionados' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Confirme "Substituir no destino"' })).toContainText('Condições de pagamento: Cartão 30');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const overwrite = card.getByRole('checkbox', { name: 'Substituir Cartão 30 no destino' });
  await expect(overwrite).toBeFocused();
  // Brought clear of the sticky bar at the bottom.
  const bar = await page.getByRole('button', { name: 'Copiar selecionados' }).locator('xpath=../..').boundingBox();
  const box = await overwrite.boundingBox();
  expect(box!.y + box!.height).toBeLessThan(bar!.y);
  await page.keyboard.press('Space');
  await expect(overwrite).toBeChecked();
  // The region without its price table: refused whole, the API's text shown, nothing copied.
  await page.getByRole('checkbox', { name: 'Copiar Região Sul' }).check();
  await page.getByRole('button', { name: 'Copiar selecionados' }).click();
  await confirmWith(page, 'Copiar os itens selecionados', 'Copiar selecionados');
  await expect(page.getByRole('alert').filter({ hasText: 'Nada foi copiado.' })).toContainText('Região Sul usa Tabela de preço "Atacado Sul", que a empresa de destino não tem: copie-o junto.');
  expect((await call('GET', '/api/payments-conditions', { token: target.token })).body.items).toHaveLength(1);
  // With its price table chosen too.
  await page.getByRole('checkbox', { name: 'Copiar Atacado Sul' }).check();
  await page.getByRole('button', { name: 'Copiar selecionados' }).click();
  const copyDialog = page.getByRole('alertdialog', { name: 'Copiar os itens selecionados' });
  await expect(copyDialog).toContainText('Condições de pagamento: Cartão 30 (substitui no destino)');
  await confirmWith(page, 'Copiar os itens selecionados', 'Copiar selecionados');

  const result = page.getByTestId('copy-result');
  await expect(result).toContainText('Copiado: 3 criado(s), 1 atualizado(s).');
  await expect(result).toContainText('Condições de pagamento: Boleto 30/60: criado no destino');
  await expect(result).toContainText('Condições de pagamento: Cartão 30: atualizado no destino');
  await expect(result).toContainText('Regiões: Região Sul: criado no destino');
  // Compared again: nothing differs any more.
  await expect(page.getByTestId('compare-empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copiar selecionados' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  // The target's own API has both, as the source has them.
  const inTarget = (await call('GET', '/api/payments-conditions', { token: target.token })).body.items as { name: string; terms: number[]; discountRate: string | null }[];
  expect(inTarget.map((c) => [c.name, c.terms, c.discountRate]).sort()).toEqual([
    ['Boleto 30/60', [30, 60], null],
    ['Cartão 30', [30], '1.5000'],
  ]);
});
