import type { Point } from '@ev/shared/schedulings/geo';
import type { ClientRecord } from '../clients';
import { Ports } from '../ports';
import { Tenants } from '../tenants';

/** A client's main address (its first when none is marked main), or null. */
export const mainAddress = (c: ClientRecord) => c.addresses.find((a) => a.main) ?? c.addresses[0] ?? null;

/**
 * Where the client's main address is: its coordinates, or the geocoding port's answer (the CEP's
 * place offline; MapTiler with the company's maps token), or null.
 */
export async function whereIs(c: ClientRecord): Promise<Point | null> {
  const address = mainAddress(c);
  if (!address) return null;
  const { tenant } = await Tenants.company();
  return Ports.geocoder(tenant.settings.map.mapsToken).locate(address);
}
