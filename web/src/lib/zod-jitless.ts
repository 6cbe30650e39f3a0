import { z } from 'zod';

/**
 * The schemas validate without compiling code: the page's policy forbids eval
 * (functions/src/http/security-headers.ts), and zod's test for it (`new Function('')`, run when an
 * object schema is made) was reported by the browser as a policy violation on every load. Imported
 * by main.tsx before any module that makes a schema.
 */
z.config({ jitless: true });
