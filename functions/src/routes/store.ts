import { Purchase, Store, StorePayments, storeIcon, storeManifest } from '@ev/core/store';
import { z } from 'zod';
import { Tenants } from '@ev/core/tenants';
import { Messages } from '@ev/shared/messages';
import { MessageAnswer } from '@ev/shared/schemas/auth';
import { IdParams } from '@ev/shared/schemas/common';
import { StoreAccess, StoreAccessGrant, StoreCart, StoreClient, StoreForgot, StoreLogin, StoreParams, StorePasswordChange, StorePaymentsAccount, StorePaymentsUpdate, StorePrices, StoreProfile, StoreProfileUpdate, StorePricesInput, StoreProductsPage, StoreProductsQuery, StorePublic, StoreQuote, StoreRedefine, StoreSale, StoreSaleParams, StoreSalesPage, StoreSalesQuery, StoreSession } from '@ev/shared/schemas/store';
import { clientAddress } from '../http/client-address';
import { answers, body, json } from '../http/openapi';
import { can, open, routes, storeClient } from '../http/route';
import { router } from '../http/router';

/**
 * The store (issue 44, docs/store.md): what anyone may know of a store before its client logs in
 * (cached a minute by the browser and five at the CDN: a store turned off stops answering within
 * minutes), its client's login and session, and the staff's side of a client's access.
 */
const route = routes('store');

const storeRoute = route('get', '/store/{slug}', open, 'Loja pública de uma empresa pelo seu endereço (/vendas/{slug}): o nome que ela mostra. Endereço desconhecido, loja desligada ou empresa suspensa: 404, sem dado de empresa alguma.',
  answers(json(StorePublic, 'A loja'), 400, 404), { params: StoreParams });

const manifestRoute = route('get', '/store/{slug}/manifest.webmanifest', open, 'A loja como app instalável da empresa: o manifesto com o nome da empresa, o endereço da loja e o seu ícone (guardado pela CDN)',
  answers({ 200: { description: 'O manifesto (application/manifest+json): nome, início e escopo na loja, cor e ícones' } }, 400, 404), { params: StoreParams });

const iconRoute = route('get', '/store/{slug}/icon.svg', open, 'O ícone da loja: as iniciais da empresa na cor da loja (SVG)',
  answers({ 200: { description: 'O ícone (image/svg+xml)' } }, 400, 404), { params: StoreParams });

const loginRoute = route('post', '/store/{slug}/login', open, 'Entrar na loja como cliente, por e-mail e senha (e-mail sem acesso: 401; senha errada: 401; e-mail de mais de um cliente: 409 com os clientes, e o login de novo com clientId; limitado como o login da equipe)',
  answers(json(StoreSession, 'A sessão da loja'), 400, 401, 404, 409), { params: StoreParams, ...body(StoreLogin) });

const meRoute = route('get', '/store/{slug}/me', storeClient, 'O cliente na loja e se pode comprar agora (um token da equipe: 403)',
  answers(json(StoreClient, 'O cliente'), 401, 403), { params: StoreParams });

const logoutRoute = route('post', '/store/{slug}/logout', storeClient, 'Sair da loja (encerra esta sessão)',
  answers(json(MessageAnswer, 'Sessão encerrada'), 401, 403), { params: StoreParams });

const salesRoute = route('get', '/store/{slug}/sales', storeClient, 'Meus pedidos: os pedidos do cliente na loja (também os que o vendedor fez para ele), do mais novo ao mais antigo, com a situação do pagamento',
  answers(json(StoreSalesPage, 'Os pedidos'), 400, 401, 403), { params: StoreParams, query: StoreSalesQuery });

const saleRoute = route('get', '/store/{slug}/sales/{id}', storeClient, 'Um pedido do cliente: itens, totais, parcelas e endereço de entrega (de outro cliente: 404)',
  answers(json(StoreSale, 'O pedido'), 400, 401, 403, 404), { params: StoreSaleParams });

const accessRoute = route('get', '/clients/{id}/store-access', can('read', 'clientes'), 'O acesso do cliente à loja: o e-mail com que entra e se tem senha',
  answers(json(StoreAccess, 'O acesso'), 401, 403, 404), { params: IdParams });

const grantRoute = route('put', '/clients/{id}/store-access', can('update', 'clientes'), 'Dar ao cliente acesso à loja com uma senha definida pela equipe (o e-mail do cadastro é o login; encerra as sessões da loja do cliente)',
  answers(json(StoreAccess, 'O acesso'), 400, 401, 403, 404, 409), { params: IdParams, ...body(StoreAccessGrant) });

const inviteRoute = route('post', '/clients/{id}/store-access/invite', can('update', 'clientes'), 'Convidar o cliente para a loja: um link para o e-mail do cadastro criar a própria senha (vale 7 dias)',
  answers(json(StoreAccess, 'O acesso'), 400, 401, 403, 404, 409), { params: IdParams });

