import { Admin } from '@ev/core/admin';
import { Operators } from '@ev/core/operators';
import {
  AdminCompaniesQuery,
  AdminCompany,
  AdminCompanyCreate,
  AdminCompanyStatusBody,
  AdminCompanySummary,
  AdminCompanyUpdate,
  AdminCompareBody,
  ClientAnonymiseBody,
  ClientParams,
  ClientPersonalData,
  CompanyArchive,
  AdminCopyBody,
  CompanyData,
  CopyResult,
  SetupComparison,
  Confirmed,
  Operator,
  OperatorLogEntry,
  OperatorLoginBody,
  OperatorSession,
  ServersAnswer,
} from '@ev/shared/schemas/admin';
import { Cursor, IdParams, Limit, page } from '@ev/shared/schemas/common';
import { z } from '@ev/shared/zod';
import { clientAddress } from '../http/client-address';
import { answers, body, json } from '../http/openapi';
import { open, operator, routes } from '../http/route';
import { router } from '../http/router';

/**
 * The operator's area (issue 42, docs/admin.md): the operators' sign-in, the servers' card and the
 * companies. Every route but the sign-in takes an operator's token only (`operator`); a company's
 * token, its administrator's too, is refused with 403. What changes a company carries the
 * operator's password typed again (`adminPassword`, 403 when wrong).
 */
const route = routes('admin');

const LogQuery = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, { error: 'Informe o mês como aaaa-mm.' }).optional(), cursor: Cursor.optional(), limit: Limit });

const login = route('post', '/admin/login', open, 'Entrar como administrador do serviço (operador): devolve o token da área administrativa',
  answers(json(OperatorSession, 'A sessão do operador'), 400, 401), body(OperatorLoginBody));
const logout = route('post', '/admin/logout', operator, 'Sair da área administrativa (a sessão do operador termina)',
  answers({ 204: { description: 'Sessão encerrada' } }, 401, 403));
const me = route('get', '/admin/me', operator, 'O operador da sessão', answers(json(Operator, 'O operador'), 401, 403));
const servers = route('get', '/admin/servers', operator, 'Dados do servidor: processo ou estágio, versão, saúde da API, tabela, filas e mensagens mortas por família',
  answers(json(ServersAnswer, 'Um cartão por servidor'), 401, 403));
const companies = route('get', '/admin/companies', operator, 'Empresas do serviço por nome (busca por nome, apelido, grupo, CPF/CNPJ ou e-mail; filtro por situação)',
  answers(json(page(AdminCompanySummary), 'Uma página'), 400, 401, 403), { query: AdminCompaniesQuery });
const company = route('get', '/admin/companies/{id}', operator, 'Detalhes de uma empresa (dados da plataforma)',
  answers(json(AdminCompany, 'A empresa'), 400, 401, 403, 404), { params: IdParams });
const create = route('post', '/admin/companies', operator, 'Nova empresa com a primeira filial e o primeiro administrador (configurações padrão); pede a senha do operador',
  answers({ 201: json(AdminCompany, 'Criada') }, 400, 401, 403, 409), body(AdminCompanyCreate));
const update = route('put', '/admin/companies/{id}', operator, 'Alterar os dados de plataforma de uma empresa (com a versão lida); pede a senha do operador',
  answers(json(AdminCompany, 'Alterada'), 400, 401, 403, 404, 409), { params: IdParams, ...body(AdminCompanyUpdate) });
const suspend = route('post', '/admin/companies/{id}/suspend', operator, 'Suspender uma empresa: seus usuários saem na hora e não entram; nada é apagado; pede a senha do operador',
  answers(json(AdminCompany, 'Suspensa'), 400, 401, 403, 404, 409), { params: IdParams, ...body(AdminCompanyStatusBody) });
const reactivate = route('post', '/admin/companies/{id}/reactivate', operator, 'Reativar uma empresa suspensa; pede a senha do operador',
  answers(json(AdminCompany, 'Reativada'), 400, 401, 403, 404, 409), { params: IdParams, ...body(AdminCompanyStatusBody) });
const erase = route('post', '/admin/companies/{id}/erase', operator, 'Pedir a exclusão dos dados de uma empresa suspensa (LGPD): apagados em 30 dias, cancelável até lá; pede a senha do operador',
  answers(json(AdminCompany, 'Exclusão marcada'), 400, 401, 403, 404, 409), { params: IdParams, ...body(AdminCompanyStatusBody) });
const cancelErase = route('post', '/admin/companies/{id}/erase/cancel', operator, 'Cancelar a exclusão marcada dos dados de uma empresa; pede a senha do operador',
  answers(json(AdminCompany, 'Exclusão cancelada'), 400, 401, 403, 404, 409), { params: IdParams, ...body(AdminCompanyStatusBody) });
