import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { AccessStack, accessConfig, EXECUTION_SERVICES, GITHUB_OIDC_HOST, type DeployEnvironment } from './access';

/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * Issue 17 item 1: production and the previews deploy into two accounts, each with a deploy role
 * that only the repository's workflows of that GitHub environment may assume, and CloudFormation
 * limited to the services the stages use.
 */
function synth(environment: DeployEnvironment) {
  const app = new App();
  const stack = new AccessStack(app, `ev-access-${environment}`, accessConfig({ environment, repository: 'exemplo/escritorio-virtual' }));
  const template = app.synth().getStackByName(stack.stackName).template as { Resources: Record<string, { Type: string; Properties: any }> };
  const of = (type: string) => Object.entries(template.Resources).filter(([, r]) => r.Type === type).map(([id, r]) => ({ id, ...r.Properties }));
  return { of, template };
}

describe.each(['production', 'preview'] as const)('the %s account’s access', (environment) => {
  const { of } = synth(environment);

  it('trusts GitHub’s OIDC tokens of this repository and this environment only, for the deploy role', () => {
    const [provider] = of('Custom::AWSCDKOpenIdConnectProvider');
    expect(provider?.Url).toBe(`https://${GITHUB_OIDC_HOST}`);
    const roles = of('AWS::IAM::Role').filter((r) => r.RoleName);
    expect(roles.map((r) => r.RoleName)).toEqual([`github-deploy-${environment}`]);
    const trust = roles[0]!.AssumeRolePolicyDocument.Statement;
    expect(trust).toHaveLength(1);
    expect(trust[0].Action).toBe('sts:AssumeRoleWithWebIdentity');
    // Exact match (StringEquals): no wildcard, no branch, not the other environment.
    expect(trust[0].Condition).toEqual({
      StringEquals: { [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com', [`${GITHUB_OIDC_HOST}:sub`]: `repo:exemplo/escritorio-virtual:environment:${environment}` },
    });
  });

  it('lets the deploy role assume only CDK’s bootstrap roles of its account and fill its own stages’ web buckets', () => {
    const role = of('AWS::IAM::Role').find((r) => r.RoleName === `github-deploy-${environment}`)!;
    const policy = of('AWS::IAM::Policy').find((p) => JSON.stringify(p.Roles).includes(role.id))!;
    const statements = policy.PolicyDocument.Statement;
    expect(statements.map((st: any) => st.Action).sort()).toEqual(['s3:PutObject', 'sts:AssumeRole']);
    const assume = JSON.stringify(statements.find((st: any) => st.Action === 'sts:AssumeRole').Resource);
    expect(assume).toContain(':role/cdk-hnb659fds-*-');
    expect(assume).toContain('AWS::AccountId');
    const put = JSON.stringify(statements.find((st: any) => st.Action === 's3:PutObject').Resource);
    expect(put).toContain(environment === 'production' ? 's3:::ev-prod-*-web-site*/*' : 's3:::ev-pr-*-web-site*/*');
  });

  it('gives CloudFormation the stages’ services and IAM on the stages’ own roles only, never on the deploy roles', () => {
    const [policy] = of('AWS::IAM::ManagedPolicy');
    const statements = policy!.PolicyDocument.Statement as any[];
    const allowed = statements.filter((st) => st.Effect === 'Allow');
    expect(allowed[0].Action).toEqual(EXECUTION_SERVICES.map((s) => `${s}:*`));
    expect(allowed.flatMap((st) => [st.Action].flat())).not.toContain('*');
    const iam = allowed.filter((st) => [st.Action].flat().some((a: string) => a.startsWith('iam:')));
    for (const st of iam) for (const r of [st.Resource].flat()) expect(JSON.stringify(r)).toMatch(/:role\/(ev|cdk-hnb659fds)-\*|:policy\/ev-\*/);
    const denied = statements.filter((st) => st.Effect === 'Deny');
    expect(JSON.stringify(denied)).toContain(':role/github-deploy-*');
  });

  it('holds the previews’ own mail identity in the previews’ account only', () => {
    expect(of('AWS::SES::EmailIdentity').map((i) => i.EmailIdentity)).toEqual(environment === 'preview' ? ['preview.escritoriovirtual.com.br'] : []);
  });
});

describe('accessConfig', () => {
  it('refuses a missing environment or repository', () => {
    expect(() => accessConfig({ environment: 'staging', repository: 'a/b' })).toThrow(/environment=production/);
    expect(() => accessConfig({ environment: 'preview', repository: 'nope' })).toThrow(/repository/);
  });
});
