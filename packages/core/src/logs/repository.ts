import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';

/** Log entries of a company: one partition per day (`Keys.logs`), sorted by time, kept until `ttl`. */
export const LogsRepository = {
  async put(id: string, entry: { at: string } & Record<string, unknown>, ttl: number): Promise<void> {
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: Keys.logs(entry.at.slice(0, 10)), sk: `${entry.at}#${id}`, type: 'log', id, ...entry, ttl },
      }),
    );
  },
};
