import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

async function audit(page: Page, pages: readonly (readonly [string, string | RegExp])[]) {
  const found: Record<string, Awaited<ReturnType<typeof seriousViolations>>> = {};
  for (const [path, heading] of pages) {
    if (new URL(page.url()).pathname !== path) await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  return found;
}

/**
 * The audit every screen goes through (a11y-menu.spec.ts walks them all, logged in and out, at
 * both widths) finds what it looks for, the experimental rules included.
 */
test('the accessibility audit reports a serious violation added to a clean page, an experimental rule too', async ({ page }) => {
  expect(await audit(page, [['/403', 'Acesso negado']])).toEqual({});

  // The audit does find what it looks for: a button with no name, added to the page, is reported.
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'unnamed';
    button.innerHTML = '<svg width="16" height="16" aria-hidden="true"></svg>';
    document.querySelector('main')!.append(button);
  });
  expect(await seriousViolations(page)).toEqual([expect.objectContaining({ id: 'button-name', impact: 'critical', targets: ['#unnamed'] })]);

  // And axe's experimental rules run too: a button whose name leaves out the text it shows (WCAG
  // 2.5.3, Label in Name: `label-content-name-mismatch`) is reported.
  await page.evaluate(() => {
    document.getElementById('unnamed')!.remove();
    const button = document.createElement('button');
    button.id = 'mismatch';
    button.setAttribute('aria-label', 'Abrir');
    button.textContent = 'Pesquisar clientes';
    document.querySelector('main')!.append(button);
  });
  expect(await seriousViolations(page)).toEqual([expect.objectContaining({ id: 'label-content-name-mismatch', impact: 'serious', targets: ['#mismatch'] })]);
});
