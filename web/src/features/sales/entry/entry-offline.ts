import type * as Device from './entry-device';

/**
 * The order entry's way to the device (docs/offline.md "Orders offline"): the reachability helpers
 * (lib/offline/reach.ts, shared with the schedulings' screens), and the device's answers
 * (`entry-device.ts`: the portfolio's reads, the order judged by the server's own rules, the queue),
 * whose module, with the rules and the device's store, loads on first use: an entry online never
 * carries it.
 */
export { isOffline, orDevice, unreachable } from '@/lib/offline/reach';

const device = () => import('./entry-device');

export const deviceClients: typeof Device.deviceClients = async (...a) => (await device()).deviceClients(...a);
export const deviceClient: typeof Device.deviceClient = async (...a) => (await device()).deviceClient(...a);
export const deviceFinancial: typeof Device.deviceFinancial = async (...a) => (await device()).deviceFinancial(...a);
export const deviceRegistry: typeof Device.deviceRegistry = async (...a) => (await device()).deviceRegistry(...a);
export const deviceRegistryRecord: typeof Device.deviceRegistryRecord = async (...a) => (await device()).deviceRegistryRecord(...a);
export const deviceCatalogue: typeof Device.deviceCatalogue = async (...a) => (await device()).deviceCatalogue(...a);
export const judgeOnDevice: typeof Device.judgeOnDevice = async (...a) => (await device()).judgeOnDevice(...a);
export const queueOrder: typeof Device.queueOrder = async (...a) => (await device()).queueOrder(...a);
export const reviewedOrder: typeof Device.reviewedOrder = async <S>(key: string) => (await device()).reviewedOrder<S>(key);
export const discardReviewed: typeof Device.discardReviewed = async (...a) => (await device()).discardReviewed(...a);