const archive = route('post', '/admin/companies/{id}/archive', operator, 'Arquivo completo da empresa (LGPD): cada item em JSON Lines por tipo e seus arquivos, num .tar.gz feito em segundo plano; pede a senha do operador',
  answers({ 202: json(CompanyArchive, 'Na fila') }, 400, 401, 403, 404), { params: IdParams, ...body(Confirmed) });
const archiveStatus = route('get', '/admin/archives/{id}', operator, 'Andamento de um arquivo de empresa e, pronto, o link para baixá-lo (válido 5 minutos)',
  answers(json(CompanyArchive, 'O arquivo'), 400, 401, 403, 404), { params: IdParams });
const clientExport = route('post', '/admin/companies/{id}/clients/{clientId}/export', operator, 'O que a empresa guarda de um cliente (LGPD, pedido do titular): cadastro, parcelas, sucata e vendas; pede a senha do operador',
  answers(json(ClientPersonalData, 'Os dados do cliente'), 400, 401, 403, 404), { params: ClientParams, ...body(Confirmed) });
const clientAnonymise = route('post', '/admin/companies/{id}/clients/{clientId}/anonymise', operator, 'Excluir os dados pessoais de um cliente (LGPD) mantendo suas vendas (obrigação fiscal), com o motivo; pede a senha do operador',
  answers(json(z.record(z.string().max(80), z.unknown()), 'O cliente anonimizado'), 400, 401, 403, 404, 409), { params: ClientParams, ...body(ClientAnonymiseBody) });
const data = route('post', '/admin/companies/{id}/data', operator, 'Dados da empresa ("detalhes do banco"): prefixo na tabela, itens e bytes por tipo, backups e configurações; pede a senha do operador',
  answers(json(CompanyData, 'Os dados da empresa'), 400, 401, 403, 404), { params: IdParams, ...body(Confirmed) });
const compare = route('post', '/admin/compare', operator, 'Comparar duas empresas ("comparar bancos"): cadastros, perfis e permissões, configurações; o que só existe em uma e o que difere, campo a campo; pede a senha do operador',
  answers(json(SetupComparison, 'A comparação'), 400, 401, 403, 404), body(AdminCompareBody));
const copy = route('post', '/admin/copy', operator, 'Copiar itens escolhidos de uma empresa para outra, com as referências refeitas; nada é substituído sem confirmação; pede a senha do operador',
  answers(json(CopyResult, 'O que foi copiado'), 400, 401, 403, 404, 409), body(AdminCopyBody));
const log = route('get', '/admin/log', operator, 'Registro das ações dos operadores de um mês, da mais recente (antes e depois de cada alteração)',
  answers(json(page(OperatorLogEntry), 'Uma página'), 400, 401, 403), { query: LogQuery });

export const adminRoutes = router()
  .openapi(login, async (c) => c.json(await Operators.login(c.req.valid('json'), clientAddress(c)), 200))
  .openapi(logout, async (c) => {
    await Operators.logout(c.get('operator')!);
    return c.body(null, 204);
  })
  .openapi(me, async (c) => {
    const op = c.get('operator')!;
    return c.json({ id: op.id, name: op.name, email: op.email }, 200);
  })
  .openapi(servers, async (c) => c.json({ items: await Admin.servers() }, 200))
  .openapi(companies, async (c) => c.json(await Admin.companies(c.req.valid('query')), 200))
  .openapi(company, async (c) => c.json(await Admin.company(c.req.valid('param').id), 200))
  .openapi(create, async (c) => c.json(await Admin.create(c.get('operator')!, c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Admin.update(c.get('operator')!, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(suspend, async (c) => c.json(await Admin.suspend(c.get('operator')!, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(reactivate, async (c) => c.json(await Admin.reactivate(c.get('operator')!, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(erase, async (c) => c.json(await Admin.requestErasure(c.get('operator')!, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(cancelErase, async (c) => c.json(await Admin.cancelErasure(c.get('operator')!, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(archive, async (c) => c.json(await Admin.archive(c.get('operator')!, c.req.valid('param').id, c.req.valid('json')), 202))
  .openapi(archiveStatus, async (c) => c.json(await Admin.archiveStatus(c.req.valid('param').id), 200))
  .openapi(clientExport, async (c) => c.json(await Admin.clientData(c.get('operator')!, c.req.valid('param').id, c.req.valid('param').clientId, c.req.valid('json')), 200))
  .openapi(clientAnonymise, async (c) => c.json(await Admin.anonymiseClient(c.get('operator')!, c.req.valid('param').id, c.req.valid('param').clientId, c.req.valid('json')), 200))
  .openapi(data, async (c) => c.json(await Admin.data(c.get('operator')!, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(compare, async (c) => c.json(await Admin.compare(c.get('operator')!, c.req.valid('json')), 200))
  .openapi(copy, async (c) => c.json(await Admin.copy(c.get('operator')!, c.req.valid('json')), 200))
  .openapi(log, async (c) => c.json(await Operators.log(c.req.valid('query')), 200));
