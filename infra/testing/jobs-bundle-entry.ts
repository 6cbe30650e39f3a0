/**
 * infra/jobs-bundle.test.ts bundles this file as infra bundles functions/src/lambda/jobs-exports.ts: the
 * real jobs entry, plus one small export (./bundle-export) so the test does not depend on a module's data.
 */
import './bundle-export';

export { handler } from '../../functions/src/lambda/jobs-exports';
