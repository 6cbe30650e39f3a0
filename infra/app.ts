import { App } from 'aws-cdk-lib';
import { AccessStack, accessConfig } from './access';
import { stageConfig } from './config';
import { buildStage } from './stage';

/**
 * The CDK app: `npm run deploy -- -c stage=<name>` from the root (docs/deploy.md), which builds
 * the web app, deploys every stack of the stage, then uploads the web app (publish-web.ts). With
 * `-c environment=production|preview -c repository=<owner>/<name>`, the account's one-time access
 * stack instead (infra/access.ts), deployed by an administrator.
 */
const app = new App();
const ctx = (key: string): unknown => app.node.tryGetContext(key);
const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
if (ctx('environment') !== undefined) {
  const config = accessConfig({ environment: ctx('environment'), repository: ctx('repository'), previewMailDomain: ctx('previewMailDomain') });
  new AccessStack(app, `ev-access-${config.environment}`, config, { env, description: `Escritório Virtual: deploy access (${config.environment})` });
} else {
  const config = stageConfig({
    stage: ctx('stage'),
    mailDomain: ctx('mailDomain'),
    createEmailIdentity: ctx('createEmailIdentity'),
    domainName: ctx('domainName'),
    certificateArn: ctx('certificateArn'),
    aiModel: ctx('aiModel'),
    bedrockModelId: ctx('bedrockModelId'),
    bedrockRegion: ctx('bedrockRegion'),
  });
  buildStage(app, config, env);
}
app.synth();
