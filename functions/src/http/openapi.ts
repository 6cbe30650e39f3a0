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
  429: err('Muitas tentativas.'),
};
