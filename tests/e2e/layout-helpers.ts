import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The rules axe still marks experimental, which its default run leaves out (among them WCAG 2.1's
 * 2.5.3 Label in Name, `label-content-name-mismatch`, and 1.3.1's `p-as-heading`, `td-has-header`,
 * `table-fake-caption`): enabled by id, read from the very axe-core that AxeBuilder injects, so an
 * upgrade that adds or graduates one is followed without a list kept here.
 */
const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { getRules(tags?: string[]): { ruleId: string }[] };
export const EXPERIMENTAL_RULES = axeCore.getRules(['experimental']).map((r) => r.ruleId);

/**
 * Violations of impact serious or critical on the page as it is now (axe, every rule it runs by
 * default and every experimental one, docs/web-kit.md "Accessibility audit"), in a readable shape. Axe runs in the page itself (`setLegacyMode`): the app has no
 * frames, and the default would open a blank page in the context to finish the run, a renderer
 * and a second copy of axe each time (half the cost of an audit on this machine). Only the
 * violations are collected (`resultTypes`): every rule still runs on every node, but the passes
 * and the inapplicable results are not described node by node (a third of an audit's CPU on a
 * list page, the same violations found).
 */
export async function seriousViolations(page: Page) {
  // What is still moving ends first (a toast fading in, a dialog opening): colours read mid-fade
  // were reported as contrast failures that a user, a moment later, does not see. Endless
  // animations (a spinner) are left running; none waits more than 2 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'], rules: Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }])) })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}
