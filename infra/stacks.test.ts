import { beforeAll, describe, expect, it } from 'vitest';
import { tableDefinition, TABLE_KEYS } from '@ev/core/db/table';
import { FILE_LIFECYCLE } from '@ev/core/ports/aws/s3-files';
import { ApiEnvSchema, JobsEnvSchema } from '../functions/src/lambda/env';
import { ORIGIN_VERIFY_HEADER } from '../functions/src/lambda/origin';
import { SALES_SWEEP_JOB, STORE_PIX_JOB } from '@ev/core/sales/sweep';
import { JOB_HANDLERS } from '@ev/core/wiring/worker';
import { ALARM_THRESHOLDS, API_429_METRIC } from './alarms';
import { ACCESS_LOG_FORMAT } from './api';
import { JOB_FAMILIES, SCHEDULED_JOBS, VISIBILITY_FACTOR } from './jobs';
import { ACCESS_LOG_DAYS } from './web';
import { RELEASE_JOB } from '@ev/core/messages/batches';
import { USAGE_JOB } from '@ev/core/usage';
import { ERASE_DUE_JOB } from '@ev/core/admin/erasure';
import { DEFAULT_BEDROCK_MODEL_ID } from '@ev/core/env';
import { App, Stack } from 'aws-cdk-lib';
import { stageConfig } from './config';
import { modelArns } from './permissions';
import { all, isCdkInternal, resolveImports, target, type Found } from './testing/templates';
import { synthesized, TEST_STAGES, type Assembly, type TestStage } from './testing/synth';
import { SPA_FALLBACK_CODE } from './web-fallback';

/* eslint-disable @typescript-eslint/no-explicit-any */
let stages: Record<TestStage, Assembly>;

beforeAll(async () => {
  stages = await synthesized();
}, 240_000);

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const sortBy = <T>(items: T[], key: (t: T) => string) => [...items].sort((a, b) => key(a).localeCompare(key(b)));

