import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { timestamp } from './clock';
import { dynamoClient, tableName } from './db/client';

/** GET /api/health: the table answers and is active. */
export const Health = {
  async check(): Promise<{ status: 'healthy' | 'unhealthy'; checks: { table: 'ok' | 'failed' }; time: string }> {
    let table: 'ok' | 'failed' = 'failed';
    try {
      const out = await dynamoClient().send(new DescribeTableCommand({ TableName: tableName() }));
      if (out.Table?.TableStatus === 'ACTIVE') table = 'ok';
    } catch {
      table = 'failed';
    }
    return { status: table === 'ok' ? 'healthy' : 'unhealthy', checks: { table }, time: timestamp() };
  },
};
