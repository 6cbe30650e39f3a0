import { Clock } from '../clock';
import { newId } from '../ids';
import { Ports } from '../ports';
import { hashPassword, temporaryPassword } from '../password';
import type { UserRecord } from './records';

/**
 * The one temporary-password mechanism (the forgot-password request, a new user whose password is
 * e-mailed, an administrator's reset): a random password, stored as a hash in the user's `temp`,
 * single use, with an expiry, e-mailed through the queue. A login with it opens a session that must
 * change the password first (docs/decisions.md, "Auth" and "Users").
 */
export type TemporaryReason = 'forgot' | 'welcome' | 'reset';

/** How long a temporary password asked for on the login page stays valid. */
export const TEMP_PASSWORD_TTL_SECONDS = 30 * 60;
/**
 * How long one an administrator issued (a new user, a reset) stays valid: the user may read the
 * e-mail days later, and has no other password meanwhile.
 */
export const ISSUED_TEMP_PASSWORD_TTL_SECONDS = 3 * 24 * 60 * 60;

export const temporaryTtl = (reason: TemporaryReason) => (reason === 'forgot' ? TEMP_PASSWORD_TTL_SECONDS : ISSUED_TEMP_PASSWORD_TTL_SECONDS);

export interface IssuedTemporary {
  /** The clear password, for the e-mail only. */
  password: string;
  temp: NonNullable<UserRecord['temp']>;
}

/** A new temporary password and what the user record keeps of it. */
export async function newTemporary(reason: TemporaryReason): Promise<IssuedTemporary> {
  const password = temporaryPassword();
  const issuedAt = Clock.seconds();
  return { password, temp: { hash: await hashPassword(password), issuedAt, expiresAt: issuedAt + temporaryTtl(reason) } };
}

/** A password nobody knows: the stored one of a user whose only way in is a temporary password. */
export async function unusablePasswordHash(): Promise<string> {
  return hashPassword(`${newId()}${temporaryPassword(32)}`);
}

function validity(reason: TemporaryReason): string {
  const seconds = temporaryTtl(reason);
  return seconds >= 24 * 60 * 60 ? `${seconds / (24 * 60 * 60)} dias` : `${seconds / 60} minutos`;
}

const OPENING: Record<TemporaryReason, string[]> = {
  forgot: ['Recebemos um pedido de redefinição de senha para o seu acesso ao Escritório Virtual.'],
  welcome: ['Seu acesso ao Escritório Virtual foi criado pelo administrador da empresa.'],
  reset: ['O administrador da empresa redefiniu a sua senha de acesso ao Escritório Virtual.', 'A senha anterior deixou de valer e as sessões abertas foram encerradas.'],
};

const CLOSING: Record<TemporaryReason, string> = {
  forgot: 'Sua senha atual continua valendo. Se não foi você quem pediu, ignore este e-mail.',
  welcome: 'Se não esperava este acesso, fale com o administrador da empresa.',
  reset: 'Se não esperava esta redefinição, fale com o administrador da empresa.',
};

/** Queues the e-mail with the temporary password (one per issued password, sent once). */
export async function mailTemporary(tenantId: string, user: Pick<UserRecord, 'id' | 'email' | 'name' | 'nickname'>, password: string, reason: TemporaryReason): Promise<void> {
  await Ports.queue().send({
    type: 'email.send',
    tenantId,
    // One key per issued password: a second request in the same second replaces the temporary
    // password, so its e-mail must go out too (a key made of the second would skip it).
    idempotencyKey: `password-${reason}:${user.id}:${newId()}`,
    sensitive: true,
    payload: {
      to: user.email,
      subject: reason === 'welcome' ? 'Escritório Virtual: seu acesso e sua senha temporária' : 'Escritório Virtual: sua senha temporária',
      text: [
        `Olá, ${user.nickname ?? user.name}.`,
        '',
        ...OPENING[reason],
        `Sua senha temporária é: ${password}`,
        '',
        `Ela vale por ${validity(reason)} e para um único acesso; ao entrar, você definirá uma nova senha.`,
        CLOSING[reason],
      ].join('\n'),
    },
  });
}
