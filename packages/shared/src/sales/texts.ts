import { Decimal, formatMoney, placesOf } from '../money';
import { defineTexts, withKeys, type Said } from '../texts';
import type { SaleStatus } from './status';
import { unitNet } from './totals';

/**
 * The sales' texts, apart from their schemas (`schemas/sales` re-exports them): the order entry
 * says them without building the schemas when it loads.
 */

export const SaleTexts = defineTexts('sales', {
  repeatedProduct: 'Produto já lançado no pedido. Deseja adicionar novamente?',
  belowMinimum: 'O preço inserido está abaixo do mínimo permitido.',
  // The spec's text, then the line's figures: the product, what the client pays a unit, the minimum.
  belowMinimumPrice: 'O preço inserido está abaixo do mínimo permitido. {{name}}: {{net}} a unidade, mínimo {{minimum}}.',
  belowMinimumDiscounted: 'O preço inserido está abaixo do mínimo permitido. {{name}}: {{net}} a unidade com os descontos, mínimo {{minimum}}.',
  // The free order and the sale type without financial movement refuse what they cannot carry (ours).
  freeNoPayment: 'Um pedido bonificado não tem pagamento: deixe o tipo e a condição de pagamento em branco.',
  natureNoPayment: 'O tipo de venda {{name}} não movimenta o financeiro e o pedido não tem pagamento: deixe o tipo e a condição de pagamento em branco.',
  freeNoItemDiscount: 'Um pedido bonificado não tem desconto nos itens.',
  // The sale's salesman, asked when none follows from the rules (ours).
  salesmanRequired: 'Escolha o vendedor do pedido: o cliente não tem vendedor e o seu usuário não é vendedor.',
  salesmanInvalid: 'O vendedor informado não existe, não está ativo ou não é vendedor.',
  salesmanOutOfScope: 'Você só pode escolher um vendedor da sua equipe.',
  salesmanRuled: 'O vendedor deste pedido vem das regras da empresa (o do cliente, ou quem digita o pedido quando vende) e não é escolhido.',
  belowMinimumMany: 'O preço inserido está abaixo do mínimo permitido em {{count}} itens do pedido: veja cada item.',
  draftCreate: 'Não foi possível criar o rascunho do pedido. Tente novamente e, se o erro persistir, entre em contato com o suporte.',
  draftUpdate: 'Não foi possível salvar o rascunho do pedido. Tente novamente e, se o erro persistir, entre em contato com o suporte.',
  draftDelete: 'Não foi possível excluir o rascunho do pedido. Tente novamente e, se o erro persistir, entre em contato com o suporte.',
  draftClose: 'Não foi possível fechar o pedido. Tente novamente e, se o erro persistir, entre em contato com o suporte.',
  notDraft: 'Este pedido já foi fechado e não é mais um rascunho.',
  closeUnderway: 'Este pedido está sendo fechado neste momento. Aguarde um instante e peça o fechamento de novo: o pedido não será fechado duas vezes.',
  // A status in a text is named by its label (`SaleSaid`, in the user's language on the web).
  notEditable: 'Um pedido com o status "{{status}}" não pode mais ser alterado.',
  move: 'O pedido está com o status "{{from}}" e não pode passar para "{{to}}".',
  moveForbidden: 'Seu perfil não permite passar o pedido de "{{from}}" para "{{to}}". Se precisar, fale com a gerência.',
  authorizerOnly: 'Só um usuário de perfil autorizador da liberação financeira pode liberar o pedido.',
  clientInvalid: 'O cliente deste pedido está em análise ou com problema e não pode mais comprar. Escolha outro cliente ou fale com o financeiro.',
  clientBlocked: 'Este cliente está em análise ou com problema e não pode ser escolhido para um pedido.',
  clonedClientBlocked: 'O cliente do pedido copiado está em análise ou com problema e não pode ser escolhido. Escolha outro cliente para o novo pedido.',
  clientIncomplete: 'Complete o cadastro do cliente (nome, apelido, e-mail e CPF/CNPJ) antes de fechar o pedido.',
  clientRequired: 'Escolha o cliente do pedido.',
  clientMissing: 'O cliente informado não existe ou não é da sua carteira.',
  itemsRequired: 'Inclua ao menos um produto no pedido.',
  tooManyItems: 'Um pedido tem no máximo {{max}} itens.',
  productUnavailable: 'O produto {{name}} não pode ser vendido: {{reason}}',
  otherCompany: 'O produto {{name}} é de outra empresa de produtos que a do pedido.',
  minimumInvoice: 'O total do pedido ({{total}}) está abaixo do faturamento mínimo da condição de pagamento ({{minimum}}): faltam {{difference}}. Inclua mais itens ou mude a condição de pagamento.',
  paymentRequired: 'Escolha a condição de pagamento.',
  paymentNotAllowed: 'A condição de pagamento escolhida não está entre as do cliente.',
  transportRequired: 'Informe o transporte do pedido.',
  branchNoSales: 'O centro de resultado {{branch}} não emite pedidos de venda. Troque o centro de resultado da sessão para fechar o pedido.',
  stockInsufficient: 'Estoque insuficiente para {{name}}: disponível {{available}}. Mude a quantidade ou retire o item.',
  stockLower: 'Estoque menor que o pedido para {{name}}: disponível {{available}}. Deseja continuar com a quantidade disponível?',
  geolocationRequired: 'A empresa exige a localização para fechar o pedido. Permita o acesso à localização e tente novamente.',
  geolocationImprecise: 'A localização veio com precisão de {{accuracy}} m, acima dos {{precision}} m que a empresa aceita. Tente de novo em um lugar aberto.',
  totalNegative: 'Os descontos passam do valor do pedido.',
  passwordWrong: 'Senha do autorizador incorreta, ou o usuário não é autorizador da liberação financeira.',
  created: 'Rascunho do pedido criado.',
  updated: 'Pedido atualizado.',
  removed: 'Rascunho do pedido excluído.',
  closed: 'Pedido {{number}} fechado.',
  status: 'Use um dos status: {{statuses}}.',
  period: 'A data final do período deve ser igual ou posterior à inicial.',
  // Spec sections 5 and 8: a sales export needs selected sales.
  exportNoneSelected: 'Nenhuma venda selecionada. Selecione ao menos uma venda para exportar.',
  exportNoneFound: 'Nenhuma das vendas selecionadas foi encontrada.',
  exportTooMany: 'Selecione no máximo {{max}} vendas por exportação.',
  sort: 'Ordene por um destes: {{sorts}}.',
  sortDirection: 'Use asc (crescente) ou desc (decrescente).',
  quantity: 'A quantidade deve ser maior que zero.',
  priceLocked: 'A empresa não permite alterar o preço de venda: use o preço da tabela ({{price}}).',
  campaignStatus: 'Use active ou inactive no filtro de situação.',
  campaignPriceLocked: '{{name}} está na campanha {{campaign}}: o preço é {{price}}.',
  campaignRequired: 'A empresa exige uma campanha no pedido: inclua um produto de uma campanha em vigor para este cliente ({{names}}).',
  campaignEnded: 'A campanha {{name}} não está mais em vigor para este pedido. Salve o pedido de novo para ter os preços de hoje.',
  campaignLimit: 'A campanha {{name}} não tem mais unidades para este pedido. Salve o pedido de novo para ver o que restou.',
  itemDiscountsOff: 'A empresa não permite desconto nos itens.',
  orderDiscountsOff: 'A empresa não permite desconto no pedido.',
  productMissing: 'O produto informado não existe.',
  natureMissing: 'O tipo de venda informado não existe.',
  natureInactive: 'O tipo de venda {{name}} está inativo. Escolha um tipo de venda ativo.',
  natureNotSale: 'O tipo de venda {{name}} é uma natureza fiscal de entrada (compra), não de venda. Escolha uma natureza de saída.',
  // The home's tabs (docs/sales.md "Home figures"; ours).
  homeTab: 'A aba {{tab}} do início não é do seu usuário.',
  dashboardPeriod: 'O período do dashboard de vendas vai até {{max}} dias: escolha datas mais próximas.',
  managementPeriod: 'O período do dashboard gerencial vai até {{max}} dias: escolha datas mais próximas.',
  conditionMissing: 'A condição de pagamento informada não existe.',
  clientForPrice: 'Escolha o cliente para ver o preço.',
  // Consigned sales (docs/sales.md "Consigned sales"; the texts are ours).
  consignmentNotAllowed: 'O centro de resultado {{branch}} não faz venda consignada (não tem prazo de consignação). Desmarque "Venda consignada" ou troque o centro de resultado da sessão.',
  notConsigned: 'Este pedido não é uma venda consignada.',
  consignmentSettled: 'A consignação deste pedido já foi acertada: o acerto é feito uma vez só.',
  consignmentClosedStatus: 'Um pedido com o status "{{status}}" não pode ter a consignação acertada.',
  consignmentNotClosed: 'Feche o pedido antes de acertar a consignação.',
  returnedTooMuch: 'A quantidade devolvida passa da quantidade consignada ({{quantity}}).',
  returnedLine: 'Informe a devolução só das linhas do pedido que não foram canceladas.',
  returnedRepeated: 'A linha aparece mais de uma vez no acerto.',
  consignmentOpen: 'Este pedido tem mercadoria em consignação: acerte a consignação (devolvendo o que voltou) antes de cancelar.',
  // Correcting a pending sale (docs/sales.md "Correcting a pending sale"; the texts are ours).
  editNotPending: 'Só um pedido pendente pode ser alterado. Este já seguiu adiante: para mudá-lo, cancele-o e faça outro.',
  editClient: 'O cliente de um pedido fechado não muda. Cancele o pedido e faça outro para o novo cliente.',
  editConsigned: 'Um pedido consignado não é alterado: o que o cliente devolver é acertado na consignação.',
  editBelowPaid: 'O novo total ({{total}}) fica abaixo do que já foi pago nas parcelas deste pedido ({{held}}). Ajuste os itens para que o total alcance ao menos esse valor.',
  editTooLarge: 'Esta alteração muda o estoque de {{count}} produtos de uma vez, e uma alteração muda até {{max}}. Salve a alteração em partes.',
  cancelReasonRequired: 'Informe o motivo do cancelamento do item.',
  editLine: 'A linha informada não é uma linha deste pedido, ou aparece mais de uma vez.',
  edited: 'Pedido {{number}} alterado.',
});

