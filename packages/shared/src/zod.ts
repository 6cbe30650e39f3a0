import { z } from 'zod';
// Only the Portuguese locale: `z.locales` would pull every language into the bundles.
import pt from 'zod/v4/locales/pt.js';
import type { Said, Text } from './texts';

// Portuguese is the language of every validation message the API and the web show.
z.config(pt());

/**
 * A zod `error` that answers a keyed text: the issue's message is the Portuguese wording and the
 * issue carries the key and parameters in `params.text` (docs/texts.md), so the API's field errors
 * and the web's forms render the user's language from the key. Use it for every message a schema
 * gives (`{ error: keyed(FieldTexts.required({ label })) }`).
 */
export function keyed(said: Said) {
  const text: Text = said.params ? { key: said.key, params: said.params } : { key: said.key };
  return (issue: object) => {
    // zod copies the issue's own properties after asking for its message: the key travels with it.
    const raw = issue as { params?: Record<string, unknown> };
    raw.params = { ...raw.params, text };
    return said.message;
  };
}

/** A custom issue (in a `superRefine`) with a keyed text. */
export function addKeyedIssue(ctx: z.RefinementCtx, path: PropertyKey[], said: Said): void {
  const text: Text = said.params ? { key: said.key, params: said.params } : { key: said.key };
  ctx.addIssue({ code: 'custom', path, message: said.message, params: { text } });
}

/** The key and parameters a schema gave an issue (`keyed`), if any. */
export function issueText(issue: object): Text | undefined {
  const text = (issue as { params?: { text?: Text } }).params?.text;
  return text && typeof text.key === 'string' ? text : undefined;
}

export { z };

/** An issue as a text: its Portuguese message with the key and parameters the schema gave it (a plain string without). */
export function issueSaid(issue: { message: string }): Said | string {
  const text = issueText(issue);
  return text ? { ...text, message: issue.message } : issue.message;
}
