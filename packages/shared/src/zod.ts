import { z } from 'zod';
import type { Said, Text } from './texts';
import { zodIssueText, type RawIssue } from './zod-issues';

/**
 * Every issue a schema gives no message of its own gets ours (zod's `pt` locale is European
 * Portuguese): Brazilian Portuguese naming the field by its label, keyed like `keyed` (docs/texts.md),
 * so the API's 400 and the web's forms say the same and the web renders it in the user's language.
 */
z.config({ localeError: (issue) => withText(issue, zodIssueText(issue as RawIssue)) });

/** Puts the text's key and parameters on the issue (zod copies its own properties after asking for its message). */
function withText(issue: object, said: Said): string {
  const text: Text = said.params ? { key: said.key, params: said.params } : { key: said.key };
  const raw = issue as { params?: Record<string, unknown> };
  raw.params = { ...raw.params, text };
  return said.message;
}

/**
 * A zod `error` that answers a keyed text: the issue's message is the Portuguese wording and the
 * issue carries the key and parameters in `params.text` (docs/texts.md), so the API's field errors
 * and the web's forms render the user's language from the key. Use it for every message a schema
 * gives (`{ error: keyed(FieldTexts.required({ label })) }`).
 */
export function keyed(said: Said) {
  return (issue: object) => withText(issue, said);
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
