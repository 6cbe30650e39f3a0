import { jobLog } from './queue-runner';

/**
 * Where the ports' warnings go (a CEP or geocoding service unreachable, a cache not written). The
 * ports know no module of the domain (ARCHITECTURE "Layout"): the company's log is handed in by the
 * wiring (`Ports.set({ warn })`, wiring/index.ts); until then, and in a port's own tests, a warning
 * is a JSON line on the console as the queue's are.
 */
export type PortWarn = (message: string, metadata?: Record<string, unknown>) => void;

let sink: PortWarn = (message, metadata) => jobLog('warn', message, metadata ?? {});

export const PortWarnings = {
  warn: (message: string, metadata?: Record<string, unknown>): void => sink(message, metadata),
  use(warn: PortWarn): void {
    sink = warn;
  },
};
