import { Aws, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Effect, ManagedPolicy, OpenIdConnectPrincipal, OpenIdConnectProvider, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

/**
 * What an administrator deploys once in each AWS account (docs/deploy.md "One-time setup"):
 * production and the pull-request previews live in **two accounts**, so nothing a preview's
 * workflow runs (code from the pull request) can reach production. In each account:
 *
 * - GitHub's OIDC provider, and a deploy role that only the repository's workflows running in that
 *   GitHub environment may assume: the token's subject is pinned to
 *   `repo:<owner>/<repo>:environment:<environment>` (a branch or another environment is refused);
 * - the policy CloudFormation deploys with (`cdk bootstrap --cloudformation-execution-policies`),
 *   naming the services the stages use instead of AdministratorAccess, IAM limited to the stages'
 *   own roles (`ev-*`), so a template cannot grant itself more;
 * - in the previews' account, the SES identity of the previews' own mail domain: previews send in
 *   that account's SES sandbox, never from production's identity.
 */
export type DeployEnvironment = 'production' | 'preview';

export interface AccessConfig {
  environment: DeployEnvironment;
  /** `owner/name` of the GitHub repository. */
  repository: string;
  /** The previews' mail domain (identity made in the previews' account). */
  previewMailDomain: string;
}

export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';
/** CDK's default bootstrap qualifier: its roles are `cdk-hnb659fds-<kind>-role-<account>-<region>`. */
export const CDK_QUALIFIER = 'hnb659fds';

/** The stages an environment deploys: `prod`, or the previews `pr-<number>`. */
export const STAGE_PREFIX: Record<DeployEnvironment, string> = { production: 'ev-prod-', preview: 'ev-pr-' };

/** Services the stages are made of (infra/stage.ts); CloudFormation may touch nothing else. */
export const EXECUTION_SERVICES = [
  'apigateway', 'cloudfront', 'cloudwatch', 'dynamodb', 'events', 'lambda', 'logs',
  's3', 'secretsmanager', 'ses', 'sns', 'sqs', 'ssm', 'xray',
] as const;

export function accessConfig(input: { environment: unknown; repository: unknown; previewMailDomain?: unknown }): AccessConfig {
  const environment = input.environment;
  if (environment !== 'production' && environment !== 'preview') throw new Error('Pass -c environment=production or -c environment=preview');
  const repository = typeof input.repository === 'string' ? input.repository : '';
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository)) throw new Error(`Pass -c repository=<owner>/<name> (got "${repository}")`);
  const previewMailDomain = typeof input.previewMailDomain === 'string' && input.previewMailDomain ? input.previewMailDomain : 'preview.escritoriovirtual.com.br';
  return { environment, repository, previewMailDomain };
}

export class AccessStack extends Stack {
  readonly deployRole: Role;
  readonly executionPolicy: ManagedPolicy;

  constructor(scope: Construct, id: string, config: AccessConfig, props: StackProps = {}) {
    super(scope, id, props);
    const provider = new OpenIdConnectProvider(this, 'GitHub', { url: `https://${GITHUB_OIDC_HOST}`, clientIds: ['sts.amazonaws.com'] });

    this.deployRole = new Role(this, 'DeployRole', {
      roleName: `github-deploy-${config.environment}`,
      description: `GitHub Actions of ${config.repository}, environment ${config.environment} only`,
      assumedBy: new OpenIdConnectPrincipal(provider, {
        StringEquals: {
          [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com',
          [`${GITHUB_OIDC_HOST}:sub`]: `repo:${config.repository}:environment:${config.environment}`,
        },
      }),
    });
    // CDK deploys through the bootstrap's roles of this account and region only.
    this.deployRole.addToPolicy(
      new PolicyStatement({ actions: ['sts:AssumeRole'], resources: [`arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/cdk-${CDK_QUALIFIER}-*-${Aws.ACCOUNT_ID}-${Aws.REGION}`] }),
    );
    // publish-web.ts uploads the built app to the environment's own stages' web buckets.
    this.deployRole.addToPolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [`arn:${Aws.PARTITION}:s3:::${STAGE_PREFIX[config.environment]}*-web-site*/*`] }));

    this.executionPolicy = new ManagedPolicy(this, 'CdkExecutionPolicy', {
      managedPolicyName: `ev-cdk-execution-${config.environment}`,
      description: 'What CloudFormation may do when CDK deploys a stage (cdk bootstrap --cloudformation-execution-policies)',
      statements: [
        new PolicyStatement({ actions: EXECUTION_SERVICES.map((s) => `${s}:*`), resources: ['*'] }),
        // Roles and their policies: only the stages' own (CDK names them after the stack, `ev-<stage>-…`).
        new PolicyStatement({
          actions: ['iam:*'],
          resources: [`arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/ev-*`, `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:policy/ev-*`],
        }),
        new PolicyStatement({ actions: ['iam:GetRole', 'iam:PassRole'], resources: [`arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/cdk-${CDK_QUALIFIER}-*`] }),
        // The deploy roles and this policy are the administrator's: no stage may change them.
        new PolicyStatement({
          effect: Effect.DENY,
          actions: ['iam:*'],
          resources: [`arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/github-deploy-*`, `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:policy/ev-cdk-execution-*`],
        }),
      ],
    });

    if (config.environment === 'preview') {
      const identity = new EmailIdentity(this, 'PreviewMailIdentity', { identity: Identity.domain(config.previewMailDomain) });
      for (const n of [1, 2, 3] as const) {
        new CfnOutput(this, `PreviewDkimRecord${n}`, { value: `${identity[`dkimDnsTokenName${n}`]} CNAME ${identity[`dkimDnsTokenValue${n}`]}`, description: 'Publish in the DNS of the previews’ mail domain' });
      }
    }
    new CfnOutput(this, 'DeployRoleArn', { value: this.deployRole.roleArn, description: `The repository variable AWS_${config.environment.toUpperCase()}_ROLE_ARN` });
    new CfnOutput(this, 'ExecutionPolicyArn', { value: this.executionPolicy.managedPolicyArn, description: 'cdk bootstrap --cloudformation-execution-policies <this>' });
  }
}