/** The statuses' names (spec section 4), one catalogue for the API's texts and the web. */
export const SaleStatusTexts = defineTexts('saleStatus', {
  typing: 'Em digitação',
  pending: 'Pendente',
  processing: 'Em processamento',
  receipt: 'Emissão de documento',
  paid: 'Liberado financeiro',
  completed: 'Concluído',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
  refunded: 'Estornado',
} satisfies Record<SaleStatus, string>);

const label = (status: SaleStatus) => SaleStatusTexts[status]().message;
const key = (status: SaleStatus) => SaleStatusTexts[status]().key;

/** The texts that name statuses: each status by its label, with its key (`withKeys`), never by its code. */
export const SaleSaid = {
  move: (from: SaleStatus, to: SaleStatus) => withKeys(SaleTexts.move({ from: label(from), to: label(to) }), { from: key(from), to: key(to) }),
  moveForbidden: (from: SaleStatus, to: SaleStatus) => withKeys(SaleTexts.moveForbidden({ from: label(from), to: label(to) }), { from: key(from), to: key(to) }),
  notEditable: (status: SaleStatus) => withKeys(SaleTexts.notEditable({ status: label(status) }), { status: key(status) }),
  consignmentClosedStatus: (status: SaleStatus) => withKeys(SaleTexts.consignmentClosedStatus({ status: label(status) }), { status: key(status) }),
};

