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
 * Where each demo CEP is (its stretch of street, or the town's centre for a single-CEP town), kept
 * with it in the cache: what the local geocoder answers for an address without coordinates.
 */
export const DEMO_CEP_PLACES: Readonly<Record<string, { latitude: number; longitude: number }>> = {
  '17010030': { latitude: -22.3205, longitude: -49.076 },
  '17010120': { latitude: -22.3246, longitude: -49.0871 },
  '17010260': { latitude: -22.327, longitude: -49.08 },
  '17017383': { latitude: -22.342, longitude: -49.056 },
  '17017558': { latitude: -22.3455, longitude: -49.06 },
  '17012633': { latitude: -22.338, longitude: -49.07 },
  '17012020': { latitude: -22.335, longitude: -49.075 },
  '17014040': { latitude: -22.349, longitude: -49.044 },
  '17030570': { latitude: -22.31, longitude: -49.095 },
  '17030530': { latitude: -22.308, longitude: -49.099 },
  '17055210': { latitude: -22.3, longitude: -49.05 },
  '17024820': { latitude: -22.36, longitude: -49.1 },
  '17120000': { latitude: -22.469, longitude: -48.987 },
  '17280000': { latitude: -22.352, longitude: -48.775 },
  '18682030': { latitude: -22.599, longitude: -48.8 },
};

/**
 * Puts the demo CEPs in the cache without `ttl`, so the offline demo finds them for good. A Put of
 * the same item: running it twice changes nothing but `cachedAt`.
 */
export async function seedDemoCeps(): Promise<void> {
  await Promise.all(DEMO_CEPS.map((address) => putCacheItem(address.cep, { found: true, address, location: DEMO_CEP_PLACES[address.cep] })));
}