const forgotRoute = route('post', '/store/{slug}/forgot-password', open, 'Esqueci minha senha da loja: um link para criar outra senha (vale 1 hora) ao e-mail com acesso; a mesma resposta exista ou não o acesso',
  answers(json(MessageAnswer, 'Pedido recebido'), 400, 404), { params: StoreParams, ...body(StoreForgot) });

const redefineRoute = route('post', '/store/{slug}/redefine', open, 'Criar a senha da loja pelo link do e-mail (convite ou esqueci minha senha): vale uma vez e no prazo; encerra as sessões da loja do e-mail',
  answers(json(MessageAnswer, 'Senha definida'), 400, 404), { params: StoreParams, ...body(StoreRedefine) });

const revokeRoute = route('delete', '/clients/{id}/store-access', can('update', 'clientes'), 'Tirar o acesso do cliente à loja (encerra as suas sessões)',
  answers(json(StoreAccess, 'O acesso'), 401, 403, 404), { params: IdParams });

const productsRoute = route('get', '/store/{slug}/products', open, 'O catálogo da loja, público (guardado pela CDN): produtos ativos por nome (busca por nome, referência ou código de barras), com empresa e grupo, até o limite de produtos da loja; sem preço nem estoque',
  answers(json(StoreProductsPage, 'Uma página do catálogo'), 400, 404), { params: StoreParams, query: StoreProductsQuery });

const pricesRoute = route('post', '/store/{slug}/prices', storeClient, 'Preços (da tabela do cliente, ou de uma campanha em vigor para ele, com o nome dela) e estoque dos produtos para o cliente da loja; um produto que ele não pode comprar fica de fora',
  answers(json(StorePrices, 'Os preços'), 400, 401, 403), { params: StoreParams, ...body(StorePricesInput) });

const cartRoute = route('post', '/store/{slug}/cart', storeClient, 'O carrinho calculado como o fechamento o calculará (preços, campanhas, totais, parcelas da condição) e o que impediria o fechamento (faturamento mínimo, estoque, condição), cada um no seu campo; nada é gravado',
  answers(json(StoreQuote, 'O carrinho'), 400, 401, 403), { params: StoreParams, ...body(StoreCart) });

const OrderHeaders = z.object({
  'idempotency-key': z.string().min(8).max(200).optional().openapi({ description: 'Uma chave por compra: repetida, responde o mesmo pedido (obrigatória)' }),
  'user-agent': z.string().max(1000).optional(),
});
const orderRoute = route('post', '/store/{slug}/orders', storeClient, 'Fechar a compra do carrinho: o mesmo fechamento da digitação (regras, estoque, número, parcelas), marcado como pedido da loja com o IP e o navegador do comprador; com Pix, o código para pagar (Idempotency-Key obrigatória)',
  answers(json(StoreSale, 'O pedido'), 400, 401, 403, 409), { params: StoreParams, headers: OrderHeaders, ...body(StoreCart) });

const pixRoute = route('post', '/store/{slug}/sales/{id}/pix', storeClient, 'Um novo Pix para o pedido (Meus pedidos): com o Pix vencido, reserva o estoque de novo (sem estoque: 409); o Pix em vigor é respondido como está',
  answers(json(StoreSale, 'O pedido'), 400, 401, 403, 404, 409), { params: StoreSaleParams });

const sandboxPayRoute = route('post', '/store/{slug}/sales/{id}/sandbox-pay', storeClient, 'Ambiente de testes: simula o pagamento do Pix do processador de testes (o aviso assinado chega ao mesmo webhook de um processador real)',
  answers(json(StoreSale, 'O pedido'), 400, 401, 403, 404, 409), { params: StoreSaleParams });

const WebhookParams = z.object({ processor: z.string().max(40), companyId: z.string().max(100) });
const webhookRoute = route('post', '/payments/{processor}/{companyId}/webhook', open, 'Aviso de pagamento de um processador: assinatura conferida (forjada: 401), a cobrança lida de volta no processador, o evento guardado uma vez; o pedido só vai a liberado financeiro com o valor igual ao total',
  answers(json(z.object({ received: z.boolean() }), 'Recebido'), 400, 401), { params: WebhookParams });

const profileRoute = route('get', '/store/{slug}/profile', storeClient, 'Meus dados: o cadastro do cliente como a loja mostra (telefones, contato, endereço principal e de entrega)',
  answers(json(StoreProfile, 'Os dados'), 401, 403), { params: StoreParams });

const saveProfileRoute = route('put', '/store/{slug}/profile', storeClient, 'Salvar Meus dados: telefones, contato e endereços de entrega (com a versão lida; o endereço principal e o e-mail ficam com a empresa); registrado no histórico do cliente',
  answers(json(StoreProfile, 'Os dados'), 400, 401, 403, 409), { params: StoreParams, ...body(StoreProfileUpdate) });

const passwordRoute = route('post', '/store/{slug}/password', storeClient, 'Trocar a senha da loja com a senha atual (errada: 400; limitado como o login): as outras sessões se encerram, esta segue com um novo token',
  answers(json(StoreSession, 'A nova sessão'), 400, 401, 403, 429), { params: StoreParams, ...body(StorePasswordChange) });

