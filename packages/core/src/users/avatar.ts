import { AVATAR_MAX_BYTES, AvatarUpload, UserTexts } from '@ev/shared/schemas/users';
import type { z } from 'zod';
import { currentUserActor } from '../context';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import { Ports } from '../ports';
import { parseInput } from '../validation';

/** The first bytes each accepted image type starts with: a file is what its data URL says. */
const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  png: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  webp: (b) => String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
};
const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

const avatarKey = (tenantId: string, userId: string, file: string) => `t/${tenantId}/avatars/${userId}/${file}`;
const invalid = (said: ReturnType<typeof UserTexts.avatarImage>) => new DomainError('validation', said, 'validation', { fields: [fieldError('image', said)] });

/**
 * Stores the signed-in user's photo (POST /auth/me/avatar) and answers the address it is served
 * at: checked to be the image its data URL names and no larger than 200 KB, kept under a new name
 * (an address never changes content, so browsers cache it for good).
 */
export async function storeOwnAvatar(input: z.input<typeof AvatarUpload>): Promise<{ url: string; version: number }> {
  const actor = currentUserActor();
  const data = parseInput(AvatarUpload, input);
  const [, type, base64] = /^data:image\/(png|jpeg|webp);base64,(.+)$/.exec(data.image)!;
  const bytes = Buffer.from(base64!, 'base64');
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw invalid(UserTexts.avatarTooLarge({ kb: AVATAR_MAX_BYTES / 1024 }));
  if (bytes.byteLength < 12 || !SIGNATURES[type!]!(bytes)) throw invalid(UserTexts.avatarImage());
  const file = `${newId()}.${EXTENSIONS[type!]}`;
  await Ports.files().put(avatarKey(actor.tenantId, actor.userId, file), bytes, TYPES[EXTENSIONS[type!]!]);
  return { url: `/api/avatars/${actor.tenantId}/${actor.userId}/${file}`, version: data.version };
}

/**
 * A stored photo (GET /api/avatars/{tenantId}/{userId}/{file}), for the `<img>` of the menu and
 * the settings: its address is its permission (ids no one guesses, as a signed link's signature),
 * since an image tag sends no token. Read in that company's files only.
 */
export async function readAvatar(tenantId: string, userId: string, file: string): Promise<{ body: Uint8Array; contentType: string } | undefined> {
  const ext = /^[0-9a-f-]{36}\.(png|jpg|webp)$/.exec(file)?.[1];
  if (!ext || !/^[0-9a-f-]{36}$/.test(tenantId) || !/^[0-9a-f-]{36}$/.test(userId)) return undefined;
  const found = await Ports.files().get(avatarKey(tenantId, userId, file));
  return found ? { body: found.body, contentType: TYPES[ext]! } : undefined;
}
