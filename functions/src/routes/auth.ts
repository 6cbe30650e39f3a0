import { router } from '../http/router';
import { Messages } from '@ev/shared/messages';
import {
  BranchSwitchBody,
  ForgotPasswordBody,
  LoginBody,
  LogoutBody,
  MeAnswer,
  MessageAnswer,
  PasswordChangeBody,
  RefreshBody,
  RefreshFailure,
  SessionAnswer,
} from '@ev/shared/schemas/auth';
import { User, UserCreate } from '@ev/shared/schemas/users';
import { Auth } from '@ev/core/auth';
import { isDomainError } from '@ev/core/errors';
import { Users } from '@ev/core/users';
import { body, errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { clientAddress } from '../http/client-address';

const tags = ['auth'];

const login = defineRoute({
  method: 'post',
  path: '/login',
  tags,
  summary: 'Entrar com e-mail e senha',
  guard: { permission: 'public' },
  request: body(LoginBody),
  responses: { 200: json(SessionAnswer, 'Sessão aberta'), 400: errors[400], 401: errors[401], 429: errors[429] },
});

const refresh = defineRoute({
  method: 'post',
  path: '/auth/refresh',
  tags,
  summary: 'Renovar os tokens (rotação do refresh token)',
  guard: { permission: 'public' },
  request: body(RefreshBody),
  responses: { 200: json(SessionAnswer, 'Novos tokens e dados da sessão'), 400: errors[400], 401: json(RefreshFailure, 'Falha: o texto da especificação em `status`') },
});

const logout = defineRoute({
  method: 'post',
  path: '/auth/logout',
  tags,
  summary: 'Sair (encerra a sessão do token de acesso ou do refresh token)',
  guard: { permission: 'public', optionalActor: true },
  request: body(LogoutBody),
  responses: { 200: json(MessageAnswer, 'Sessão encerrada'), 400: errors[400] },
});

const me = defineRoute({
  method: 'get',
  path: '/auth/me',
  tags,
  summary: 'Dados da sessão atual',
  guard: { permission: 'authenticated', allowWhilePasswordChange: true },
  responses: { 200: json(MeAnswer, 'Dados da sessão'), 401: errors[401] },
});

const password = defineRoute({
  method: 'post',
  path: '/auth/password',
  tags,
  summary: 'Trocar a senha (encerra todas as sessões)',
  guard: { permission: 'authenticated', allowWhilePasswordChange: true },
  request: body(PasswordChangeBody),
  responses: { 200: json(MessageAnswer, 'Senha alterada'), 400: errors[400], 401: errors[401] },
});

const forgot = defineRoute({
  method: 'post',
  path: '/auth/forgot-password',
  tags,
  summary: 'Pedir uma senha temporária por e-mail (resposta neutra)',
  guard: { permission: 'public' },
  request: body(ForgotPasswordBody),
  responses: { 200: json(MessageAnswer, 'Resposta neutra'), 400: errors[400] },
});

const branch = defineRoute({
  method: 'post',
  path: '/auth/branch',
  tags,
  summary: 'Trocar a filial ativa entre as liberadas',
  guard: { permission: 'authenticated' },
  request: body(BranchSwitchBody),
  responses: { 200: json(SessionAnswer, 'Sessão na nova filial'), 400: errors[400], 401: errors[401] },
});

const register = defineRoute({
  method: 'post',
  path: '/auth/register',
  tags,
  summary: 'Cadastrar um usuário (o mesmo que POST /users)',
  guard: { permission: { action: 'create', subject: 'usuarios' } },
  request: body(UserCreate),
  responses: { 201: json(User, 'Usuário criado'), 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409] },
});

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
  .openapi(forgot, async (c) => {
    await Auth.forgotPassword(c.req.valid('json'));
    return c.json({ status: 'success' as const, message: Messages.forgotPasswordSent }, 200);
  })
  .openapi(branch, async (c) => c.json({ status: 'success' as const, data: await Auth.switchBranch(c.req.valid('json')) }, 200))
  .openapi(register, async (c) => c.json(await Users.create(c.req.valid('json')), 201));
