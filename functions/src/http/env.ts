import type { Actor } from '@ev/core/context';
import type { OperatorActor } from '@ev/core/operators';

/** What the app's middleware puts on the Hono context. */
export interface AppEnv {
  Variables: {
    actor?: Actor;
    /** On the admin routes: the operator signed in. */
    operator?: OperatorActor;
    requestId: string;
  };
}
