import type { Actor } from '@ev/core/context';

/** What the app's middleware puts on the Hono context. */
export interface AppEnv {
  Variables: {
    actor?: Actor;
    requestId: string;
  };
}
