import type { User } from '@ev/shared/schemas/users';
import { resourceKeys, resourceRecordOptions } from './resource';

/** The users, one definition for the users' screen, the account settings and the salesman's name on a sale. */
export const userKeys = resourceKeys('users');

/** GET /users/{id}. */
export const userOptions = (id: string) => resourceRecordOptions<User>('users', id);
