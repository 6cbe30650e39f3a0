/**
 * The one form a WhatsApp number is matched by (docs/messages.md "Numbers"): digits with the
 * country code, a Brazilian mobile always with its ninth digit. Meta's WhatsApp ID of an older
 * Brazilian account outside area codes 11–19, 21, 22, 24, 27 and 28 keeps the mobile's eight
 * digits (`553191230076` for (31) 99123-0076), and Meta says the ID and the number may differ:
 * inbound messages, conversations, unknown numbers and the clients' phones are all compared in
 * this form, so both spellings are one person.
 */

/** 55, an area code (no zero), then a mobile's eight digits (6 to 9 first) without the ninth. */
const BR_MOBILE_WITHOUT_NINTH = /^55([1-9]{2})([6-9]\d{7})$/;

/** Digits with the country code; a Brazilian mobile written without its ninth digit gets it back. */
export function whatsappNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  const m = BR_MOBILE_WITHOUT_NINTH.exec(digits);
  return m ? `55${m[1]}9${m[2]}` : digits;
}

/**
 * The ways a client's phone may hold the number (Brazil's 55 taken off): the mobile with its ninth
 * digit, and without it (a phone registered before the ninth digit); another country's as it is.
 */
export function localPhones(value: string): string[] {
  const n = whatsappNumber(value);
  if (!n.startsWith('55')) return [n];
  const local = n.slice(2);
  const m = /^([1-9]{2})9([6-9]\d{7})$/.exec(local);
  return m ? [local, `${m[1]}${m[2]}`] : [local];
}
