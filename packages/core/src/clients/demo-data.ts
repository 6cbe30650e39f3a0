import { cnpj, cpf } from 'cpf-cnpj-validator';
import { regions } from '@ev/shared/registries/regions';
import { routes } from '@ev/shared/registries/routes';
import { segments } from '@ev/shared/registries/segments';
import { wallets } from '@ev/shared/registries/wallets';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { InstallmentInput } from '@ev/shared/schemas/financial';
import { DEMO_CEP_PLACES, DEMO_CEPS } from '../ports/cep-demo';
import { Registries } from '../registries';
import { parseInput } from '../validation';
import { addDays } from '@ev/shared/calendar';
import { companyToday } from './financial';
import { Clients, type SeedClient } from './index';
import { InstallmentsRepository, type InstallmentRecord } from './repository';

/** Demo clients: shops of the Bauru area, spread over the demo company's salesmen. */
const KINDS = [
  ['Supermercado', 'Supermercado'],
  ['Mercearia', 'Mercearia'],
  ['Padaria', 'Padaria'],
  ['Bar e Lanchonete', 'Bar e lanchonete'],
  ['Restaurante', 'Restaurante'],
  ['Drogaria', 'Farmácia'],
  ['Conveniência', 'Loja de conveniência'],
] as const;
const NAMES = ['São Jorge', 'Bom Jesus', 'Santa Luzia', 'Central', 'Do Povo', 'Estrela', 'Nova Era', 'Primavera', 'Recanto', 'Sol Nascente', 'Aliança', 'Vitória', 'Três Irmãos', 'Paulista', 'Boa Vista', 'Ipê', 'Jacarandá', 'Universitário', 'Progresso', 'Avenida'];
const OWNERS = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Lima', 'Carvalho', 'Ferreira', 'Rodrigues', 'Almeida', 'Gomes', 'Martins', 'Ribeiro', 'Barbosa', 'Rocha', 'Dias'];

/** A small deterministic generator, so two seeds of a fresh machine look alike. */
function* numbers(seed: number): Generator<number> {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield x;
  }
}

async function idsOf(def: RegistryDefinition): Promise<Map<string, string>> {
  const page = await Registries.list(def, { limit: 100 });
  return new Map(page.items.map((r) => [String(r.name), r.id]));
}

/** A point near the CEP's place, the same for the same client number (about ±450 m on a street, ±1.1 km in a town). */
function placeNear(cep: string, n: number): { latitude: number; longitude: number } | Record<string, never> {
  const at = DEMO_CEP_PLACES[cep];
  if (!at) return {};
  const spread = cep.endsWith('000') ? 0.02 : 0.008;
  const wobble = (k: number) => (((n * k) % 1000) / 1000 - 0.5) * spread;
  return { latitude: Number((at.latitude + wobble(7919)).toFixed(6)), longitude: Number((at.longitude + wobble(104729)).toFixed(6)) };
}

/**
 * About 300 clients: most with a CNPJ and an address of a demo CEP, some prospects without a
 * document, some incomplete, some in analysis or problem, a few inactive. Runs inside the demo
 * tenant's context after its registries; `salesmen` are the demo users who own clients (none: no salesman).
 */
