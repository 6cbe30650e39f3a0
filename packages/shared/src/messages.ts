import { defineTexts } from './texts';

/**
 * Portuguese texts the API answers with (keys `api.<name>`, docs/texts.md). Quoted spec texts are verbatim (spec section 8);
 * texts the spec only describes are ours and listed in docs/texts.md.
 */
const API = {
  // spec section 5 and 6
  invalidId: 'O parâmetro passado não é um identificador válido.',
  forbidden:
    'Você não tem permissão para acessar esses dados. Se isso se tratar de um erro entre em contato com a gerência.',
  // spec section 8, refresh failures (sent as `status`)
  tokenRevoked: 'Token revogado.',
  tokenInvalid: 'Token inválido.',
  companyNotFound: 'Empresa não encontrada.',
  profileNotFound: 'Perfil não encontrado.',
  profileInactive: 'Perfil inativo.',
  profileNoAccess: 'Perfil sem acesso ao sistema.',
  // spec section 8, session texts
  loginError: 'Ocorreu um erro e não foi possível efetuar seu acesso no sistema. Tente novamente.',
  tokenExpired: 'O seu token de acesso expirou. Autentique-se novamente para ter acesso ao sistema.',
  notLoggedIn: 'Autentique-se antes de prosseguir.',
  noBranches:
    'Seu perfil não possui filiais liberadas. Nenhum dado será exibido e nenhum pedido poderá ser emitido. Entre em contato com a gerência.',
  // spec section 5, registries
  termInvalid: 'O prazo inserido é inválido e foi removido. Insira um prazo entre 0 e 365 dias.',
  bankUnknown: 'O código inserido não pertence a nenhum banco cadastrado. Verifique se o mesmo está correto.',
  // ours
  invalidCredentials: 'E-mail ou senha incorretos.',
  throttled: 'Muitas tentativas de acesso sem sucesso. Aguarde alguns minutos e tente novamente.',
  forgotPasswordSent:
    'Se o e-mail informado estiver cadastrado, enviaremos uma senha temporária para ele em instantes.',
  passwordChanged:
    'Senha alterada com sucesso. Todas as sessões foram desconectadas; autentique-se novamente com a nova senha.',
  wrongCurrentPassword: 'A senha atual não confere.',
  passwordMismatch: 'A confirmação não confere com a nova senha.',
  samePassword: 'A nova senha deve ser diferente da atual.',
  mustChangePassword: 'Você entrou com uma senha temporária. Defina uma nova senha para continuar.',
  loggedOut: 'Sessão encerrada.',
  branchNotAllowed: 'A filial escolhida não está liberada para o seu perfil.',
  validation: 'Os dados enviados são inválidos. Corrija os campos indicados e tente novamente.',
  notFound: 'Nenhum registro encontrado.',
  routeNotFound: 'Recurso não encontrado.',
  versionConflict:
    'Este registro foi alterado por outra pessoa enquanto você editava. Recarregue para ver a versão atual; o que você digitou continua no formulário.',
  emailTaken: 'Este e-mail já está em uso por outro usuário.',
  invalidCursor: 'O cursor de paginação é inválido para esta consulta. Recomece a partir da primeira página.',
  referenced: 'Este registro não pode ser removido porque está em uso',
  referenceMissing: 'O registro referenciado não existe',
  // The same texts as answered: the 409 naming the users (`referencedBy`) or not, the missing reference's field.
  referencedBy: 'Este registro não pode ser removido porque está em uso: {{names}}.',
  referencedAny: 'Este registro não pode ser removido porque está em uso.',
  referenceMissingField: 'O registro referenciado não existe: {{field}}.',
  referenceMissingItem: 'O registro referenciado não existe.',
  internal: 'Ocorreu um erro inesperado no servidor. Tente novamente; se o erro persistir, contate o suporte técnico.',
  unauthenticated: 'Autentique-se antes de prosseguir.',
  fileUrlInvalid: 'O link do arquivo é inválido ou expirou. Gere um novo link e tente novamente.',
  userInactive: 'Este usuário está desativado.',
  cannotDeactivateSelf: 'Você não pode desativar o seu próprio usuário.',
  supervisorInvalid: 'O supervisor informado não existe ou não é supervisor.',
  profileInvalid: 'O perfil informado não existe.',
  branchesInvalid: 'Uma das filiais informadas não existe.',
  defaultBranchNotAllowed: 'A filial padrão precisa estar entre as filiais liberadas.',
  exportTooLarge: 'A exportação passa de 20.000 linhas. Filtre a lista e exporte por partes.',
  storageBusy: 'O banco de dados está ocupado e parte da operação não foi concluída. Tente novamente.',
  rateLimited: 'Muitas requisições em pouco tempo. Aguarde alguns segundos e tente novamente.',
} as const;

/** The API's texts, keyed: `ApiTexts.forbidden()` is `{ key: 'api.forbidden', message }`. */
export const ApiTexts = defineTexts('api', API);
/** The same texts as Portuguese strings. */
export const Messages: { readonly [K in keyof typeof API]: string } = API;

export type MessageKey = keyof typeof Messages;
