import { Logs } from '../logs';
import { Ports } from '../ports';
import { Products } from '../products';
import { Registries } from '../registries';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { registerCatalogue } from './catalogue';

/**
 * The wiring (ARCHITECTURE "Layout"): what a lower floor needs from a higher one, handed in once at
 * start by every entry (the API, the jobs consumers, the local server), never imported from below.
 * The ports' warnings go to the company's log; the log's entries are named by the users module; the
 * export engine and the import engine learn every declaration of the catalogue; the registries'
 * engine learns the names of products and branches its `references` fields point to (campaigns).
 * Again: a no-op.
 */
let wired = false;

export function wireCore(): void {
  if (wired) return;
  wired = true;
  Ports.set({ warn: Logs.warn });
  Logs.usePeople(Users.people);
  registerCatalogue();
  Registries.useEntities({
    products: async (ids) => new Map((await Products.getMany(ids)).map((p) => [p.id, p.name])),
    branches: async (ids) => new Map((await Tenants.branchesByIds(ids)).map((b) => [b.id, b.name])),
  });
}
