/**
 * The scheduled sweep of interrupted closes on AWS (docs/sales.md "Closing"): an EventBridge rule
 * (infra/jobs.ts) sends this job to the `sales` queue; its consumer (wiring/worker.ts) runs
 * `Sales.finishInterrupted` for every company. Locally the start does the same (functions/src/local/main.ts).
 */
export const SALES_SWEEP_JOB = 'sales.finish-interrupted';

/**
 * A close marked less than this long ago may still be running in its request: the scheduled sweep
 * leaves it to that request (both finishing it, one would lose on the sale's version and answer 409).
 */
export const SWEEP_MIN_AGE_SECONDS = 120;

/** The store's Pix past their time expired, their stock released (docs/store.md "Payment"): every minute. */
export const STORE_PIX_JOB = 'sales.store-pix-expiry';
