import { Arn, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { StageConfig } from './config';

/**
 * The SES identity e-mails are sent from. An identity exists once per account and region, so the
 * stage that owns it (prod by default) creates it and prints the DKIM records to publish; other
 * stages (previews) send from the same identity, referenced by name.
 */
export class EmailStack extends Stack {
  readonly identity: EmailIdentity;

  constructor(scope: Construct, id: string, config: StageConfig, props: StackProps = {}) {
    super(scope, id, props);
    this.identity = new EmailIdentity(this, 'Identity', { identity: Identity.domain(config.mailDomain) });
    for (const n of [1, 2, 3] as const) {
      const name = this.identity[`dkimDnsTokenName${n}`];
      const value = this.identity[`dkimDnsTokenValue${n}`];
      new CfnOutput(this, `DkimRecord${n}`, { value: `${name} CNAME ${value}`, description: 'Publish in the DNS of the mail domain' });
    }
  }
}

export interface EmailSettings {
  /** ARN of the identity, for ses:SendEmail. */
  identityArn: string;
  /** The sender of every e-mail. */
  from: string;
}

/** What the senders need, whether this stage owns the identity or borrows it. */
export function emailSettings(scope: Construct, config: StageConfig, stack: EmailStack | null): EmailSettings {
  const from = `Escritório Virtual <no-reply@${config.mailDomain}>`;
  if (stack) return { identityArn: stack.identity.emailIdentityArn, from };
  const identityArn = Arn.format({ service: 'ses', resource: 'identity', resourceName: config.mailDomain }, Stack.of(scope));
  return { identityArn, from };
}
