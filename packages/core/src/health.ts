import { timestamp } from './clock';
import { tableActive } from './db/table';

/** GET /api/health: the table answers and is active. */
export const Health = {
  async check(): Promise<{ status: 'healthy' | 'unhealthy'; checks: { table: 'ok' | 'failed' }; time: string }> {
    const table: 'ok' | 'failed' = (await tableActive()) ? 'ok' : 'failed';
    return { status: table === 'ok' ? 'healthy' : 'unhealthy', checks: { table }, time: timestamp() };
  },
};
