import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { readSecretString } from './secrets';
import { SesEmailSender } from './ses-email';

/** No SES or Secrets Manager emulator is available to us: the request shapes are asserted. */
const ses = mockClient(SESv2Client);
const secrets = mockClient(SecretsManagerClient);
const clientConfig = { region: 'sa-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } };

afterEach(() => {
  ses.reset();
  secrets.reset();
});

describe('SesEmailSender', () => {
  it('sends a simple UTF-8 message from the configured sender', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const sender = new SesEmailSender({ from: 'Escritório Virtual <no-reply@example.com>', configurationSetName: 'ev', clientConfig });
    await sender.send({ to: 'ana@example.com', subject: 'Senha temporária', text: 'Sua senha: X', html: '<p>Sua senha: X</p>' });
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      FromEmailAddress: `=?UTF-8?B?${Buffer.from('Escritório Virtual').toString('base64')}?= <no-reply@example.com>`,
      Destination: { ToAddresses: ['ana@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Senha temporária', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Sua senha: X', Charset: 'UTF-8' }, Html: { Data: '<p>Sua senha: X</p>', Charset: 'UTF-8' } },
        },
      },
      ConfigurationSetName: 'ev',
    });
  });

  it('keeps an ASCII sender as it is', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-2' });
    await new SesEmailSender({ from: 'Escritorio <no-reply@example.com>', clientConfig }).send({ to: 'a@example.com', subject: 'Oi', text: 'x' });
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.FromEmailAddress).toBe('Escritorio <no-reply@example.com>');
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content!.Simple!.Body).toEqual({ Text: { Data: 'x', Charset: 'UTF-8' } });
  });

  it('refuses a message the outbox would refuse (header injection), without calling SES', async () => {
    const sender = new SesEmailSender({ from: 'no-reply@example.com', clientConfig });
    await expect(sender.send({ to: 'ana@example.com', subject: 'Oi\r\nBcc: x@y.com', text: 'x' })).rejects.toMatchObject({ code: 'email.invalid_message' });
    await expect(sender.send({ to: 'not-an-email', subject: 'Oi', text: 'x' })).rejects.toMatchObject({ code: 'email.invalid_message' });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(() => new SesEmailSender({ from: 'a@b.com\r\nBcc: c@d.com' })).toThrow(/control characters/);
  });
});

describe('readSecretString', () => {
  it('reads the secret string by id', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: 'arn:aws:secretsmanager:sa-east-1:1:secret:app' }).resolves({ SecretString: 's3cr3t' });
    expect(await readSecretString('arn:aws:secretsmanager:sa-east-1:1:secret:app', clientConfig)).toBe('s3cr3t');
  });

  it('fails naming the secret when it has no string', async () => {
    secrets.on(GetSecretValueCommand).resolves({});
    await expect(readSecretString('app-secret', clientConfig)).rejects.toThrow('Secret app-secret has no string value');
  });
});
