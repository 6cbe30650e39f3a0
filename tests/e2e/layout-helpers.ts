import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Violations of impact serious or critical on the page as it is now (axe), in a readable shape. */
export async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}