describe.each(TEST_STAGES)('stage %s', (stage) => {
  const s = () => stages[stage];
  const prod = stage === 'prod';

  it('names every stack after the stage', () => {
    expect(Object.keys(s().templates).sort()).toEqual(prod ? ['alarms', 'api', 'data', 'email', 'files', 'jobs', 'secrets', 'web'] : ['alarms', 'api', 'data', 'files', 'jobs', 'secrets', 'web']);
  });

  it('declares the table exactly as the local table (keys, GSIs, TTL), with PITR, and protection only in prod', () => {
    const tables = all(s(), 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const { props, resource } = tables[0]!;
    const local = tableDefinition('x');
    expect(props.KeySchema).toEqual(local.KeySchema);
    expect(sortBy(props.AttributeDefinitions, (a: any) => a.AttributeName)).toEqual(sortBy(local.AttributeDefinitions as any[], (a) => a.AttributeName));
    expect(sortBy(props.GlobalSecondaryIndexes, (g: any) => g.IndexName)).toEqual(sortBy(local.GlobalSecondaryIndexes as any[], (g) => g.IndexName));
    expect(props.GlobalSecondaryIndexes).toHaveLength(TABLE_KEYS.indexes.length);
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true });
    expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(props.DeletionProtectionEnabled).toBe(prod);
    expect(resource.DeletionPolicy).toBe(prod ? 'Retain' : 'Delete');
    expect(resource.UpdateReplacePolicy).toBe(prod ? 'Retain' : 'Delete');
  });

  it('gives every queue a dead-letter queue and every consumed queue a visibility of at least 6x its consumer timeout', () => {
    const queues = all(s(), 'AWS::SQS::Queue');
    const dlqIds = new Set(queues.filter((q) => q.props.RedrivePolicy).map((q) => target(q.stack, q.props.RedrivePolicy.deadLetterTargetArn)!.id));
    const sources = queues.filter((q) => !dlqIds.has(q.id));
    expect(sources.length).toBeGreaterThan(0);
    const mappings = all(s(), 'AWS::Lambda::EventSourceMapping');
    const functions = all(s(), 'AWS::Lambda::Function');
    for (const q of queues) expect(q.props.SqsManagedSseEnabled, q.path).toBe(true);
    for (const q of sources) {
      expect(q.props.RedrivePolicy, `${q.path} has a DLQ`).toBeDefined();
      expect(q.props.RedrivePolicy.maxReceiveCount).toBeGreaterThanOrEqual(1);
      const dlq = queues.find((d) => d.id === target(q.stack, q.props.RedrivePolicy.deadLetterTargetArn)!.id)!;
      expect(dlq.props.RedrivePolicy, `${dlq.path} is not itself redriven`).toBeUndefined();
      expect(dlq.props.MessageRetentionPeriod).toBe(14 * 86400);
      const consumers = mappings.filter((m) => target(m.stack, m.props.EventSourceArn)?.id === q.id);
      expect(consumers, `${q.path} has a consumer`).toHaveLength(1);
      for (const m of consumers) {
        const fn = functions.find((f) => f.stack === m.stack && f.id === target(m.stack, m.props.FunctionName)!.id)!;
        expect(q.props.VisibilityTimeout, `${q.path} visibility vs ${fn.path} timeout`).toBeGreaterThanOrEqual(VISIBILITY_FACTOR * fn.props.Timeout);
        expect(m.props.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
        expect(m.props.BatchSize).toBeLessThanOrEqual(10);
        expect(fn.props.Environment.Variables.MAX_RECEIVE_COUNT).toBe(String(q.props.RedrivePolicy.maxReceiveCount));
      }
    }
  });

  it('gives each job family its own consumer, role and concurrency: the e-mails never wait behind an import', () => {
    const functions = all(s(), 'AWS::Lambda::Function');
    const mappings = all(s(), 'AWS::Lambda::EventSourceMapping');
    const roleIds = new Set<string>();
    for (const family of JOB_FAMILIES) {
      const name = `${family.name[0]!.toUpperCase()}${family.name.slice(1)}`;
      const fn = functions.find((f) => f.path === `${name}Consumer/Function/Resource`)!;
      expect(fn, family.name).toBeDefined();
      expect(fn.props.Timeout).toBe(family.timeoutSeconds);
      const role = target(fn.stack, fn.props.Role)!;
      expect(role.id, family.name).toMatch(new RegExp(`^${name}ConsumerRole`));
      roleIds.add(role.id);
      const mapping = mappings.find((m) => target(m.stack, m.props.FunctionName)?.id === fn.id)!;
      expect(mapping.props.ScalingConfig).toEqual({ MaximumConcurrency: family.maxConcurrency });
      // No function maps stacks through source maps at run time.
      expect(fn.props.Environment.Variables.NODE_OPTIONS, family.name).toBeUndefined();
    }
    expect(roleIds.size).toBe(JOB_FAMILIES.length);
    // The e-mails have consumers of their own, as many as any other family's.
    const email = JOB_FAMILIES.find((f) => f.name === 'email')!;
    for (const f of JOB_FAMILIES) expect(email.maxConcurrency).toBeGreaterThanOrEqual(f.maxConcurrency);
  });

  it('lists the files bucket only under the prefixes read, so a missing upload is a 404 (and a company erased finds its files)', () => {
    const policies = all(s(), 'AWS::IAM::Policy');
    const listing = policies.flatMap((p) => p.props.PolicyDocument.Statement.filter((st: any) => [st.Action].flat().includes('s3:ListBucket')).map((st: any) => ({ path: p.path, st })));
    expect(listing.map((l) => l.path.split('/')[0]).sort()).toEqual(['ApiRole', 'ImportsConsumerRole', 'PlatformConsumerRole']);
    for (const { path, st } of listing) {
      const prefixes = path.startsWith('PlatformConsumerRole') ? ['exports/*', 'uploads/*', 't/*'] : ['uploads/*'];
      expect(st.Condition, path).toEqual({ StringLike: { 's3:prefix': prefixes } });
    }
  });

  it('sends each scheduled job (the sweep of interrupted sale closes and the release of held messages every 10 minutes, the store’s Pix expiry and the usage count each minute, the erasures due each hour) to its family’s queue, as a job message its consumer runs once per tick', () => {
    expect(SCHEDULED_JOBS.map((j) => j.type)).toEqual([SALES_SWEEP_JOB, STORE_PIX_JOB, RELEASE_JOB, USAGE_JOB, ERASE_DUE_JOB]);
    const rules = all(s(), 'AWS::Events::Rule');
    expect(rules).toHaveLength(SCHEDULED_JOBS.length);
    for (const [type, queueName, rate] of [[SALES_SWEEP_JOB, 'SalesQueue', 'rate(10 minutes)'], [STORE_PIX_JOB, 'SalesQueue', 'rate(1 minute)'], [RELEASE_JOB, 'MessagesQueue', 'rate(10 minutes)'], [USAGE_JOB, 'PlatformQueue', 'rate(1 minute)'], [ERASE_DUE_JOB, 'PlatformQueue', 'rate(1 hour)']] as const) {
      expect(JOB_HANDLERS[type]).toBeTypeOf('function');
      const rule = rules.find((r) => String(r.props.Description).includes(`${type} every`))!;
      expect(rule, type).toBeDefined();
      expect(rule.props.ScheduleExpression).toBe(rate);
      expect(rule.props.State ?? 'ENABLED').toBe('ENABLED');
      expect(rule.props.Targets).toHaveLength(1);
      const t = rule.props.Targets[0];
      const queue = all(s(), 'AWS::SQS::Queue').find((q) => q.stack === rule.stack && q.id === target(rule.stack, t.Arn)?.id)!;
      expect(queue.path).toMatch(new RegExp(`^${queueName}/`));
      expect(queue.props.RedrivePolicy).toBeDefined();
      // The body the consumer parses (consume.ts): the event's id, the type, no tenant, an idempotency key per tick.
      const { InputPathsMap: paths, InputTemplate: template } = t.InputTransformer;
      // A placeholder standing for a whole value is unquoted (EventBridge writes the JSON string there); one inside a string is not.
      const filled = template.replace(/(":)<([\w-]+)>/g, (_m: string, pre: string, k: string) => `${pre}${JSON.stringify(paths[k])}`).replace(/<([\w-]+)>/g, (_m: string, k: string) => paths[k]);
      const body = JSON.parse(filled);
      expect(body).toEqual({ id: '$.id', type, tenantId: null, payload: {}, idempotencyKey: `${type}:$.time` });
      // EventBridge may send to that queue, and the queue's consumer is a function of ours.
      const policies = all(s(), 'AWS::SQS::QueuePolicy').filter((p) => p.stack === rule.stack && p.props.Queues.some((q: unknown) => target(rule.stack, q)?.id === queue.id));
      const allowed = policies.flatMap((p) => p.props.PolicyDocument.Statement).filter((st: any) => st.Effect === 'Allow' && st.Principal?.Service === 'events.amazonaws.com');
      // One statement per rule sending to it (the platform's queue takes two schedules), this one's among them.
      const statements = allowed.map((st: any) => [[st.Action].flat().includes('sqs:SendMessage'), target(rule.stack, st.Condition.ArnEquals['aws:SourceArn'])?.id]);
      expect(statements).toContainEqual([true, rule.id]);
      expect(statements.every(([send, id]) => send === true && rules.some((r) => r.id === id))).toBe(true);
      const mapping = all(s(), 'AWS::Lambda::EventSourceMapping').find((m) => target(m.stack, m.props.EventSourceArn)?.id === queue.id);
      expect(mapping?.props.BatchSize).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps every bucket private, encrypted and TLS-only; retained in prod, emptied on delete elsewhere', () => {
    const buckets = all(s(), 'AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThanOrEqual(2);
    const policies = all(s(), 'AWS::S3::BucketPolicy');
    const autoDeletes = all(s(), 'Custom::S3AutoDeleteObjects');
    for (const b of buckets) {
      expect(b.props.PublicAccessBlockConfiguration, b.path).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
      expect(b.props.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toMatch(/^(AES256|aws:kms)$/);
      const policy = policies.find((p) => p.stack === b.stack && target(p.stack, p.props.Bucket)?.id === b.id);
      expect(policy?.props.PolicyDocument.Statement.some((st: any) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false'), `${b.path} denies plain HTTP`).toBe(true);
      expect(b.resource.DeletionPolicy, b.path).toBe(prod ? 'Retain' : 'Delete');
      const autoDelete = autoDeletes.filter((a) => a.stack === b.stack && target(a.stack, a.props.BucketName)?.id === b.id);
      expect(autoDelete, `${b.path} auto-delete`).toHaveLength(prod ? 0 : 1);
    }
  });

  it('allows CORS on the files bucket from the stage’s own address only, and TLS 1.2 at least', () => {
    const files = all(s(), 'AWS::S3::Bucket').find((b) => b.stack === 'files')!;
    const cors = files.props.CorsConfiguration.CorsRules;
    expect(cors).toHaveLength(1);
    const origins = resolveImports(s(), cors[0].AllowedOrigins);
    expect(JSON.stringify(origins)).not.toContain('"*"');
    const distribution = all(s(), 'AWS::CloudFront::Distribution')[0]!;
    expect(JSON.stringify(origins)).toContain(`"stack":"web"`);
    expect(JSON.stringify(origins)).toContain(distribution.id);
    const policy = all(s(), 'AWS::S3::BucketPolicy').find((p) => p.stack === 'files' && target('files', p.props.Bucket)?.id === files.id)!;
    expect(policy.props.PolicyDocument.Statement).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { NumericLessThan: { 's3:TlsVersion': '1.2' } } }));
  });

  it('expires exports and uploads in the files bucket by the adapter prefixes', () => {
    const files = all(s(), 'AWS::S3::Bucket').find((b) => b.stack === 'files')!;
    const rules = files.props.LifecycleConfiguration.Rules;
    for (const rule of FILE_LIFECYCLE) {
      expect(rules).toContainEqual(expect.objectContaining({ Prefix: rule.prefix, ExpirationInDays: rule.expireDays, Status: 'Enabled' }));
    }
    expect(rules).toContainEqual(expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }));
  });

  it('runs every function of ours on nodejs22.x arm64 with its own log group', () => {
    const functions = all(s(), 'AWS::Lambda::Function').filter((f) => !isCdkInternal(f));
    expect(functions.map((f) => f.path).sort()).toEqual(expect.arrayContaining(['Api/Function/Resource', 'EmailConsumer/Function/Resource']));
    for (const f of functions) {
      expect(f.props.Runtime, f.path).toBe('nodejs22.x');
      expect(f.props.Architectures, f.path).toEqual(['arm64']);
      expect(f.props.Handler).toBe('index.handler');
      expect(f.props.LoggingConfig?.LogGroup, `${f.path} log group`).toBeDefined();
      expect(f.resource.Metadata?.['aws:asset:path'], `${f.path} is a bundled asset`).toMatch(/^asset\./);
    }
  });

  it('sets every variable the Lambda entries parse (their env schema) in the functions that run them', () => {
    const functions = all(s(), 'AWS::Lambda::Function').filter((f) => !isCdkInternal(f));
    const lambdaProvided = new Set(['AWS_REGION']);
    for (const f of functions) {
      const schema = f.path.startsWith('Api/') ? ApiEnvSchema : JobsEnvSchema;
      const vars = Object.keys(f.props.Environment.Variables);
      for (const key of Object.keys(schema.shape).filter((k) => !lambdaProvided.has(k))) expect(vars, `${f.path} sets ${key}`).toContain(key);
    }
  });

  it('serves the API through an HTTP API (payload 2.0) that sends every route to the app', () => {
    const apis = all(s(), 'AWS::ApiGatewayV2::Api');
    expect(apis).toHaveLength(1);
    expect(apis[0]!.props.ProtocolType).toBe('HTTP');
    const integration = all(s(), 'AWS::ApiGatewayV2::Integration')[0]!;
    expect(integration.props).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    expect(all(s(), 'AWS::ApiGatewayV2::Route').map((r) => r.props.RouteKey)).toEqual(['$default']);
    expect(all(s(), 'AWS::ApiGatewayV2::Route')[0]!.props.AuthorizationType ?? 'NONE').toBe('NONE');
  });

  it('puts the SPA fallback function on the web behaviour only, the API uncached with every header but Host, and no error pages', () => {
    const dist = all(s(), 'AWS::CloudFront::Distribution');
    expect(dist).toHaveLength(1);
    const config = dist[0]!.props.DistributionConfig;
    const functions = all(s(), 'AWS::CloudFront::Function');
    expect(functions).toHaveLength(1);
    expect(functions[0]!.props.FunctionCode).toBe(SPA_FALLBACK_CODE);
    expect(functions[0]!.props.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functions[0]!.id, 'FunctionARN'] } },
    ]);
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.CacheBehaviors.map((b: any) => b.PathPattern)).toEqual(['/api/store/*/products', '/api/*']);
    for (const b of config.CacheBehaviors) expect(b.FunctionAssociations, b.PathPattern).toBeUndefined();
    // The store's public catalogue alone is cached, as long as the API says, keyed by its search and page only (no session).
    const catalogue = config.CacheBehaviors[0];
    expect(catalogue.AllowedMethods).toEqual(['GET', 'HEAD']);
    const policy = all(s(), 'AWS::CloudFront::CachePolicy').find((p) => p.id === catalogue.CachePolicyId.Ref)!.props.CachePolicyConfig;
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 300 });
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({ HeadersConfig: { HeaderBehavior: 'none' }, CookiesConfig: { CookieBehavior: 'none' }, QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['q', 'cursor', 'limit'] } });
    expect(catalogue.TargetOriginId).toBe(config.CacheBehaviors[1].TargetOriginId);
    const api = config.CacheBehaviors[1];
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
    const apiOrigin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    const domain = resolveImports(s(), apiOrigin.DomainName);
    expect(JSON.stringify(domain)).toContain('"stack":"api"');
    expect(apiOrigin.OriginCustomHeaders.map((h: any) => h.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
    expect(JSON.stringify(apiOrigin.OriginCustomHeaders[0].HeaderValue)).toContain('{{resolve:secretsmanager:');
    const webOrigin = config.Origins.find((o: any) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
    expect(webOrigin.OriginAccessControlId).toBeDefined();
    expect(webOrigin.S3OriginConfig.OriginAccessIdentity).toBe('');
    expect(all(s(), 'AWS::CloudFront::OriginAccessControl')[0]!.props.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('sends security headers (CSP, HSTS, frame and content-type options) on the web and the API', () => {
    const policies = all(s(), 'AWS::CloudFront::ResponseHeadersPolicy');
    expect(policies).toHaveLength(1);
    const headers = policies[0]!.props.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    // Hosts named, no scheme wildcard: the map's host and the stage's own files bucket.
    expect(csp).not.toMatch(/ https:[ ;"]/);
    expect(csp).toContain('https://api.maptiler.com');
    // The stage's files bucket, by its name: ev-<stage>-files-<account>-<region>.
    expect(csp).toContain(`connect-src 'self' https://api.maptiler.com https://ev-${stage}-files-",{"Ref":"AWS::AccountId"},"-",{"Ref":"AWS::Region"},".s3."`);
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    const config = all(s(), 'AWS::CloudFront::Distribution')[0]!.props.DistributionConfig;
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policies[0]!.id });
  });

  it('keeps the JWT secret in Secrets Manager, generated, and retained in prod', () => {
    const secrets = all(s(), 'AWS::SecretsManager::Secret');
    expect(secrets.map((x) => x.path).sort()).toEqual(['AppSecret/Resource', 'OriginVerify/Resource']);
    for (const x of secrets) {
      expect(x.props.GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(32);
      expect(x.props.SecretString).toBeUndefined();
      expect(x.resource.DeletionPolicy).toBe(prod ? 'Retain' : 'Delete');
    }
  });

  it('offers the store’s sandbox Pix on a preview only, never in production (nothing it confirms is money)', () => {
    const api = all(s(), 'AWS::Lambda::Function').filter((x) => x.path.startsWith('Api/'));
    expect(api.length).toBeGreaterThan(0);
    for (const f of api) expect(f.props.Environment.Variables.STORE_SANDBOX).toBe(prod ? 'off' : 'on');
  });

  it('calls the assistant’s model on Bedrock: its id and region in the API’s environment, InvokeModel on that model’s ARNs alone', () => {
    const api = all(s(), 'AWS::Lambda::Function').filter((x) => x.path.startsWith('Api/'));
    expect(api.length).toBeGreaterThan(0);
    for (const f of api) expect(f.props.Environment.Variables).toMatchObject({ AI_MODEL: 'bedrock', BEDROCK_MODEL_ID: DEFAULT_BEDROCK_MODEL_ID, BEDROCK_REGION: { Ref: 'AWS::Region' } });
    // No other function has the model's variables.
    for (const f of all(s(), 'AWS::Lambda::Function').filter((x) => !x.path.startsWith('Api/'))) expect(f.props.Environment?.Variables?.BEDROCK_MODEL_ID, f.path).toBeUndefined();

    const policies = all(s(), 'AWS::IAM::Policy').filter((p) => p.props.PolicyDocument.Statement.some((st: any) => [st.Action].flat().some((a: string) => a.startsWith('bedrock:'))));
    expect(policies.map((p) => `${p.stack}/${p.path.split('/')[0]}`)).toEqual(['api/ApiRole']);
    const statements = policies[0]!.props.PolicyDocument.Statement.filter((st: any) => [st.Action].flat().some((a: string) => a.startsWith('bedrock:')));
    expect(statements).toHaveLength(1);
    expect([statements[0].Action].flat()).toEqual(['bedrock:InvokeModel']);
    // The global profile in the stage's region and account, and its model wherever the profile sends the request.
    const model = DEFAULT_BEDROCK_MODEL_ID.replace(/^global\./, '');
    const join = (...parts: unknown[]) => ({ 'Fn::Join': ['', parts] });
    expect([statements[0].Resource].flat()).toEqual([
      join('arn:', { Ref: 'AWS::Partition' }, ':bedrock:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:inference-profile/${DEFAULT_BEDROCK_MODEL_ID}`),
      join('arn:', { Ref: 'AWS::Partition' }, `:bedrock:*::foundation-model/${model}`),
      join('arn:', { Ref: 'AWS::Partition' }, `:bedrock:::foundation-model/${model}`),
    ]);
  });

  it('sends e-mail from the SES identity the prod stage owns; a preview from the previews’ own domain, never production’s', () => {
    const identities = all(s(), 'AWS::SES::EmailIdentity');
    expect(identities.map((i) => i.props.EmailIdentity)).toEqual(prod ? ['escritoriovirtual.com.br'] : []);
    const domain = prod ? 'escritoriovirtual.com.br' : 'preview.escritoriovirtual.com.br';
    for (const f of all(s(), 'AWS::Lambda::Function').filter((x) => x.path.endsWith('Consumer/Function/Resource') || x.path.startsWith('Api/'))) {
      expect(f.props.Environment.Variables.EMAIL_FROM).toBe(`Escritório Virtual <no-reply@${domain}>`);
    }
    const ses = all(s(), 'AWS::IAM::Policy').flatMap((p) => p.props.PolicyDocument.Statement).filter((st: any) => [st.Action].flat().includes('ses:SendEmail'));
    expect(ses.length).toBeGreaterThan(0);
    for (const st of ses) expect(JSON.stringify(resolveImports(s(), st.Resource))).toContain(prod ? 'Identity' : `identity/${domain}`);
  });

  it('wires every alarm to the topic, whose e-mail subscription is a parameter; a DLQ alarm per DLQ, a throttle alarm per function, the API 5xx rate', () => {
    const alarms = all(s(), 'AWS::CloudWatch::Alarm');
    const topics = all(s(), 'AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    const t = s().templates.alarms!;
    expect(t.Parameters?.AlarmEmail?.Type).toBe('String');
    expect(all(s(), 'AWS::SNS::Subscription').map((x) => x.props)).toEqual([{ Protocol: 'email', TopicArn: { Ref: topics[0]!.id }, Endpoint: { Ref: 'AlarmEmail' } }]);
    for (const a of alarms) expect(a.props.AlarmActions, a.path).toEqual([{ Ref: topics[0]!.id }]);

    const dims = (a: Found) => resolveImports(s(), a.props.Dimensions ?? []);
    const queues = all(s(), 'AWS::SQS::Queue');
    const dlqs = queues.filter((q) => queues.some((src) => src.props.RedrivePolicy && target(src.stack, src.props.RedrivePolicy.deadLetterTargetArn)!.id === q.id));
    for (const dlq of dlqs) {
      const alarm = alarms.find((a) => a.props.MetricName === 'ApproximateNumberOfMessagesVisible' && dims(a).some((d: any) => d.Name === 'QueueName' && target('alarms', d.Value)?.id === dlq.id));
      expect(alarm, `alarm on ${dlq.path}`).toBeDefined();
      expect(alarm!.props).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    }
    for (const f of all(s(), 'AWS::Lambda::Function').filter((x) => !isCdkInternal(x))) {
      const alarm = alarms.find((a) => a.props.MetricName === 'Throttles' && dims(a).some((d: any) => d.Name === 'FunctionName' && target('alarms', d.Value)?.id === f.id));
      expect(alarm, `throttle alarm on ${f.path}`).toBeDefined();
    }
    const rate = alarms.filter((a) => a.props.Metrics?.some((m: any) => m.MetricStat?.Metric?.MetricName === '5xx'));
    expect(rate).toHaveLength(1);
    expect(rate[0]!.props.Metrics.find((m: any) => m.ReturnData !== false).Expression).toContain('100 * hits / requests');
  });

  it('alarms on what breaks first: function errors and duration near the timeout, oldest message per queue, API 429 rate, table throttles and conflicts, SES reputation', () => {
    const alarms = all(s(), 'AWS::CloudWatch::Alarm');
    const dims = (a: Found) => resolveImports(s(), a.props.Dimensions ?? []);
    const on = (a: Found, name: string, id: string) => dims(a).some((d: any) => d.Name === name && target('alarms', d.Value)?.id === id);
    for (const f of all(s(), 'AWS::Lambda::Function').filter((x) => !isCdkInternal(x))) {
      expect(alarms.find((a) => a.props.MetricName === 'Errors' && on(a, 'FunctionName', f.id))?.props.Threshold, `errors of ${f.path}`).toBe(ALARM_THRESHOLDS.functionErrors);
      const duration = alarms.find((a) => a.props.MetricName === 'Duration' && on(a, 'FunctionName', f.id));
      expect(duration?.props, `duration of ${f.path}`).toMatchObject({ ExtendedStatistic: 'p99', Threshold: f.props.Timeout * 1000 * ALARM_THRESHOLDS.durationOfTimeout });
    }
    const queues = all(s(), 'AWS::SQS::Queue').filter((q) => q.props.RedrivePolicy);
    expect(queues).toHaveLength(JOB_FAMILIES.length);
    for (const q of queues) {
      const family = JOB_FAMILIES.find((f) => q.path.startsWith(`${f.name[0]!.toUpperCase()}${f.name.slice(1)}Queue`))!;
      const age = alarms.find((a) => a.props.MetricName === 'ApproximateAgeOfOldestMessage' && on(a, 'QueueName', q.id));
      expect(age?.props.Threshold, `oldest message of ${q.path}`).toBe(family.maxAgeSeconds);
    }
    // 429s are counted from the API's access logs into a metric, alarmed as a share of requests.
    const filters = all(s(), 'AWS::Logs::MetricFilter');
    expect(filters).toHaveLength(1);
    expect(filters[0]!.props.FilterPattern).toBe('{ $.status = "429" }');
    expect(filters[0]!.props.MetricTransformations[0]).toMatchObject({ MetricNamespace: API_429_METRIC.namespace, MetricName: API_429_METRIC.metricName });
    const limited = alarms.filter((a) => a.props.Metrics?.some((m: any) => m.MetricStat?.Metric?.MetricName === API_429_METRIC.metricName));
    expect(limited.map((a) => a.props.Threshold)).toEqual([ALARM_THRESHOLDS.api429Percent]);
    const table = all(s(), 'AWS::DynamoDB::Table')[0]!;
    const tableMetric = (name: string) =>
      alarms.filter((a) => [a.props, ...(a.props.Metrics ?? []).map((m: any) => m.MetricStat?.Metric ?? {})].some((m: any) => m.MetricName === name && JSON.stringify(resolveImports(s(), m.Dimensions)).includes(table.id)));
    expect(tableMetric('ReadThrottleEvents')).toHaveLength(1);
    expect(tableMetric('WriteThrottleEvents')).toHaveLength(1);
    expect(tableMetric('TransactionConflict').map((a) => a.props.Threshold)).toEqual([ALARM_THRESHOLDS.transactionConflicts]);
    for (const [metric, threshold] of [['Reputation.BounceRate', ALARM_THRESHOLDS.sesBounceRate], ['Reputation.ComplaintRate', ALARM_THRESHOLDS.sesComplaintRate]] as const) {
      expect(alarms.filter((a) => a.props.Namespace === 'AWS/SES' && a.props.MetricName === metric).map((a) => a.props.Threshold)).toEqual([threshold]);
    }
  });

  it('logs as JSON and traces every function; keeps API and CloudFront access logs for a limited time', () => {
    for (const f of all(s(), 'AWS::Lambda::Function').filter((x) => !isCdkInternal(x))) {
      expect(f.props.TracingConfig, f.path).toEqual({ Mode: 'Active' });
      expect(f.props.LoggingConfig, f.path).toMatchObject({ LogFormat: 'JSON', ApplicationLogLevel: 'INFO' });
    }
    const stages = all(s(), 'AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(1);
    const settings = stages[0]!.props.AccessLogSettings;
    expect(JSON.parse(settings.Format)).toEqual(ACCESS_LOG_FORMAT);
    const group = all(s(), 'AWS::Logs::LogGroup').find((g) => g.stack === stages[0]!.stack && g.id === target(stages[0]!.stack, settings.DestinationArn)?.id)!;
    expect(group.props.RetentionInDays).toBe(90);
    const config = all(s(), 'AWS::CloudFront::Distribution')[0]!.props.DistributionConfig;
    expect(config.Logging.Prefix).toBe('cloudfront/');
    const bucket = all(s(), 'AWS::S3::Bucket').find((b) => b.path.startsWith('AccessLogs/') && JSON.stringify(config.Logging.Bucket).includes(b.id))!;
    expect(bucket.props.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ ExpirationInDays: ACCESS_LOG_DAYS, Status: 'Enabled' })]);
    expect(bucket.props.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
  });
});

describe('the assistant’s model of a stage', () => {
  it('is Bedrock’s default model in the stage’s region unless the deploy names another, a region, or the local model', () => {
    expect(stageConfig({ stage: 'prod' }).model).toEqual({ kind: 'bedrock', id: DEFAULT_BEDROCK_MODEL_ID, region: null });
    expect(stageConfig({ stage: 'pr-3', bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0', bedrockRegion: 'us-east-1' }).model).toEqual({
      kind: 'bedrock',
      id: 'anthropic.claude-3-haiku-20240307-v1:0',
      region: 'us-east-1',
    });
    expect(stageConfig({ stage: 'pr-3', aiModel: 'local' }).model).toEqual({ kind: 'local' });
    expect(() => stageConfig({ stage: 'prod', aiModel: 'openai' })).toThrow(/aiModel must be bedrock or local/);
    expect(() => stageConfig({ stage: 'prod', bedrockModelId: 'arn:aws:bedrock:sa-east-1:123456789012:foundation-model/x' })).toThrow(/bedrockModelId/);
    expect(() => stageConfig({ stage: 'prod', bedrockRegion: 'São Paulo' })).toThrow(/bedrockRegion/);
  });

  it('is granted by its ARNs: a foundation model in its region alone; a geography’s profile and its model in any region', () => {
    const stack = new Stack(new App(), 'T', { env: { account: '123456789012', region: 'sa-east-1' } });
    // The partition stays a reference in the template (aws, aws-cn, aws-us-gov): read here as aws.
    const arn = (a: string) => {
      const v = stack.resolve(a);
      return typeof v === 'string' ? v : v['Fn::Join'][1].map((p: any) => (typeof p === 'string' ? p : p.Ref === 'AWS::Partition' ? 'aws' : `<${p.Ref}>`)).join('');
    };
    expect(modelArns(stack, 'anthropic.claude-3-haiku-20240307-v1:0', 'sa-east-1').map(arn)).toEqual(['arn:aws:bedrock:sa-east-1::foundation-model/anthropic.claude-3-haiku-20240307-v1:0']);
    expect(modelArns(stack, 'us.amazon.nova-lite-v1:0', 'us-east-1').map(arn)).toEqual([
      'arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.amazon.nova-lite-v1:0',
      'arn:aws:bedrock:*::foundation-model/amazon.nova-lite-v1:0',
    ]);
  });
});
