import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';

/** A field's message: our rules carry catalogue keys; the server's (type 'server') carry text. */
export function fieldMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message);
}
