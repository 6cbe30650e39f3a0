import { Stack, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { removal, type StageConfig } from './config';

/**
 * Secrets Manager: the application secret (the JWT, cursor and file-URL keys derive from it; read
 * once per cold start by the Lambda entries) and the value CloudFront adds to API requests so the
 * API serves only what came through CloudFront. Generated at creation, never in the template.
 */
export class SecretsStack extends Stack {
  readonly appSecret: Secret;
  readonly originVerify: Secret;

  constructor(scope: Construct, id: string, config: StageConfig, props: StackProps = {}) {
    super(scope, id, props);
    this.appSecret = new Secret(this, 'AppSecret', {
      description: `Escritório Virtual ${config.stage}: application secret (tokens, cursors, file links)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: removal(config),
    });
    this.originVerify = new Secret(this, 'OriginVerify', {
      description: `Escritório Virtual ${config.stage}: header value CloudFront sends to the API`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: removal(config),
    });
  }
}
