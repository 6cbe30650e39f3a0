import { COMPANY_DEMO_JOB, Admin } from '@ev/core/admin';
import { seedCompanyDemo } from '@ev/core/demo/index';
import { registerJob } from '@ev/core/ports/queue-runner';

/**
 * The demo data of a company an operator opened (docs/admin.md): its handler lives here, with the
 * entries that may carry the demo module (core's floors keep every module below it from importing
 * it): the local server and the platform's consumer register it. A failure is recorded on the
 * company, not retried (the seed would write its clients twice).
 */
export async function companyDemoJob(payload: unknown): Promise<void> {
  const tenantId = String((payload as { tenantId?: unknown })?.tenantId ?? '');
  try {
    await seedCompanyDemo(tenantId);
    await Admin.demoFinished(tenantId, true);
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', message: 'company demo failed', tenantId, error: e instanceof Error ? e.message : String(e) }));
    await Admin.demoFinished(tenantId, false);
  }
}

export function registerDemoJob(): void {
  registerJob(COMPANY_DEMO_JOB, companyDemoJob);
}
