import { Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, StreamViewType } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '@ev/core/db/table';
import { removal, type StageConfig } from './config';

/**
 * The single table (docs/data-model.md), declared from the same TABLE_KEYS as the local
 * `ensureTable`, so keys, GSIs and TTL cannot drift. PITR everywhere; deletion protection and
 * RETAIN in prod, DESTROY in previews.
 */
export class DataStack extends Stack {
  readonly table: Table;
  /** The ARNs of the table's indexes, named one by one (no wildcard) for IAM. */
  readonly indexArns: string[];

  constructor(scope: Construct, id: string, config: StageConfig, props: StackProps = {}) {
    super(scope, id, props);
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // The companies' usage is counted from it (packages/core/src/usage, docs/admin.md "Usage").
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      deletionProtection: config.prod,
      removalPolicy: removal(config),
    });
    for (const ix of TABLE_KEYS.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: ix.name,
        partitionKey: { name: ix.partitionKey, type: AttributeType.STRING },
        sortKey: { name: ix.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    this.indexArns = TABLE_KEYS.indexes.map((ix) => `${this.table.tableArn}/index/${ix.name}`);
  }
}
