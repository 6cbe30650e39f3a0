import { zodResolver } from '@hookform/resolvers/zod';
import { issueText } from '@ev/shared/zod';
import type { TFunction } from 'i18next';
import { get, type FieldError, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { textOf } from './api-error-text';
import { i18n } from './i18n';

/** A field's message: our rules carry catalogue keys; the server's (type 'server') carry text. */
export function fieldMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message);
}

/** A zod issue's message in the current language: from its key (docs/texts.md), the field named by `labelOf`. */
export function issueMessage(issue: z.core.$ZodIssue, labelOf?: (path: string) => string | undefined): string {
  const text = issueText(issue);
  if (text && i18n.exists(`messages:${text.key}`)) return textOf(text, text.params && 'label' in text.params ? labelOf?.(issue.path.join('.')) : undefined);
  return i18n.t('messages:common.invalid', { defaultValue: issue.message });
}

/**
 * react-hook-form's zod resolver on a shared schema, with each message rendered in the user's
 * language from the issue's key (the schema's own text is Portuguese).
 */
export function keyedResolver<V extends FieldValues>(schema: z.ZodType, labelOf?: (path: string) => string | undefined): Resolver<V> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<V>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (!Object.keys(result.errors).length) return result;
    const parsed = await schema.safeParseAsync(values);
    for (const issue of parsed.error?.issues ?? []) {
      const error = get(result.errors, issue.path.join('.')) as FieldError | undefined;
      if (error && error.message === issue.message) error.message = issueMessage(issue, labelOf);
    }
    return result;
  };
}