export async function seedClients(salesmen: string[], count = 300): Promise<string[]> {
  const [regionIds, routeIds, segmentIds, walletIds, conditionIds] = await Promise.all([idsOf(regions), idsOf(routes), idsOf(segments), idsOf(wallets), idsOf(paymentsConditions)]);
  const rnd = numbers(7);
  const pick = <T,>(list: readonly T[]): T => list[rnd.next().value % list.length]!;
  const regionOf: Record<string, string> = { Bauru: 'Bauru Centro', Agudos: 'Agudos', Pederneiras: 'Pederneiras', 'Lençóis Paulista': 'Lençóis Paulista' };
  const routeOf: Record<string, string> = { Bauru: 'Rota 1 - Bauru Centro', Agudos: 'Rota 4 - Lençóis Paulista e Agudos', Pederneiras: 'Rota 3 - Jaú e Pederneiras', 'Lençóis Paulista': 'Rota 4 - Lençóis Paulista e Agudos' };
  const { today } = await companyToday();
  const seeds = Array.from({ length: count }, (_, n) => n).map((n): SeedClient => {
    const [kind, segment] = pick(KINDS);
    const owner = pick(OWNERS);
    const cep = pick(DEMO_CEPS);
    const person = n % 9 === 0;
    const prospect = n % 23 === 0;
    const incomplete = n % 11 === 0;
    const name = person ? `${pick(['José', 'Maria', 'Antônio', 'Francisca', 'Carlos', 'Luzia'])} ${owner} ${pick(OWNERS)}` : `${kind} ${pick(NAMES)} ${owner} Ltda`;
    const situation = n % 17 === 0 ? 'analysis' : n % 29 === 0 ? 'problem' : n % 61 === 0 ? 'closed' : 'normal';
    // Registered over the last four years, one in fifteen this month. The last purchase is not set
    // here: it follows from the sales history (sales/demo-data.ts).
    const createdOn = n % 15 === 0 ? addDays(today, -(n % 28)) : addDays(today, -(30 + ((n * 97) % 1430)));
    const input = {
      name,
      nickname: incomplete ? null : person ? owner : `${kind} ${pick(NAMES)}`,
      document: prospect ? null : person ? cpf.format(cpf.generate()) : cnpj.format(cnpj.generate()),
      stateRegistration: person || prospect ? null : 'ISENTO',
      email: incomplete ? null : `compras${n}@cliente-demo.com.br`,
      phone1: `149${String(81000000 + n * 137).padStart(8, '0')}`,
      phone2: n % 3 === 0 ? `1432${String(100000 + n * 7).slice(0, 6)}` : null,
      // Three in four accept marketing messages (WhatsApp's marketing templates need it).
      marketingOptIn: n % 4 !== 0,
      birthDate: `19${60 + (n % 40)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
      contact: pick(['José', 'Maria', 'Carlos', 'Ana', 'Paulo', 'Fernanda']),
      status: n % 37 === 0 ? 'inactive' : 'active',
      situation,
      salesmanId: n % 13 === 0 || !salesmen.length ? null : salesmen[n % salesmen.length]!,
      regionId: regionIds.get(regionOf[cep.city] ?? '') ?? null,
      routeId: routeIds.get(routeOf[cep.city] ?? '') ?? null,
      segmentId: segmentIds.get(segment) ?? null,
      walletId: n % 4 === 0 ? (walletIds.values().next().value ?? null) : null,
      // One in five pays at once too (À vista first: the store's Pix needs a condition of one installment).
      paymentConditionIds: [...(n % 5 === 1 && conditionIds.has('À vista') ? [conditionIds.get('À vista')!] : []), ...[...conditionIds.values()].filter((id) => id !== conditionIds.get('À vista')).slice(0, 1 + (n % 3))],
      creditLimit: n % 5 === 0 ? null : String(1000 * (1 + (n % 20))),
      addresses: [
        {
          cep: cep.cep,
          street: cep.street || 'Rua Principal',
          number: String(10 + ((n * 37) % 1900)),
          neighborhood: cep.neighborhood || 'Centro',
          city: cep.city,
          state: cep.state,
          // Located when registered (a few hundred metres along the CEP's stretch, a town's CEP
          // spreads wider); the prospects were never located: the geocoder answers their CEP's place.
          ...(prospect ? {} : placeNear(cep.cep, n)),
          main: true,
          delivery: true,
          billing: true,
        },
      ],
      confirmRepeatedPhone: true,
    };
    return { input, createdOn };
  });
  // Written in bulk with the items a create writes (a random document repeating one is skipped).
  const ids = await Clients.seedMany(seeds);
  await seedInstallments(ids);
  return ids;
}

/**
 * Receivables as an ERP would export them: up to six monthly installments per client around today,
 * paid (some late), open and to expire, and overdue; a few clients have none.
 */
async function seedInstallments(clientIds: string[]): Promise<void> {
  const { today } = await companyToday();
  const items: InstallmentRecord[] = [];
  clientIds.forEach((clientId, n) => {
    const count = n % 7 === 0 ? 0 : 2 + (n % 5);
    for (let k = 0; k < count; k++) {
      const due = addDays(today, 30 * (k - 3) + (n % 20));
      const cents = 5_000 + ((n * 7919 + k * 104_729) % 200_000);
      const value = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      const past = due < today;
      // Past installments are mostly paid (every fifth late); one client in six leaves some overdue.
      const overdue = past && n % 6 === 0 && k >= 1;
      const paid = past && !overdue;
      const paymentDate = paid ? addDays(due, k % 5 === 0 ? 12 : -2) : null;
      items.push(
        InstallmentsRepository.item(
          clientId,
          parseInput(InstallmentInput, {
            document: `NF-${String(1000 + n).padStart(6, '0')}`,
            installment: `${k + 1}/${count}`,
            type: k % 4 === 3 ? 'check' : 'title',
            issueDate: addDays(due, -30 * (k + 1)),
            dueDate: due,
            installmentValue: value,
            openValue: paid ? '0' : value,
            paidValue: paid ? value : '0',
            paymentDate,
          }),
        ),
      );
    }
  });
  await InstallmentsRepository.put(items);
}
