import type { Point } from '@ev/shared/schedulings/geo';
import { mainAddress } from '@ev/shared/schedulings/itinerary';
import type { ClientRecord } from '../clients';
import { Ports } from '../ports';
import { Tenants } from '../tenants';

export { mainAddress } from '@ev/shared/schedulings/itinerary';

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
