import type { Page } from '@playwright/test';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { runAs } from '../../packages/core/src/context';
import { dynamoClient, tableName } from '../../packages/core/src/db/client';
import { Keys } from '../../packages/core/src/db/keys';
import { isCnpj } from '../../packages/shared/src/br';
import { call, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';

/**
 * A client's financial side in the browser: the "Parcelas" tab (statuses, totals and credit in exact
 * decimals, the status filter), the "Sucata" tab (credit, debit, running balance, a refused entry),
 * the installments import from the clients list (dry run, report, confirmation; not for a
 * salesman), the one-client dashboard, and the "Parcelas" tab at 375 px.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const word = () => letters(1).toUpperCase() + letters(7);

/** A valid numeric CNPJ (random base, branch 0001). */
function cnpj(): string {
  let base = '';
  for (let i = 0; i < 8; i++) base += String(Math.floor(Math.random() * 10));
  base += '0001';
  const dv = (s: string) => {
    const weights = s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = [...s].reduce((acc, c, i) => acc + Number(c) * weights[i]!, 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = dv(base);
  return `${base}${first}${dv(base + first)}`;
}
const masked = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;

async function token(world: World, email = world.admin.email) {
  return (await world.login(email)).accessToken;
}

async function createClient(world: World, body: Record<string, unknown>) {
  const res = await call('POST', '/api/clients', { token: await token(world), body: { birthDate: '1980-05-20', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string };
}

const viewTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Seções do cliente' }).getByRole('tab', { name, exact: true });
/** A figure card of the financial tab: its value under its title. */
const figure = (page: Page, title: string) =>
  page.getByTestId('client-financial').getByRole('heading', { name: title, exact: true }).locator('xpath=../..').locator('p').first();
const creditValue = (page: Page, term: string) =>
  page.getByTestId('client-financial').locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
const installmentRows = (page: Page) => page.getByTestId('client-financial').getByRole('table', { name: 'Parcelas' }).locator('tbody tr');

/** The three installments of the "Parcelas" tests: overdue, to expire, paid late. */
const THREE = [
  { document: 'NF-1001', installment: '1', issueDate: '2019-12-10', dueDate: '2020-01-10', installmentValue: '100,10', openValue: '100,10' },
  { document: 'NF-1002', installment: '2', issueDate: '2026-01-05', dueDate: '2099-12-31', installmentValue: '200,20', openValue: '200,20' },
  { document: 'NF-1003', installment: '1', issueDate: '2024-02-10', dueDate: '2024-03-10', installmentValue: '150,00', openValue: '0', paidValue: '150,00', paymentDate: '2024-03-15' },
];

async function clientWithThreeInstallments(world: World) {
  const client = await createClient(world, { name: `Ferragens ${word()} Ltda`, creditLimit: '1000,00' });
  const res = await call('PUT', `/api/clients/${client.id}/installments`, { token: await token(world), body: THREE });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ written: 3 });
  return client;
}

test('the "Parcelas" tab shows each installment\'s status, the totals and the credit in exact decimals; the status filter narrows the rows, not the totals', async ({ page, world }) => {
  const client = await clientWithThreeInstallments(world);
  await loginAs(page, world, world.admin.email, `/clients/${client.id}`);
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
  await viewTab(page, 'Parcelas').click();

  const rows = installmentRows(page);
  // By due date: the overdue one (2020), the paid one (2024), the one to expire (2099).
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('NF-1001');
  await expect(rows.nth(0).locator('td').last()).toHaveText('Vencida');
  await expect(rows.nth(0)).toContainText('10/01/2020');
  await expect(rows.nth(0)).toContainText(/\d{1,3}(\.\d{3})* dias de atraso/);
  await expect(rows.nth(0).locator('td').nth(5)).toHaveText('R$ 100,10');
  await expect(rows.nth(1)).toContainText('NF-1003');
  await expect(rows.nth(1).locator('td').last()).toHaveText('Paga');
  await expect(rows.nth(1).locator('td').nth(7)).toHaveText('15/03/2024Paga com atraso');
  await expect(rows.nth(1).locator('td').nth(6)).toHaveText('R$ 150,00');
  await expect(rows.nth(2)).toContainText('NF-1002');
  await expect(rows.nth(2).locator('td').last()).toHaveText('A vencer');
  await expect(rows.nth(2)).toContainText('31/12/2099');
  await expect(rows.nth(2)).not.toContainText('atraso');
  // Only the paid-late one says so.
  await expect(page.getByTestId('client-financial').getByText('Paga com atraso')).toHaveCount(1);

  // Totals and credit: 100,10 + 200,20 = 300,30 and 1000,00 − 300,30 = 699,70, to the cent.
  await expect(figure(page, 'Em aberto')).toHaveText('R$ 300,30');
  await expect(figure(page, 'Vencido')).toHaveText('R$ 100,10');
  await expect(figure(page, 'A vencer')).toHaveText('R$ 200,20');
  await expect(figure(page, 'Pago')).toHaveText('R$ 150,00');
  await expect(figure(page, 'Títulos')).toHaveText('R$ 300,30');
  await expect(creditValue(page, 'Limite')).toHaveText('R$ 1.000,00');
  await expect(creditValue(page, 'Em aberto')).toHaveText('R$ 300,30');
  await expect(creditValue(page, 'Disponível')).toHaveText('R$ 699,70');

  // The status filter narrows the rows; the totals stay those of every installment.
  const status = page.getByTestId('client-financial').getByLabel('Situação');
  await status.selectOption({ label: 'Vencida' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('NF-1001');
  await status.selectOption({ label: 'Paga' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('NF-1003');
  await status.selectOption({ label: 'A vencer' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('NF-1002');
  await expect(figure(page, 'Em aberto')).toHaveText('R$ 300,30');
  await expect(figure(page, 'Vencido')).toHaveText('R$ 100,10');
  await expect(creditValue(page, 'Disponível')).toHaveText('R$ 699,70');
  await status.selectOption({ label: 'Cancelada' });
  await expect(page.getByTestId('client-financial').getByText('Nenhuma parcela com estes filtros.')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await status.selectOption({ label: 'Todos' });
  await expect(rows).toHaveCount(3);
});

test('the "Sucata" tab adds a credit and a debit with a running balance, newest first; an empty history is refused and saves nothing', async ({ page, world }) => {
  const client = await createClient(world, { name: `Recicladora ${word()}` });
  await loginAs(page, world, world.admin.email, `/clients/${client.id}`);
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
  await viewTab(page, 'Sucata').click();
  const scrap = page.getByTestId('client-scrap');
  await expect(scrap.getByText('Nenhum lançamento de sucata para este cliente.')).toBeVisible();
  await expect(scrap.getByText('Saldo: 0,000 kg')).toBeVisible();

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/clients/${client.id}/scrap`)) posts.push(r.url());
  });

  await expect(scrap.getByRole('radio', { name: 'Crédito' })).toBeChecked();
  await scrap.getByLabel('Quantidade (kg)').fill('12,5');
  await scrap.getByLabel('Histórico').fill('Entrega de cobre');
  await scrap.getByLabel('Tipo').fill('Cobre');
  await scrap.getByRole('button', { name: 'Lançar' }).click();
  await expect(toast(page, 'Lançamento de sucata registrado.')).toBeVisible();
  await expect(scrap.getByText('Saldo: 12,500 kg')).toBeVisible();
  // The form is emptied for the next entry.
  await expect(scrap.getByLabel('Histórico')).toHaveValue('');

  await scrap.getByRole('radio', { name: 'Débito' }).check();
  await scrap.getByLabel('Quantidade (kg)').fill('2,5');
  await scrap.getByLabel('Histórico').fill('Retirada para fundição');
  await scrap.getByRole('button', { name: 'Lançar' }).click();
  await expect(scrap.getByText('Saldo: 10,000 kg')).toBeVisible();

  const rows = scrap.getByRole('table', { name: 'Sucata' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const cells = (n: number) => rows.nth(n).locator('td');
  // Newest first: the debit, then the credit, each with the balance right after it.
  await expect(cells(0).nth(1)).toHaveText('Retirada para fundição');
  await expect(cells(0).nth(2)).toHaveText('—');
  await expect(cells(0).nth(3)).toHaveText('');
  await expect(cells(0).nth(4)).toHaveText('2,500 kg');
  await expect(cells(0).nth(5)).toHaveText('10,000 kg');
  await expect(cells(1).nth(1)).toHaveText('Entrega de cobre');
  await expect(cells(1).nth(2)).toHaveText('Cobre');
  await expect(cells(1).nth(3)).toHaveText('12,500 kg');
  await expect(cells(1).nth(4)).toHaveText('');
  await expect(cells(1).nth(5)).toHaveText('12,500 kg');
  await expect(cells(0).nth(0)).toHaveText(/^\d{2}\/\d{2}\/\d{4}/);
  expect(posts).toHaveLength(2);

  // A quantity without a history (empty, then only spaces): the message on the field, nothing sent, nothing saved.
  await scrap.getByLabel('Quantidade (kg)').fill('1');
  await expect(scrap.getByLabel('Histórico')).toHaveValue('');
  await scrap.getByRole('button', { name: 'Lançar' }).click();
  await expect(scrap.getByText('Informe o histórico do lançamento.')).toBeVisible();
  await expect(scrap.getByLabel('Histórico')).toHaveAttribute('aria-invalid', 'true');
  await scrap.getByLabel('Histórico').fill('   ');
  await scrap.getByRole('button', { name: 'Lançar' }).click();
  await expect(scrap.getByText('Informe o histórico do lançamento.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(scrap.getByText('Saldo: 10,000 kg')).toBeVisible();
  expect(posts).toHaveLength(2);
  const ledger = await call('GET', `/api/clients/${client.id}/scrap`, { token: await token(world) });
  expect(ledger.status).toBe(200);
  expect(ledger.body.balance).toBe('10.000');
  expect(ledger.body.entries).toHaveLength(2);
});

/** yyyy-MM-dd → dd/MM/yyyy. */
const br = (iso: string) => iso.split('-').reverse().join('/');
/** The day `day` of the month `back` months before now (UTC), as yyyy-MM-dd. */
function monthsAgo(back: number, day: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day));
  return d.toISOString().slice(0, 10);
}
const monthLabel = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('pt-BR', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 1));
};

test('the administrator imports installments from a CSV: dry-run report, confirmation, the client\'s "Parcelas"; its dashboard draws them; a salesman has no import', async ({ page, world }) => {
  test.setTimeout(60_000);
  const document = cnpj();
  const unknown = cnpj();
  expect(isCnpj(document) && isCnpj(unknown)).toBe(true);
  const client = await createClient(world, { name: `Distribuidora ${word()} Ltda`, document: masked(document) });
  const overdueDue = monthsAgo(1, 15);
  const lateDue = monthsAgo(2, 10);
  const latePaid = monthsAgo(2, 20);
  const csv = [
    'Cliente;Documento;Parcela;Tipo;Emissão;Vencimento;Valor da parcela;Valor em aberto;Valor pago;Pagamento;Filial',
    `${masked(document)};IMP-${word()};1;Título;${br(monthsAgo(3, 1))};${br(overdueDue)};1.234,56;1.234,56;;;Matriz`,
    `${masked(unknown)};IMP-X;1;Título;;${br(overdueDue)};10,00;10,00;;;`,
    `${document};IMP-${word()};2;Cheque;;${br(lateDue)};80,00;0,00;80,00;${br(latePaid)};`,
  ].join('\r\n');

  await loginAs(page, world, world.admin.email, '/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await page.getByRole('button', { name: 'Importar parcelas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar parcelas' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: /^Importar \d+ parcelas?$/ });
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveText('Importar 0 parcelas');
  // The shared import dialog (docs/jobs.md): its button opens the file chooser; the file goes up through a signed URL.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Escolher arquivo' }).click();
  await (await chooser).setFiles({ name: 'parcelas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

  await expect(dialog.getByText('parcelas.csv')).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'linhas lidas' })).toHaveText('3 linhas lidas: 2 aceitas, 1 recusada.');
  const rejected = dialog.getByRole('table', { name: 'Linhas recusadas' }).locator('tbody tr');
  await expect(rejected).toHaveCount(1);
  await expect(rejected.first().locator('td').first()).toHaveText('3');
  await expect(rejected.first().locator('td').last()).toHaveText(`Cliente não encontrado: "${masked(unknown)}". Confira o CPF/CNPJ ou o id do cliente.`);
  // The dry run wrote nothing.
  const before = await call('GET', `/api/clients/${client.id}/financial`, { token: await token(world) });
  expect(before.body.installments).toEqual([]);

  await expect(confirm).toHaveText('Importar 2 parcelas');
  await confirm.click();
  await expect(toast(page, '2 parcelas importadas.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(client.name);
  await page.getByRole('link', { name: client.name, exact: true }).click();
  await expect(page).toHaveURL(`/clients/${client.id}`);
  await viewTab(page, 'Parcelas').click();
  const rows = installmentRows(page);
  await expect(rows).toHaveCount(2);
  // By due date: the paid-late check, then the overdue title.
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText('Cheque');
  await expect(rows.nth(0).locator('td').last()).toHaveText('Paga');
  await expect(rows.nth(0)).toContainText('Paga com atraso');
  await expect(rows.nth(1).locator('td').nth(1)).toHaveText('Título');
  await expect(rows.nth(1).locator('td').last()).toHaveText('Vencida');
  await expect(rows.nth(1).locator('td').nth(4)).toHaveText('R$ 1.234,56');
  await expect(figure(page, 'Em aberto')).toHaveText('R$ 1.234,56');

  // The card's "Painel do cliente" opens the client's dashboard: its figures, charts and their text.
  await page.getByRole('toolbar', { name: 'Ações do cartão' }).getByRole('link', { name: 'Painel do cliente' }).click();
  await expect(page).toHaveURL(`/clients/dashboard-one/${client.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Painel de ${client.name}` })).toBeVisible();
  const dashboard = page.getByTestId('client-dashboard-one');
  const dashboardFigure = (title: string) => dashboard.getByRole('heading', { name: title, exact: true }).locator('xpath=../..').locator('p').first();
  await expect(dashboardFigure('Em aberto')).toHaveText('R$ 1.234,56');
  await expect(dashboardFigure('Vencido')).toHaveText('R$ 1.234,56');
  await expect(dashboardFigure('Pago')).toHaveText('R$ 80,00');
  await expect(dashboardFigure('Pontualidade')).toHaveText('0%');
  await expect(dashboard.getByText('0 em dia, 1 com atraso, em 12 meses.')).toBeVisible();
  const values = page.getByRole('img', { name: 'Em aberto e vencido por mês' });
  const punctuality = page.getByRole('img', { name: 'Pontualidade de pagamento' });
  for (const chart of [values, punctuality]) {
    await expect(chart).toBeVisible();
    await expect(chart.locator('canvas')).toBeAttached();
  }
  await expect(values).toHaveAccessibleDescription(new RegExp(`${monthLabel(overdueDue)}: R\\$\\s1\\.234,56 em aberto, dos quais R\\$\\s1\\.234,56 vencidos\\.`));
  await expect(punctuality).toHaveAccessibleDescription(new RegExp(`${monthLabel(lateDue)}: 0 em dia \\(R\\$\\s0,00\\), 1 com atraso \\(R\\$\\s80,00\\)\\.`));

  // A salesman sees only his own clients: no import.
  await loginAs(page, world, world.salesman.email, '/clients');
  await expect(page.getByRole('link', { name: 'Novo cliente' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar parcelas' })).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the "Parcelas" tab fits the width; its table scrolls inside its own box', async ({ page, world }) => {
    const client = await clientWithThreeInstallments(world);
    await loginAs(page, world, world.admin.email, `/clients/${client.id}`);
    await viewTab(page, 'Parcelas').click();
    await expect(installmentRows(page)).toHaveCount(3);
    await expect(figure(page, 'Em aberto')).toHaveText('R$ 300,30');
    await expect(creditValue(page, 'Disponível')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = page.getByTestId('client-financial').getByRole('table', { name: 'Parcelas' }).locator('xpath=..');
    const overflow = await box.evaluate((el) => ({ style: getComputedStyle(el).overflowX, right: el.getBoundingClientRect().right }));
    expect(overflow.style).toBe('auto');
    expect(overflow.right).toBeLessThanOrEqual(375);
    // The last column is reached by scrolling the table's box, not the page.
    const status = installmentRows(page).first().locator('td').last();
    await status.scrollIntoViewIfNeeded();
    await expect(status).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test('with the company setting "show pending titles and credits" the client header shows open, overdue and available credit', async ({ page, world }) => {
  const client = await clientWithThreeInstallments(world);
  await loginAs(page, world, world.admin.email, `/clients/${client.id}`);
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
  // Off by default (spec section 3: N).
  await expect(page.getByTestId('client-pending')).toHaveCount(0);

  await setShowPending(world, true);
  try {
    // The setting travels in the session: a new login reads it.
    await loginAs(page, world, world.admin.email, `/clients/${client.id}`);
    const pending = page.getByTestId('client-pending');
    await expect(pending).toContainText('Em aberto: R$ 300,30');
    await expect(pending).toContainText('Vencido: R$ 100,10');
    await expect(pending).toContainText('Disponível: R$ 699,70');
  } finally {
    await setShowPending(world, false);
  }
});

async function setShowPending(world: World, value: boolean) {
  await runAs({ tenantId: world.tenant.id }, () =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Keys.tenant(world.tenant.id),
        UpdateExpression: 'SET settings.customers.showPendingTitlesAndCredits = :v',
        ExpressionAttributeValues: { ':v': value },
      }),
    ),
  );
}
