import { Tags, type App, type Environment } from 'aws-cdk-lib';
import { AlarmsStack } from './alarms';
import { API_TIMEOUT_SECONDS, ApiStack } from './api';
import { stackName, type StageConfig } from './config';
import { EmailStack, emailSettings } from './email';
import { filesBucketArn, filesBucketDomain, filesBucketName, FilesStack } from './files';
import { JobsStack } from './jobs';
import { SecretsStack } from './secrets';
import { DataStack } from './table';
import { WebStack } from './web';

export interface StageStacks {
  data: DataStack;
  files: FilesStack;
  secrets: SecretsStack;
  email: EmailStack | null;
  jobs: JobsStack;
  api: ApiStack;
  web: WebStack;
  alarms: AlarmsStack;
}

/**
 * One stage: the stacks of every concern, named `ev-<stage>-<concern>`, in one account and region
 * (`env`; none in tests, which synthesise environment-agnostic templates).
 */
export function buildStage(app: App, config: StageConfig, env?: Environment): StageStacks {
  const props = (concern: string) => ({ stackName: stackName(config, concern), env, description: `Escritório Virtual ${config.stage}: ${concern}` });
  const data = new DataStack(app, stackName(config, 'data'), config, props('data'));
  const secrets = new SecretsStack(app, stackName(config, 'secrets'), config, props('secrets'));
  const email = config.createEmailIdentity ? new EmailStack(app, stackName(config, 'email'), config, props('email')) : null;
  // What the code running on Lambda (the jobs and the API) reaches: the table, the files, the app secret, e-mail.
  const runtime = {
    data,
    // By name: the files stack comes after the web stack (its CORS names the stage's address).
    filesBucketArn: filesBucketArn(config),
    filesBucketName: filesBucketName(config),
    appSecretArn: secrets.appSecret.secretArn,
    email: emailSettings(data, config, email),
  };
  const jobs = new JobsStack(app, stackName(config, 'jobs'), config, { ...props('jobs'), ...runtime });
  const api = new ApiStack(app, stackName(config, 'api'), config, {
    ...props('api'),
    ...runtime,
    jobs,
    originVerifyArn: secrets.originVerify.secretArn,
  });
  const web = new WebStack(app, stackName(config, 'web'), config, {
    ...props('web'),
    apiDomain: api.apiDomain,
    originVerify: secrets.originVerify,
    filesBucketDomain: filesBucketDomain(config),
  });
  const files = new FilesStack(app, stackName(config, 'files'), config, { ...props('files'), webOrigin: `https://${web.distribution.distributionDomainName}` });
  const alarms = new AlarmsStack(app, stackName(config, 'alarms'), config, {
    ...props('alarms'),
    api: api.api,
    accessLogs: api.accessLogs,
    functions: [
      { name: 'api', fn: api.fn.fn, timeoutSeconds: API_TIMEOUT_SECONDS },
      ...jobs.families.map((f) => ({ name: `${f.family.name}-consumer`, fn: f.consumer.fn, timeoutSeconds: f.family.timeoutSeconds })),
    ],
    queues: jobs.families.map((f) => ({ name: f.family.name, queue: f.queue, deadLetters: f.deadLetters, maxAgeSeconds: f.family.maxAgeSeconds })),
    table: data.table,
  });
  Tags.of(app).add('project', 'escritorio-virtual');
  Tags.of(app).add('stage', config.stage);
  return { data, files, secrets, email, jobs, api, web, alarms };
}
