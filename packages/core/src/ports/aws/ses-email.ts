import { SendEmailCommand, SESv2Client, type SESv2ClientConfig } from '@aws-sdk/client-sesv2';
import { encodeHeader, parseEmailMessage, type EmailMessage, type EmailSender } from '../email';

export interface SesEmailSenderOptions {
  /** The sender, an address of the verified SES identity (`Escritório Virtual <no-reply@domain>`). */
  from: string;
  configurationSetName?: string;
  clientConfig?: SESv2ClientConfig;
}

/**
 * The e-mail port on AWS, twin of the local outbox: one SES v2 SendEmail per message. The message
 * is validated by the same schema as the outbox's (no CR/LF in headers), and SES builds the MIME.
 */
export class SesEmailSender implements EmailSender {
  readonly client: SESv2Client;
  private readonly from: string;
  private readonly configurationSetName: string | undefined;

  constructor(opts: SesEmailSenderOptions) {
    // eslint-disable-next-line no-control-regex
    if (!opts.from || /[\x00-\x1f\x7f]/.test(opts.from)) throw new Error('SesEmailSender needs a sender address without control characters');
    this.from = encodeSender(opts.from);
    this.configurationSetName = opts.configurationSetName;
    this.client = new SESv2Client({ maxAttempts: 4, ...opts.clientConfig });
  }

  async send(input: EmailMessage): Promise<void> {
    const msg = parseEmailMessage(input);
    const charset = 'UTF-8';
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [msg.to] },
        Content: {
          Simple: {
            Subject: { Data: msg.subject, Charset: charset },
            Body: {
              Text: { Data: msg.text, Charset: charset },
              ...(msg.html !== undefined ? { Html: { Data: msg.html, Charset: charset } } : {}),
            },
          },
        },
        ...(this.configurationSetName ? { ConfigurationSetName: this.configurationSetName } : {}),
      }),
    );
  }
}

/**
 * SES takes a non-ASCII display name only as MIME encoded-words (RFC 2047): `Escritório Virtual
 * <no-reply@x>` becomes `=?UTF-8?B?...?= <no-reply@x>`, on one line.
 */
export function encodeSender(from: string): string {
  const match = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(from);
  if (!match || /^[\x20-\x7e]*$/.test(match[1]!)) return from;
  return `${encodeHeader(match[1]!).replace(/\r\n /g, ' ')} <${match[2]}>`;
}
