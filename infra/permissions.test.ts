import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_KEYS } from '@ev/core/db/table';
import { ALLOW_LIST } from './allow-list';
import { actionsOf, all, resolveImports, resourcesOf, roles } from './testing/templates';
import { synthesized, TEST_STAGES, type Assembly, type TestStage } from './testing/synth';

/* eslint-disable @typescript-eslint/no-explicit-any */
let stages: Record<TestStage, Assembly>;

beforeAll(async () => {
  stages = await synthesized();
}, 240_000);

const keyOf = (stage: TestStage, key: string) => key.replace(`ev-${stage}-`, '');

describe.each(TEST_STAGES)('least privilege in stage %s', (stage) => {
  it('grants every role exactly the actions of its allow-list entry', () => {
    const found = roles(stages[stage]);
    expect(found.length).toBeGreaterThan(0);
    for (const role of found) {
      const key = keyOf(stage, role.key);
      expect(Object.keys(ALLOW_LIST), `${key} has an allow-list entry`).toContain(key);
      expect(actionsOf(role.statements), key).toEqual([...new Set(ALLOW_LIST[key])].sort());
    }
  });

  it('grants no * action or resource, and attaches no managed policy but basic logging to CDK helpers', () => {
    for (const role of roles(stages[stage])) {
      for (const st of role.statements) {
        expect(st.Effect).toBe('Allow');
        for (const action of actionsOf([st])) expect(action, role.key).not.toMatch(/^(\*|[a-z0-9-]+:\*)$/);
        // X-Ray's write actions take no resource but `*` (active tracing, infra/lambda.ts): those alone.
        const xrayOnly = actionsOf([st]).every((a) => a === 'xray:PutTraceSegments' || a === 'xray:PutTelemetryRecords');
        for (const resource of resourcesOf(st)) if (!xrayOnly) expect(resource, role.key).not.toBe('*');
      }
      for (const arn of role.managed) expect(JSON.stringify(arn), role.key).toContain('service-role/AWSLambdaBasicExecutionRole');
      if (!role.key.includes('Custom::')) {
        expect(role.managed, `${role.key} has only its own statements`).toEqual([]);
        for (const action of actionsOf(role.statements)) expect(action, role.key).not.toContain('*');
      }
    }
  });

  it('names the table and each index ARN in every DynamoDB statement', () => {
    const s = stages[stage];
    const table = all(s, 'AWS::DynamoDB::Table')[0]!;
    const tableArn = { stack: 'data', ref: { 'Fn::GetAtt': [table.id, 'Arn'] } };
    const expected = [tableArn, ...TABLE_KEYS.indexes.map((ix) => ({ 'Fn::Join': ['', [tableArn, `/index/${ix.name}`]] }))];
    let statements = 0;
    for (const role of roles(s)) {
      for (const st of role.statements) {
        if (!actionsOf([st]).some((a) => a.startsWith('dynamodb:'))) continue;
        // The table alone: its backups' state (the API), a scan (the usage rebuild); its stream, the stream.
        if (actionsOf([st]).every((a) => ['dynamodb:DescribeContinuousBackups', 'dynamodb:Scan'].includes(a))) {
          expect(resolveImports(s, resourcesOf(st)).map((r: any) => JSON.stringify('stack' in r ? r : { stack: 'data', ref: r }))).toEqual([JSON.stringify(tableArn)]);
          continue;
        }
        if (actionsOf([st]).every((a) => ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'].includes(a))) {
          expect(JSON.stringify(resolveImports(s, resourcesOf(st)))).toContain('StreamArn');
          continue;
        }
        statements++;
        expect(actionsOf([st]).every((a) => a.startsWith('dynamodb:')), role.key).toBe(true);
        const resources = resolveImports(s, resourcesOf(st)).map((r: any) => ('stack' in r ? r : { stack: role.stack.replace(`ev-${stage}-`, ''), ref: r }));
        const normalise = (r: any) => JSON.stringify(r.stack && r.ref && r.stack !== 'data' ? r.ref : r);
        expect(resources.map(normalise).sort(), role.key).toEqual(expected.map((r) => JSON.stringify(r)).sort());
      }
    }
    expect(statements).toBeGreaterThanOrEqual(2);
  });

  it('keeps the API role away from Scan, DeleteTable and s3:*', () => {
    const api = roles(stages[stage]).find((r) => keyOf(stage, r.key) === 'api/ApiRole')!;
    const actions = actionsOf(api.statements);
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toContain('dynamodb:DeleteTable');
    expect(actions.filter((a) => a.startsWith('s3:') && a.includes('*'))).toEqual([]);
    expect(actions).not.toContain('s3:*');
  });
});

describe('allow-list', () => {
  it('has no entry that no stage uses', () => {
    const used = new Set(TEST_STAGES.flatMap((stage) => roles(stages[stage]).map((r) => keyOf(stage, r.key))));
    expect(Object.keys(ALLOW_LIST).filter((k) => !used.has(k))).toEqual([]);
  });
});
