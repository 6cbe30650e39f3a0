import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * axe-core, the copy @axe-core/playwright would inject (its dependency), read once per run.
 */
const requireAxe = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const axeCore = requireAxe('axe-core') as { getRules(tags?: string[]): { ruleId: string }[] };
const AXE_SOURCE = fs.readFileSync(requireAxe.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The rules axe still marks experimental, which its default run leaves out (among them WCAG 2.1's
 * 2.5.3 Label in Name, `label-content-name-mismatch`, and 1.3.1's `p-as-heading`, `td-has-header`,
 * `table-fake-caption`): enabled by id, read from the very axe-core injected, so an upgrade that
 * adds or graduates one is followed without a list kept here.
 */
export const EXPERIMENTAL_RULES = axeCore.getRules(['experimental']).map((r) => r.ruleId);

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  targets: string[];
}

/**
 * Violations of impact serious or critical on the page as it is now (axe, every rule it runs by
 * default and every experimental one, docs/web-kit.md "Accessibility audit"), in a readable shape.
 * Axe runs in the page itself: the app has no frames, so no second page is opened to finish the run.
 * It is injected once per document and run directly (`axe.run`): a walk that moves inside the app
 * audits screen after screen with the same copy, where injecting the 580 kB script again before
 * each audit cost a tenth of it. Only the violations are collected (`resultTypes`): every rule
 * still runs on every node, but the passes and the inapplicable results are not described node by
 * node (a third of an audit's CPU on a list page, the same violations found).
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // What is still moving ends first (a toast fading in, a dialog opening): colours read mid-fade
  // were reported as contrast failures that a user, a moment later, does not see. Endless
  // animations (a spinner) are left running; none waits more than 2 s.
  const injected = await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]).then(() => 'axe' in window),
  );
  if (!injected) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (experimental) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], rules: Object.fromEntries(experimental.map((id) => [id, { enabled: true }])) });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, EXPERIMENTAL_RULES);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Holds the app's scripts until `release` is called: the page is only its prerendered HTML until then. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}