/**
 * A line below its product's minimum price (docs/sales.md "The minimum price"): what the client
 * pays a unit (`unitNet`: after the line's discount and the general discount) under the minimum,
 * said with the spec's text and the line's figures (the product, that figure, the minimum); null
 * when it is not (a cancelled line, a product without a minimum). The close refuses it (or asks an
 * authorizer's password); the entry shows it on the line as the user types.
 */
export function minimumPriceIssue(
  line: { name: string; unitPrice: string; discountPercent?: string | null; minimumPrice: string | null; cancelled?: boolean; campaign?: { price: string | null } | null },
  order: { generalDiscountPercent?: string | null; free?: boolean },
  decimals: number | null | undefined,
): Said | null {
  if (line.cancelled || !line.minimumPrice) return null;
  // A campaign's price below the minimum is the company's own decision: it is the floor then
  // (docs/campaigns.md); a campaign's discount % is not counted in the unit (unitNet leaves it out).
  const minimum = line.campaign?.price && new Decimal(line.campaign.price).lt(line.minimumPrice) ? line.campaign.price : line.minimumPrice;
  const net = unitNet(line, order);
  if (!net.lt(minimum)) return null;
  // At the branch's places, or at 4 where those would show the minimum itself.
  let places = placesOf(decimals);
  if (formatMoney(net, places) === formatMoney(minimum, places)) places = 4;
  const params = { name: line.name, net: formatMoney(net, places), minimum: formatMoney(minimum, places) };
  return net.equals(line.unitPrice) ? SaleTexts.belowMinimumPrice(params) : SaleTexts.belowMinimumDiscounted(params);
}

