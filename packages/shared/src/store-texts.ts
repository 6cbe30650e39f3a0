import { defineTexts } from './texts';

/**
 * The store's texts (self-checkout, issue 44, docs/store.md), keyed `store.<name>`, apart from its
 * schemas (`schemas/store` re-exports them): the store's frame says them without building the
 * schemas when it loads. The spec names the self-checkout's errors (login error, no record for the
 * e-mail, multiple records, redefine error, client unable to purchase) without their words: these are ours.
 */
export const StoreTexts = defineTexts('store', {
  notFound: 'Loja não encontrada: confira o endereço com a empresa.',
  loginFailed: 'E-mail ou senha incorretos.',
  noRecord: 'Não encontramos cadastro de cliente com este e-mail nesta loja. Fale com a empresa para receber o acesso.',
  multipleRecords: 'Este e-mail está no cadastro de mais de um cliente: escolha com qual deseja entrar.',
  cannotBuy: 'O seu cadastro está com restrição e não pode fazer pedidos pela loja agora. Você ainda vê os seus pedidos; fale com a empresa.',
  storeOff: 'A loja da empresa está desligada: ligue o autoatendimento e informe o endereço da loja em Configurações > Empresa.',
  clientNoEmail: 'O cliente não tem e-mail no cadastro: informe um e-mail antes de dar acesso à loja.',
  unauthenticated: 'Entre na loja com o seu e-mail e senha.',
  staffToken: 'Esta é a loja dos clientes: entre com o e-mail e a senha de cliente.',
  forgotSent: 'Se o e-mail tiver acesso a esta loja, enviaremos em instantes um link para criar uma nova senha.',
  redefineFailed: 'Não foi possível redefinir a senha: o link é inválido ou expirou. Peça um novo em "Esqueci minha senha".',
  redefined: 'Senha definida. Entre na loja com o seu e-mail e a nova senha.',
  noSalesman: 'O seu cadastro ainda não tem um vendedor: fale com a empresa para comprar pela loja.',
  cartEmpty: 'O carrinho está vazio: adicione ao menos um produto.',
  pixSingle: 'O Pix paga o pedido à vista: escolha uma condição de pagamento de uma parcela, ou pague no prazo combinado.',
  keyRequired: 'Falta o cabeçalho Idempotency-Key: ele garante que o pedido seja feito uma vez só.',
  addressMissing: 'Este endereço de entrega não está no seu cadastro.',
  paymentOpen: 'Este pedido não espera pagamento por Pix.',
  pixExpired: 'O Pix deste pedido expirou e os produtos voltaram ao estoque: faça um novo pedido.',
  webhookSignature: 'Assinatura do aviso de pagamento inválida.',
  conditionNotYours: 'Esta condição de pagamento não está disponível para o seu cadastro.',
  processor: 'Escolha o processador de pagamentos: sandbox (testes) ou mercadopago.',
  mpAccessToken: 'Informe o access token do Mercado Pago (APP_USR-… ou TEST-…).',
  mpWebhookSecret: 'Informe a assinatura secreta dos webhooks do Mercado Pago (Suas integrações > Webhooks).',
  processorFailed: 'O processador de pagamentos não respondeu agora: o pedido está feito; gere o Pix de novo em Meus pedidos.',
  currentPasswordWrong: 'A senha atual não confere.',
  pixUnavailable: 'Esta loja ainda não recebe Pix: escolha pagar no prazo combinado.',
  sandboxOff: 'O pagamento simulado existe só no ambiente de testes.',
});