const paymentsRoute = route('get', '/company/store-payments', can('read', 'admin'), 'A conta de pagamentos da loja: o processador do Pix (sandbox ou Mercado Pago), se o token e a assinatura secreta estão guardados (nunca os valores) e a URL do webhook',
  answers(json(StorePaymentsAccount, 'A conta'), 401, 403));

const savePaymentsRoute = route('put', '/company/store-payments', can('update', 'admin'), 'Salvar a conta de pagamentos da loja (com a versão lida; token e assinatura vazios mantêm os guardados; o Mercado Pago exige os dois)',
  answers(json(StorePaymentsAccount, 'A conta'), 400, 401, 403, 409), body(StorePaymentsUpdate));

export const storeRoutes = router()
  .openapi(storeRoute, async (c) => {
    const { tenantId: _tenantId, ...store } = await Tenants.publicStore(c.req.valid('param').slug);
    c.header('Cache-Control', 'public, max-age=60, s-maxage=300');
    return c.json(store, 200);
  })
  .openapi(manifestRoute, async (c) => {
    const { tenantId: _tenantId, ...store } = await Tenants.publicStore(c.req.valid('param').slug);
    return c.body(JSON.stringify(storeManifest(store)), 200, { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600, s-maxage=3600' });
  })
  .openapi(iconRoute, async (c) => {
    const { tenantId: _tenantId, ...store } = await Tenants.publicStore(c.req.valid('param').slug);
    return c.body(storeIcon(store), 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400, s-maxage=86400', 'X-Content-Type-Options': 'nosniff' });
  })
  .openapi(loginRoute, async (c) => c.json(await Store.login(c.req.valid('param').slug, c.req.valid('json'), clientAddress(c)), 200))
  .openapi(meRoute, async (c) => c.json(await Store.me(), 200))
  .openapi(logoutRoute, async (c) => {
    await Store.logout();
    return c.json({ status: 'success' as const, message: Messages.loggedOut }, 200);
  })
  .openapi(salesRoute, async (c) => c.json(await Store.sales(c.req.valid('query')), 200))
  .openapi(saleRoute, async (c) => c.json(await Store.sale(c.req.valid('param').id), 200))
  .openapi(accessRoute, async (c) => c.json(await Store.access(c.req.valid('param').id), 200))
  .openapi(grantRoute, async (c) => c.json(await Store.grant(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(inviteRoute, async (c) => c.json(await Store.invite(c.req.valid('param').id), 200))
  .openapi(forgotRoute, async (c) => c.json({ status: 'success' as const, ...(await Store.forgot(c.req.valid('param').slug, c.req.valid('json'), clientAddress(c))) }, 200))
  .openapi(redefineRoute, async (c) => c.json({ status: 'success' as const, ...(await Store.redefine(c.req.valid('param').slug, c.req.valid('json'))) }, 200))
  .openapi(revokeRoute, async (c) => c.json(await Store.revoke(c.req.valid('param').id), 200))
  .openapi(productsRoute, async (c) => {
    const page = await Purchase.products(c.req.valid('param').slug, c.req.valid('query'));
    c.header('Cache-Control', 'public, max-age=60, s-maxage=300');
    return c.json(page, 200);
  })
  .openapi(pricesRoute, async (c) => c.json(await Purchase.prices(c.req.valid('json')), 200))
  .openapi(cartRoute, async (c) => c.json(await Purchase.cart(c.req.valid('json')), 200))
  .openapi(orderRoute, async (c) => c.json(await Purchase.purchase(c.req.valid('json'), c.req.valid('header')['idempotency-key'] ?? null, { address: clientAddress(c), userAgent: c.req.valid('header')['user-agent'] ?? null }), 200))
  .openapi(pixRoute, async (c) => c.json(await Purchase.newPix(c.req.valid('param').id), 200))
  .openapi(sandboxPayRoute, async (c) => c.json(await Purchase.sandboxPay(c.req.valid('param').id), 200))
  .openapi(profileRoute, async (c) => c.json(await Store.profile(), 200))
  .openapi(saveProfileRoute, async (c) => c.json(await Store.saveProfile(c.req.valid('json')), 200))
  .openapi(passwordRoute, async (c) => c.json(await Store.changePassword(c.req.valid('json'), clientAddress(c)), 200))
  .openapi(paymentsRoute, async (c) => c.json(await StorePayments.account(), 200))
  .openapi(savePaymentsRoute, async (c) => c.json(await StorePayments.saveAccount(c.req.valid('json')), 200))
  .openapi(webhookRoute, async (c) => {
    const { processor, companyId } = c.req.valid('param');
    return c.json(await Purchase.webhook(processor, companyId, Object.fromEntries(Object.entries(c.req.header()).map(([k, v]) => [k.toLowerCase(), v])), await c.req.text()), 200);
  });
