import { CachedCepLookup, ViaCepLookup, type CepLookup } from './cep';
import { EMAIL_SEND_JOB, OutboxEmailSender, parseEmailMessage, type EmailSender } from './email';
import { LocalFileStore, type FileStore } from './files';
import { HttpGeocoder, LocalGeocoder, type Geocoder } from './geocoding';
import { LocalQueue } from './local-queue';
import { registerJob } from './queue-runner';
import type { JobQueue } from './queue';
import { PortWarnings, type PortWarn } from './warnings';
import { SandboxProcessor } from './payments';
import { modelFromEnv } from './bedrock';
import type { ModelPort } from './model';
import { LocalModel } from './model-local';

/**
 * The outside world as the domain sees it. The local adapters are the defaults, made on first use;
 * the Lambda entries swap in the AWS ones with `Ports.set` before handling anything.
 */
let queue: JobQueue | undefined;
let files: FileStore | undefined;
let email: EmailSender | undefined;
let cep: CepLookup | undefined;
let sandbox: SandboxProcessor | undefined;
let model: ModelPort | undefined;
/** Set only to swap in another adapter (tests); otherwise made per company from its maps token. */
let geocoder: Geocoder | undefined;

export const Ports = {
  queue(): JobQueue {
    return (queue ??= new LocalQueue());
  },
  files(): FileStore {
    return (files ??= new LocalFileStore());
  },
  email(): EmailSender {
    return (email ??= new OutboxEmailSender());
  },
  /** ViaCEP behind the table's cache, on AWS and locally alike (the demo seeds its CEPs in the cache). */
  cep(): CepLookup {
    return (cep ??= new CachedCepLookup(new ViaCepLookup()));
  },
  /**
   * Where an address is: MapTiler's geocoding with the company's maps token (cached, falling back
   * to what is stored), or only what is stored (the address's coordinates, its CEP's) without one.
   */
  geocoder(mapsToken?: string | null): Geocoder {
    if (geocoder) return geocoder;
    return mapsToken ? new HttpGeocoder({ token: mapsToken }) : new LocalGeocoder();
  },
  /** The sandbox payment processor (`npm start`, demos, tests); a company's real one is made from its own credentials (store/payments-account.ts). */
  sandbox(): SandboxProcessor {
    return (sandbox ??= new SandboxProcessor());
  },
  /**
   * The assistant's language model (docs/ai.md): Bedrock's when the environment names it
   * (`AI_MODEL=bedrock`, the deployed stages), else the local adapter (rules, no model).
   */
  model(): ModelPort {
    return (model ??= modelFromEnv() ?? new LocalModel());
  },
  /** `warn`: where the ports' warnings go (the company's log, handed in by the wiring). */
  set(adapters: { queue?: JobQueue; files?: FileStore; email?: EmailSender; cep?: CepLookup; geocoder?: Geocoder; model?: ModelPort; warn?: PortWarn }): void {
    if (adapters.warn) PortWarnings.use(adapters.warn);
    if (adapters.queue) queue = adapters.queue;
    if (adapters.files) files = adapters.files;
    if (adapters.email) email = adapters.email;
    if (adapters.cep) cep = adapters.cep;
    if (adapters.geocoder) geocoder = adapters.geocoder;
    if (adapters.model) model = adapters.model;
  },
  /** Back to the lazily made local defaults (tests that swapped an adapter, or changed DATA_DIR). */
  reset(): void {
    queue = undefined;
    files = undefined;
    email = undefined;
    cep = undefined;
    geocoder = undefined;
    model = undefined;
  },
};

/**
 * The `email.send` queue message's handler: here rather than in email.ts so email.ts need not import
 * Ports (no import cycle). Reads the port at run time, so a swapped adapter is the one used. Listed
 * with the other handlers in packages/core/src/wiring/worker.ts (`registerJobHandlers`).
 */
export const emailSendJob = async (payload: unknown): Promise<void> => {
  await Ports.email().send(parseEmailMessage(payload));
};

/** Registers the e-mail handler alone (tests of the e-mail port that do not load the jobs consumer). */
export const registerEmailJob = (): void => registerJob(EMAIL_SEND_JOB, emailSendJob);
