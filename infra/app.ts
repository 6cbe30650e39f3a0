import { App } from 'aws-cdk-lib';
import { stageConfig } from './config';
import { buildStage } from './stage';

/**
 * The CDK app: `npm run deploy -- -c stage=<name>` from the root (docs/deploy.md), which builds
 * the web app, deploys every stack of the stage, then uploads the web app (publish-web.ts).
 */
const app = new App();
const ctx = (key: string): unknown => app.node.tryGetContext(key);
const config = stageConfig({ stage: ctx('stage'), mailDomain: ctx('mailDomain'), createEmailIdentity: ctx('createEmailIdentity') });
buildStage(app, config, { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION });
app.synth();
