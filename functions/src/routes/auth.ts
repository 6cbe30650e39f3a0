import { z } from 'zod';
import { router } from '../http/router';
import { Messages } from '@ev/shared/messages';
import { BranchSwitchBody, ForgotPasswordBody, LoginBody, LogoutBody, MeAnswer, EndedSessionsAnswer, MessageAnswer, PasswordChangeBody, RefreshBody, RefreshFailure, SessionAnswer, SessionsAnswer } from '@ev/shared/schemas/auth';
import { AvatarUpload, User, UserCreate, UserLanguage, UserSelfUpdate } from '@ev/shared/schemas/users';
import { Auth } from '@ev/core/auth';
import { DomainError, isDomainError } from '@ev/core/errors';
import { runAs } from '@ev/core/context';
import { ApiTexts } from '@ev/shared/messages';
import { Users } from '@ev/core/users';
import { answers, body, json } from '../http/openapi';
import { can, open, routes, signedIn } from '../http/route';
import { clientAddress } from '../http/client-address';

const route = routes('auth');
/** The password change and what surrounds it stay open in a session opened with a temporary password. */
const changingPassword = { ...signedIn, allowWhilePasswordChange: true };

const login = route('post', '/login', open, 'Entrar com e-mail e senha', answers(json(SessionAnswer, 'Sessão aberta'), 400, 401, 429), body(LoginBody));
/** The spec's exception to the envelope: a failed refresh answers its text in `status`. */
const refreshed = { 200: json(SessionAnswer, 'Novos tokens e dados da sessão'), 401: json(RefreshFailure, 'Falha: o texto da especificação em `status`') };
const refresh = route('post', '/auth/refresh', open, 'Renovar os tokens (rotação do refresh token)', answers(refreshed, 400), body(RefreshBody));
const logout = route('post', '/auth/logout', { ...open, optionalActor: true }, 'Sair (encerra a sessão do token de acesso ou do refresh token)',
  answers(json(MessageAnswer, 'Sessão encerrada'), 400), body(LogoutBody));

const me = route('get', '/auth/me', changingPassword, 'Dados da sessão atual', answers(json(MeAnswer, 'Dados da sessão'), 401));
const password = route('post', '/auth/password', changingPassword, 'Trocar a senha (encerra todas as sessões)',
  answers(json(MessageAnswer, 'Senha alterada'), 400, 401), body(PasswordChangeBody));

const sessions = route('get', '/auth/sessions', signedIn, 'As sessões do próprio usuário (navegadores e aparelhos conectados): esta primeiro, depois as usadas mais recentemente',
  answers(json(SessionsAnswer, 'As sessões'), 401));
const endOthers = route('post', '/auth/sessions/end-others', signedIn, 'Encerrar todas as outras sessões do próprio usuário (esta continua)',
  answers(json(EndedSessionsAnswer, 'Quantas foram encerradas'), 401));

const selfProfile = route('put', '/auth/me/profile', signedIn, 'Alterar os próprios dados (apelido, telefones, avatar, fuso horário, formato de data) com a versão lida',
  answers(json(User, 'O usuário'), 400, 401, 404, 409), body(UserSelfUpdate));

const selfLanguage = route('put', '/auth/me/language', signedIn, 'Escolher o próprio idioma (pt ou en), guardado com o usuário: as telas o seguem em todo aparelho em que ele entrar',
  answers(json(User, 'O usuário'), 400, 401, 404), body(UserLanguage));

const avatarUpload = route('post', '/auth/me/avatar', signedIn, 'Enviar a própria foto (PNG, JPEG ou WebP em data URL, até 200 KB) com a versão lida; remover: PUT /auth/me/profile sem avatar',
  answers(json(User, 'O usuário, com o endereço da foto'), 400, 401, 404, 409), body(AvatarUpload));
const AvatarParams = z.object({ tenantId: z.string().max(64), userId: z.string().max(64), file: z.string().max(80) });
const avatarFile = route('get', '/avatars/{tenantId}/{userId}/{file}', open, 'Uma foto enviada (o endereço, com identificadores que ninguém adivinha, é a permissão)',
  answers({ 200: { description: 'A imagem' } }, 400, 404), { params: AvatarParams });

const forgot = route('post', '/auth/forgot-password', open, 'Pedir uma senha temporária por e-mail (resposta neutra; contado no limite de tentativas do login)',
  answers(json(MessageAnswer, 'Resposta neutra'), 400, 429), body(ForgotPasswordBody));

const branch = route('post', '/auth/branch', signedIn, 'Trocar a filial ativa entre as liberadas',
  answers(json(SessionAnswer, 'Sessão na nova filial'), 400, 401), body(BranchSwitchBody));

const register = route('post', '/auth/register', can('create', 'usuarios'), 'Cadastrar um usuário (o mesmo que POST /users)',
  answers({ 201: json(User, 'Usuário criado') }, 400, 401, 403, 409), body(UserCreate));

export const authRoutes = router()
  .openapi(login, async (c) => {
    const data = await Auth.login(c.req.valid('json'), clientAddress(c));
    return c.json({ status: 'success' as const, data }, 200);
  })
  .openapi(refresh, async (c) => {
    try {
      const data = await Auth.refresh(c.req.valid('json').refreshToken);
      return c.json({ status: 'success' as const, data }, 200);
    } catch (e) {
      // The spec's exception to the envelope: the failure text travels in `status` (section 8).
      if (isDomainError(e) && e.kind === 'unauthenticated') return c.json({ status: e.message, message: e.message }, 401);
      throw e;
    }
  })
  .openapi(logout, async (c) => {
    await Auth.logout(c.get('actor'), c.req.valid('json').refreshToken);
    return c.json({ status: 'success' as const, message: Messages.loggedOut }, 200);
  })
  .openapi(me, async (c) => c.json({ status: 'success' as const, data: await Auth.me() }, 200))
  .openapi(password, async (c) => {
    await Auth.changePassword(c.req.valid('json'));
    return c.json({ status: 'success' as const, message: Messages.passwordChanged }, 200);
  })
  .openapi(sessions, async (c) => c.json({ items: await Auth.sessions() }, 200))
  .openapi(endOthers, async (c) => c.json({ ended: await Auth.endOtherSessions() }, 200))
  .openapi(selfProfile, async (c) => c.json(await Users.updateSelf(c.req.valid('json')), 200))
  .openapi(selfLanguage, async (c) => c.json(await Users.setOwnLanguage(c.req.valid('json')), 200))
  .openapi(avatarUpload, async (c) => c.json(await Users.uploadAvatar(c.req.valid('json')), 200))
  .openapi(avatarFile, async (c) => {
    const { tenantId, userId, file } = c.req.valid('param');
    const found = await runAs({ tenantId }, () => Users.avatar(tenantId, userId, file));
    if (!found) throw new DomainError('not_found', ApiTexts.notFound(), 'not_found');
    return c.body(new Uint8Array(found.body), 200, {
      'Content-Type': found.contentType,
      // The address names one photo for good: a new photo gets a new address.
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    }) as never;
  })
  .openapi(forgot, async (c) => {
    await Auth.forgotPassword(c.req.valid('json'), clientAddress(c));
    return c.json({ status: 'success' as const, message: Messages.forgotPasswordSent }, 200);
  })
  .openapi(branch, async (c) => c.json({ status: 'success' as const, data: await Auth.switchBranch(c.req.valid('json')) }, 200))
  .openapi(register, async (c) => c.json(await Users.create(c.req.valid('json')), 201));
