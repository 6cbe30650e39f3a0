import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { env } from '../env';
import { newId } from '../ids';
import { OutboxEmailSender, decodeHeader, encodeHeader, readOutbox } from './email';
import { Ports, registerEmailJob } from './index';
import { runJob } from './queue-runner';

// The `email.send` handler (the jobs consumer registers it with the others).
registerEmailJob();

const sender = new OutboxEmailSender();

async function only(to: string) {
  const mails = (await readOutbox()).filter((m) => m.to === to);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

afterEach(() => {
  Clock.reset();
});

describe('OutboxEmailSender', () => {
  it('writes an .eml file with To, an encoded Subject, Date and the text', async () => {
    const to = `joao-${newId()}@example.com`;
    const subject = 'Redefinição de senha — Escritório Virtual: sua solicitação foi recebida com sucesso';
    const text = 'Olá, João!\n\nSua senha temporária é Xy-123.\nAtenciosamente.';
    Clock.set(() => Date.UTC(2025, 2, 4, 5, 6, 7, 89));

    await sender.send({ to, subject, text });

    const mail = await only(to);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toBe(text);
    expect(path.dirname(mail.file)).toBe(path.join(env().DATA_DIR, 'outbox'));
    expect(path.basename(mail.file)).toMatch(/^20250304T050607089-[0-9a-f-]{36}\.eml$/);

    const raw = fs.readFileSync(mail.file, 'utf8');
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).toMatch(/^From: .+@.+$/m);
    expect(head).toContain(`\r\nTo: ${to}\r\n`);
    expect(head).toContain('Subject: =?UTF-8?B?');
    expect(head).toContain('Date: Tue, 04 Mar 2025 05:06:07 GMT');
    expect(head).toContain('Content-Type: text/plain; charset=utf-8');
    // Encoded words stay within RFC 2047's 75 characters; header lines are ASCII.
    for (const line of head.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect(/^[\x20-\x7e\r\n]*$/.test(head)).toBe(true);
  });

  it('keeps an ASCII subject as is and writes html as an alternative part', async () => {
    const to = `maria-${newId()}@example.com`;
    await sender.send({ to, subject: 'Pedido 42', text: 'Pedido recebido.', html: '<p>Pedido <b>recebido</b>.</p>' });

    const mail = await only(to);
    expect(mail.subject).toBe('Pedido 42');
    expect(mail.text).toBe('Pedido recebido.');
    expect(mail.html).toBe('<p>Pedido <b>recebido</b>.</p>');
    expect(fs.readFileSync(mail.file, 'utf8')).toContain('\r\nSubject: Pedido 42\r\n');
  });

  it('refuses a message whose fields could inject headers', async () => {
    await expect(
      sender.send({ to: `x-${newId()}@example.com`, subject: 'Oi\r\nBcc: all@example.com', text: '' }),
    ).rejects.toMatchObject({ code: 'email.invalid_message' });
    await expect(sender.send({ to: 'a@example.com\r\nBcc: b@example.com', subject: 'Oi', text: '' })).rejects.toMatchObject({
      code: 'email.invalid_message',
    });
  });

  it('round-trips header encoding on character boundaries', () => {
    for (const s of ['', 'plain', 'ação', '😀'.repeat(40), 'á'.repeat(100)]) {
      expect(decodeHeader(encodeHeader(s).replace(/\r\n /g, ' '))).toBe(s);
    }
  });

  it('sends the email.send job through the current e-mail port', async () => {
    const to = `job-${newId()}@example.com`;
    expect(Ports.email()).toBeInstanceOf(OutboxEmailSender);
    const job = {
      id: newId(),
      type: 'email.send',
      tenantId: null,
      payload: { to, subject: 'Bem-vindo', text: 'Olá' },
      idempotencyKey: newId(),
      attempt: 1,
    };

    expect(await runJob(job)).toBe('done');
    expect(await runJob(job)).toBe('skipped');
    expect((await only(to)).subject).toBe('Bem-vindo');

    await expect(runJob({ ...job, id: newId(), idempotencyKey: newId(), payload: { to } })).rejects.toMatchObject({
      code: 'email.invalid_message',
    });
  });
});
