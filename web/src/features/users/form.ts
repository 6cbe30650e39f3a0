import { UserCreate, UserUpdate, type User } from '@ev/shared/schemas/users';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_ZONE } from '@ev/shared/calendar';
import type { Resolver } from 'react-hook-form';
import { i18n } from '@/lib/i18n';
import { schemaResolver, toBody, toFormValues, type FormValues, type SchemaFieldMap } from '@/lib/form-map';
import { maskPhone } from '@/lib/masks';

/**
 * How the users' form holds each field of the shared schema (`UserCreate`; an edit sends the same
 * fields but the password ones, with its version). `phones` is a list of texts kept as typed
 * (`refs` carries a list as it is); the body leaves the blank ones out.
 */
export const USER_FIELDS = {
  name: 'text!',
  nickname: 'text',
  email: 'text!',
  birthday: 'date',
  document: 'document',
  stateRegistration: 'text',
  phones: 'refs',
  avatar: 'text',
  timezone: 'option',
  dateFormat: 'option',
  profileId: 'ref!',
  branchIds: 'refs',
  defaultBranchId: 'ref',
  employee: 'bool',
  salesman: 'bool',
  supervisor: 'bool',
  supervisorId: 'ref',
  financialReleaseAuthorizer: 'bool',
  passwordMode: 'option',
  password: 'text',
} as const satisfies SchemaFieldMap<UserCreate>;

export type UserValues = FormValues<typeof USER_FIELDS>;
export type UserField = keyof typeof USER_FIELDS;

export const MAX_PHONES = 4;

/** The form's values for a user (null: a new one, its password set now, the platform's defaults). */
export function userValues(user: User | null): UserValues {
  const values = toFormValues(USER_FIELDS, user ?? { passwordMode: 'set', timezone: DEFAULT_TIME_ZONE, dateFormat: DEFAULT_DATE_FORMAT });
  return { ...values, phones: (user?.phones ?? []).map(maskPhone), password: '' };
}

/** The body the API reads: phones without the blank ones; the password as typed (never trimmed), only for a new user whose password is set now. */
export function userBody(values: UserValues, updating: boolean): Record<string, unknown> {
  const body = toBody(USER_FIELDS, values);
  body.phones = values.phones.map((p) => p.trim()).filter(Boolean);
  delete body.password;
  if (updating) delete body.passwordMode;
  else if (values.passwordMode !== 'email' && values.password) body.password = values.password;
  return body;
}

/** A user field's label in the current language (the messages that name a field). */
export const userLabel = (field: string) => i18n.t(`users:fields.${field.replace(/\.\d+$/, '')}`);

/** The form's check: the API's schema on the body the form would send, each message from its key. */
export const userResolver = (updating: boolean): Resolver<UserValues> =>
  schemaResolver<UserValues>(updating ? UserUpdate : UserCreate, (v) => userBody(v, updating), updating, { labelOf: userLabel });

/** The fields the history names, in the order of the form. */
export const USER_HISTORY_FIELDS = ['name', 'nickname', 'email', 'birthday', 'document', 'stateRegistration', 'phones', 'avatar', 'timezone', 'dateFormat', 'profileId', 'branchIds', 'defaultBranchId', 'employee', 'salesman', 'supervisor', 'supervisorId', 'financialReleaseAuthorizer', 'active', 'password'] as const;
