import type { Page } from '@playwright/test';
import { signatureOf } from '../../packages/core/src/messages/webhook';
import { derivedSecret } from '../../packages/core/src/secrets';
import { call } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The AI area at 375 px (issue 46): a client's WhatsApp message opened in `/ai`, the assistant's
 * summary of the client read, a suggested reply taken into the answer box and sent, and the message
 * turned into a draft order that opens in order entry.
 */
test.use({ viewport: { width: 375, height: 812 } });

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Meta's envelope of an inbound text, signed with the company's sandbox secret and posted to its webhook. */
async function inbound(page: Page, tenantId: string, from: string, text: string, name: string) {
  const at = Math.floor(Date.now() / 1000);
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '200000000000000', time: at, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551430030000', phone_number_id: '100000000000000' }, contacts: [{ profile: { name }, wa_id: from }], messages: [{ from, id: `wamid.E2E${letters(12)}`, timestamp: String(at), type: 'text', text: { body: text } }] } }] }],
  });
  // To the server itself: its queue applies the event.
  const res = await page.request.post(`/api/webhooks/whatsapp/${tenantId}`, { data: raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(raw, derivedSecret('whatsapp.sandbox', tenantId)) } });
  expect(res.status()).toBe(200);
}

test('a client’s message: the summary, a suggested reply sent, and the message made a draft order opened in order entry', async ({ page, world }) => {
  test.setTimeout(90_000);
  const { accessToken: token } = await world.login(world.admin.email);
  const account = (await call('GET', '/api/messages/account', { token })).body;
  if (!account.configured) expect((await call('PUT', '/api/messages/account', { token, body: { provider: 'sandbox', ...(account.version ? { version: account.version } : {}) } })).status).toBe(200);
  const tag = letters(1).toUpperCase() + letters(7);
  const phone = `1498${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  const client = await call('POST', '/api/clients', { token, body: { name: `Mercearia ${tag}`, phone1: phone, birthDate: '1979-05-12', confirmRepeatedPhone: true } });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  await inbound(page, world.tenant.id, `55${phone}`, 'Bom dia! manda 10 caixas de água 500ml e 5 fardos de açúcar', 'Seu Jorge');

  await loginAs(page, world, world.admin.email, '/ai');
  await expect(page.getByRole('heading', { level: 1, name: 'Atendimento com IA' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`Mercearia ${tag}`) }).click();
  await expect(page.getByRole('region', { name: `Conversa com Mercearia ${tag}` }).getByText('Bom dia! manda 10 caixas')).toBeVisible();
  await page.screenshot({ path: '/tmp/ai-375-chat.png' });
  await page.getByRole('button', { name: 'Assistente' }).click();
  await page.screenshot({ path: '/tmp/ai-375-assistant.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/ai-1440-chat.png' });
});
