import type { z } from 'zod';
import { ErrorEnvelope } from '@ev/shared/schemas/common';

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const err = (description: string) => json(ErrorEnvelope, description);

/** The error answers most operations share. */
export const errors = {
  400: err('Dados inválidos: cada campo com o motivo, em português.'),
  401: err('Não autenticado ou sessão encerrada.'),
  403: err('Sem permissão.'),
  404: err('Registro inexistente ou fora do seu escopo.'),
  409: err('Conflito: versão desatualizada ou valor único já usado.'),
  429: err('Muitas tentativas ou requisições: aguarde os segundos de Retry-After.'),
  503: err('O provedor externo (WhatsApp) não respondeu: tente de novo em alguns minutos.'),
};

type Errors = typeof errors;
type ErrorStatus = keyof Errors;
type Answer = { description: string; content?: unknown };

/**
 * An operation's responses: its success answer (a 200, or `{ 201: json(…) }` for another status or
 * several) and the statuses of the shared error answers it can give:
 * `answers(json(Profile, 'O perfil'), 400, 401, 403, 404)`.
 */
export function answers<A extends Answer, E extends ErrorStatus[]>(success: A, ...statuses: E): { 200: A } & Pick<Errors, E[number]>;
export function answers<S extends Record<number, Answer>, E extends ErrorStatus[]>(success: S, ...statuses: E): S & Pick<Errors, E[number]>;
export function answers(success: Answer | Record<number, Answer>, ...statuses: ErrorStatus[]) {
  const given = 'description' in success ? { 200: success } : success;
  return { ...given, ...Object.fromEntries(statuses.map((s) => [s, errors[s]])) };
}
