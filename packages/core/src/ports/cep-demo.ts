import { putCacheItem, type CepAddress } from './cep';

const BAURU = { city: 'Bauru', state: 'SP', ibge: '3506003' } as const;

function bauru(cep: string, street: string, neighborhood: string, complement = ''): CepAddress {
  return { cep, street, neighborhood, complement, ...BAURU };
}

/**
 * CEPs of the demo company's area (Bauru and its neighbours), written as ViaCEP answers them:
 * street and neighbourhood spelled out, the complement telling which stretch of a long street, an
 * empty street for a single-CEP town. The client seed takes its addresses from here.
 */
export const DEMO_CEPS: readonly CepAddress[] = [
  bauru('17010030', 'Rua Presidente Kennedy', 'Centro', 'de Quadra 5 a Quadra 8'),
  bauru('17010120', 'Rua Batista de Carvalho', 'Centro'),
  bauru('17010260', 'Rua Bandeirantes', 'Centro'),
  bauru('17017383', 'Avenida Getúlio Vargas', 'Jardim Europa'),
  bauru('17017558', 'Rua Milo de Almeida Sabino', 'Jardim Europa'),
  bauru('17012633', 'Rua Professor Durval Guedes de Azevedo', 'Jardim Infante Dom Henrique'),
  bauru('17012020', 'Rua Padre João', 'Vila Cidade Universitária'),
  bauru('17014040', 'Rua Machado de Assis', 'Jardim Estoril'),
  bauru('17030570', 'Rua Amazonas', 'Parque Paulistano'),
  bauru('17030530', 'Rua Aviador Gomes Ribeiro', 'Parque Paulistano'),
  bauru('17055210', 'Rua Mário Gonzaga Junqueira', 'Jardim Viaduto'),
  bauru('17024820', 'Rua Investigador Valdemir Nunes Medeiros', 'Núcleo Eldorado'),
  { cep: '17120000', street: '', neighborhood: '', city: 'Agudos', state: 'SP', complement: '', ibge: '3500709' },
  { cep: '17280000', street: '', neighborhood: '', city: 'Pederneiras', state: 'SP', complement: '', ibge: '3536703' },
  { cep: '18682030', street: 'Rua Coronel Joaquim Gabriel', neighborhood: 'Centro', city: 'Lençóis Paulista', state: 'SP', complement: '', ibge: '3526803' },
];

/**
 * Puts the demo CEPs in the cache without `ttl`, so the offline demo finds them for good. A Put of
 * the same item: running it twice changes nothing but `cachedAt`.
 */
export async function seedDemoCeps(): Promise<void> {
  await Promise.all(DEMO_CEPS.map((address) => putCacheItem(address.cep, { found: true, address })));
}
