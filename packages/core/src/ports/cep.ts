import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { Clock, timestamp } from '../clock';
import { dynamoClient, tableName } from '../db/client';
import { PortKeys } from './repository';
import { env } from '../env';
import { PortWarnings } from './warnings';
import type { CepAddress } from '@ev/shared/schemas/cep';

/**
 * The CEP port: a Brazilian postal code to its address, so forms fill street, neighbourhood, city
 * and state from the code. ViaCEP answers it; answers are cached in the table, platform-wide (a
 * postal address is public data, the same for every company).
 */
export type { CepAddress } from '@ev/shared/schemas/cep';

export interface CepLookup {
  /** The address of a CEP (with or without its mask), or null when unknown, malformed or unreachable. */
  lookup(cep: string): Promise<CepAddress | null>;
}

/** Shown by the API and the web when a CEP has no address (ours; docs/texts.md). */
export const CEP_NOT_FOUND = 'CEP não encontrado. Verifique o CEP digitado e tente novamente.';

/**
 * What a source answered. `failed` is kept apart from `not_found` so the cache stores a definite
 * "no such CEP" but never a network failure, which the next try may not repeat.
 */
export type CepAnswer = { kind: 'found'; address: CepAddress } | { kind: 'not_found' } | { kind: 'failed' };

export interface CepSource {
  /** `cep` is already 8 digits. */
  query(cep: string): Promise<CepAnswer>;
}

/** The 8 digits of a CEP typed with or without its mask, or null when it cannot be one. */
export function normalizeCep(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  return digits.length === 8 ? digits : null;
}

// ViaCEP's answer: fields absent in some answers (a city-wide CEP has no street) default to ''.
const text = z.string().max(500).catch('');
const ViaCepFound = z.object({
  logradouro: text,
  bairro: text,
  localidade: z.string().min(1).max(200),
  uf: z.string().regex(/^[A-Z]{2}$/),
  complemento: text,
  ibge: text,
});
// ViaCEP has sent the flag both as a boolean and as a string.
const ViaCepNotFound = z.object({ erro: z.union([z.literal(true), z.literal('true')]) });

export interface ViaCepOptions {
  /** Default `CEP_BASE_URL` (https://viacep.com.br). */
  baseUrl?: string;
  /** Default `CEP_TIMEOUT_MS` (4000): a form waits on it, so it gives up early rather than hang. */
  timeoutMs?: number;
}

/** ViaCEP's documented API: `GET {base}/ws/{cep}/json/`. */
export class ViaCepLookup implements CepLookup, CepSource {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(opts: ViaCepOptions = {}) {
    this.baseUrl = (opts.baseUrl ?? env().CEP_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? env().CEP_TIMEOUT_MS;
  }

  async lookup(cep: string): Promise<CepAddress | null> {
    const digits = normalizeCep(cep);
    if (!digits) return null;
    return addressOf(await this.query(digits));
  }

  async query(cep: string): Promise<CepAnswer> {
    let res: Response;
    let body: unknown;
    try {
      res = await fetch(`${this.baseUrl}/ws/${cep}/json/`, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
      if (res.status === 400) return { kind: 'not_found' };
      if (!res.ok) return failed(cep, `status ${res.status}`);
      body = await res.json();
    } catch (e) {
      return failed(cep, e instanceof Error && e.name === 'TimeoutError' ? `timeout after ${this.timeoutMs} ms` : String(e));
    }
    return parseViaCep(cep, body);
  }
}

function parseViaCep(cep: string, body: unknown): CepAnswer {
  if (ViaCepNotFound.safeParse(body).success) return { kind: 'not_found' };
  const found = ViaCepFound.safeParse(body);
  if (!found.success) return failed(cep, 'unexpected answer');
  const v = found.data;
  return {
    kind: 'found',
    address: { cep, street: v.logradouro, neighborhood: v.bairro, city: v.localidade, state: v.uf, complement: v.complemento, ibge: v.ibge },
  };
}

/** Unreachable, slow or odd: worth a warning (the form falls back to typing), never an error. */
function failed(cep: string, reason: string): CepAnswer {
  PortWarnings.warn('cep lookup failed', { cep, reason });
  return { kind: 'failed' };
}

function addressOf(answer: CepAnswer): CepAddress | null {
  return answer.kind === 'found' ? answer.address : null;
}

const DAY = 86400;
/** Streets are rarely renamed: a found address is kept 90 days. */
export const CEP_FOUND_TTL_SECONDS = 90 * DAY;
/** A new CEP may appear in the Correios' base soon: a not-found is kept only a day. */
export const CEP_NOT_FOUND_TTL_SECONDS = DAY;

/** The cache item: `found` with its address, or a remembered not-found; `ttl` absent for demo items. */
export interface CepCacheItem {
  found: boolean;
  address?: CepAddress;
  /** Where the CEP is (its street's stretch, or the town's centre): ViaCEP does not say; the demo's CEPs carry it. */
  location?: { latitude: number; longitude: number };
  ttl?: number;
}

/** Reads the table's cache first, then the source; stores definite answers, never failures. */
export class CachedCepLookup implements CepLookup {
  constructor(private readonly source: CepSource) {}

  async lookup(cep: string): Promise<CepAddress | null> {
    const digits = normalizeCep(cep);
    if (!digits) return null;
    const cached = await readCache(digits);
    if (cached) return cached.found ? (cached.address ?? null) : null;
    const answer = await this.source.query(digits);
    if (answer.kind !== 'failed') await writeCache(digits, answer);
    return addressOf(answer);
  }
}

/**
 * The live cache item of a CEP. DynamoDB deletes expired items only eventually (up to days later),
 * so an item past its `ttl` is treated as absent here. A table that fails is a miss, not an error:
 * the lookup still works, only slower.
 */
export async function readCache(cep: string): Promise<CepCacheItem | undefined> {
  try {
    const { Item } = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: PortKeys.cep(cep) }));
    const item = Item as CepCacheItem | undefined;
    if (!item || (typeof item.ttl === 'number' && item.ttl <= Clock.seconds())) return undefined;
    return item;
  } catch (e) {
    PortWarnings.warn('cep cache read failed', { cep, error: String(e) });
    return undefined;
  }
}

async function writeCache(cep: string, answer: Exclude<CepAnswer, { kind: 'failed' }>): Promise<void> {
  const found = answer.kind === 'found';
  const ttl = Clock.seconds() + (found ? CEP_FOUND_TTL_SECONDS : CEP_NOT_FOUND_TTL_SECONDS);
  try {
    await putCacheItem(cep, found ? { found, address: answer.address, ttl } : { found, ttl });
  } catch (e) {
    PortWarnings.warn('cep cache write failed', { cep, error: String(e) });
  }
}

/** One cache item, whole; also used by the demo seed (without `ttl`). */
export async function putCacheItem(cep: string, item: CepCacheItem): Promise<void> {
  await dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...PortKeys.cep(cep), type: 'cep', ...item, cachedAt: timestamp() },
    }),
  );
}
