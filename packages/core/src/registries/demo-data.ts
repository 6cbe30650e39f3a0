import { bearers } from '@ev/shared/registries/bearers';
import { drawings } from '@ev/shared/registries/drawings';
import { flags } from '@ev/shared/registries/flags';
import { natures } from '@ev/shared/registries/natures';
import { occurrencesTypes } from '@ev/shared/registries/occurrences-types';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import { priceTables } from '@ev/shared/registries/price-tables';
import { productCompanies } from '@ev/shared/registries/product-companies';
import { productGroups } from '@ev/shared/registries/product-groups';
import { reasons } from '@ev/shared/registries/reasons';
import { regions } from '@ev/shared/registries/regions';
import { routes } from '@ev/shared/registries/routes';
import { schedulingsTypes } from '@ev/shared/registries/schedulings-types';
import { segments } from '@ev/shared/registries/segments';
import { sizes } from '@ev/shared/registries/sizes';
import { units } from '@ev/shared/registries/units';
import { vehicles } from '@ev/shared/registries/vehicles';
import { wallets } from '@ev/shared/registries/wallets';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { DomainError } from '../errors';
import { Registries } from './index';

/**
 * The demo company's registries: real bank codes, common CFOPs, the usual payment conditions, the
 * regions and routes of a distributor of the Bauru area (São Paulo state), vehicles with valid plates
 * and RENAVAMs. Runs inside the demo tenant's context; a record whose natural key exists is skipped,
 * so running it twice adds nothing.
 */
const DATA: [RegistryDefinition, Record<string, unknown>[]][] = [
  [
    bearers,
    [
      { name: 'Banco do Brasil', code: '001', digit: '9', generatesPaymentFile: true, printsBankSlip: true },
      { name: 'Bradesco', code: '237', digit: '2', generatesPaymentFile: true, printsBankSlip: true },
      { name: 'Itaú', code: '341', digit: '7', generatesPaymentFile: true, printsBankSlip: true },
      { name: 'Caixa Econômica Federal', code: '104', digit: '0', generatesPaymentFile: true },
      { name: 'Santander', code: '033', digit: '7', generatesPaymentFile: true, printsBankSlip: true },
      { name: 'Sicoob', code: '756', digit: '0', printsBankSlip: true },
      { name: 'Carteira / dinheiro', code: null, observations: 'Recebimentos em dinheiro no balcão ou pelo vendedor.' },
      { name: 'Cheques pré-datados', code: null, printsChecks: true },
    ],
  ],
  [
    natures,
    [
      { name: 'Venda de mercadoria adquirida de terceiros', cfop: '5102', financialMovement: true, consumerSale: true, accountingCode: '3.1.1.01' },
      { name: 'Venda de produção do estabelecimento', cfop: '5101', financialMovement: true, ipi: true, accountingCode: '3.1.1.02' },
      { name: 'Venda com substituição tributária', cfop: '5405', financialMovement: true, taxSubstitution: true, accountingCode: '3.1.1.03' },
      { name: 'Venda interestadual', cfop: '6102', financialMovement: true, outOfState: true, accountingCode: '3.1.1.04' },
      { name: 'Devolução de venda', cfop: '1202', devolution: true, icmsCredit: true, accountingCode: '3.1.2.01' },
      { name: 'Compra para comercialização', cfop: '1102', financialMovement: true, icmsCredit: true, accountingCode: '1.1.4.01' },
      { name: 'Remessa em bonificação, doação ou brinde', cfop: '5910', remittance: true },
      { name: 'Remessa para conserto', cfop: '5915', remittance: true },
      { name: 'Retorno de mercadoria remetida para conserto', cfop: '1916', return: true },
      { name: 'Venda fora do estabelecimento', cfop: '5103', financialMovement: true, status: 'inactive' },
    ],
  ],
  [
    productCompanies,
    [
      { name: 'Exemplo Alimentos', observations: 'Mercearia seca, enlatados e matinais.' },
      { name: 'Exemplo Bebidas', observations: 'Refrigerantes, sucos e águas.' },
      { name: 'Exemplo Limpeza', observations: 'Limpeza doméstica e higiene.' },
    ],
  ],
  [
    productGroups,
    [
      { name: 'Bebidas', observations: 'Refrigerantes, sucos, águas e cervejas.' },
      { name: 'Mercearia', observations: 'Grãos, massas, óleos, café e enlatados.' },
      { name: 'Biscoitos e doces' },
      { name: 'Frios e laticínios', observations: 'Produtos refrigerados: conferir a temperatura na entrega.' },
      { name: 'Limpeza' },
      { name: 'Higiene pessoal' },
    ],
  ],
  [
    paymentsConditions,
    [
      { name: 'À vista', terms: ['000'], discountRate: '3', observations: 'Pagamento na entrega.' },
      { name: '7 dias', terms: ['007'] },
      { name: '30 dias', terms: ['030'], minimumInvoice: '150.00' },
      { name: '28/56', terms: ['028', '056'], minimumInvoice: '300.00' },
      { name: '30/60/90', terms: ['030', '060', '090'], surchargeRate: '2.5', minimumInvoice: '500.00' },
      { name: 'Entrada + 30', terms: ['000', '030'] },
      { name: 'Bonificação', terms: ['000'], showInPriceTables: false, observations: 'Pedidos bonificados, sem cobrança.' },
    ],
  ],
  [
    // The first is the default; prices and the segment pointing to Atacado: prices/demo-data.ts.
    priceTables,
    [
      { name: 'Varejo', isDefault: true, observations: 'Tabela padrão: clientes sem tabela própria, do segmento ou da região.' },
      { name: 'Atacado', validFrom: '2026-01-01', validUntil: '2030-12-31', observations: 'Supermercados: cerca de 8% abaixo do varejo.' },
      { name: 'Promoção de Natal', validFrom: '2026-12-01', validUntil: '2026-12-31', observations: 'Vale só em dezembro.' },
    ],
  ],
  [
    regions,
    [
      { name: 'Bauru Centro' },
      { name: 'Bauru Zona Norte', observations: 'Jardim Ferraz, Mary Dota, Pousada da Esperança.' },
      { name: 'Bauru Zona Sul', observations: 'Vila Universitária, Jardim Estoril, Altos da Cidade.' },
      { name: 'Jaú' },
      { name: 'Lençóis Paulista' },
      { name: 'Botucatu' },
      { name: 'Agudos' },
      { name: 'Pederneiras' },
      { name: 'Piratininga' },
      { name: 'Avaí' },
    ],
  ],
  [
    routes,
    [
      { name: 'Rota 1 - Bauru Centro', observations: 'Segundas e quartas. Saída do depósito às 7h.' },
      { name: 'Rota 2 - Bauru Zona Norte e Piratininga', observations: 'Terças.' },
      { name: 'Rota 3 - Jaú e Pederneiras', observations: 'Quintas.' },
      { name: 'Rota 4 - Lençóis Paulista e Agudos', observations: 'Sextas.' },
      { name: 'Rota 5 - Botucatu', observations: 'Quinzenal, terças.' },
    ],
  ],
  [
    segments,
    [{ name: 'Supermercado' }, { name: 'Mercearia' }, { name: 'Padaria' }, { name: 'Bar e lanchonete' }, { name: 'Restaurante' }, { name: 'Farmácia' }, { name: 'Loja de conveniência' }],
  ],
  [
    sizes,
    [
      { name: 'P', observations: 'Pequeno' },
      { name: 'M', observations: 'Médio' },
      { name: 'G', observations: 'Grande' },
      { name: 'GG', observations: 'Extra grande' },
    ],
  ],
  [
    units,
    [
      { name: 'UN', observations: 'Unidade' },
      { name: 'CX', observations: 'Caixa' },
      { name: 'FD', observations: 'Fardo' },
      { name: 'PCT', observations: 'Pacote' },
      { name: 'KG', observations: 'Quilograma' },
      { name: 'L', observations: 'Litro' },
      { name: 'DZ', observations: 'Dúzia' },
    ],
  ],
  [
    reasons,
    [
      { name: 'Cliente fechado' },
      { name: 'Sem estoque' },
      { name: 'Preço acima da concorrência' },
      { name: 'Cliente sem limite de crédito' },
      { name: 'Produto avariado' },
      { name: 'Pedido em duplicidade' },
    ],
  ],
  [
    drawings,
    [
      { name: 'Sorteio de Natal 2026', observations: 'Um cupom a cada R$ 500,00 em compras de novembro e dezembro.' },
      { name: 'Campanha Dia das Mães' },
      { name: 'Aniversário da distribuidora' },
    ],
  ],
  [
    flags,
    [
      { name: 'Visa' },
      { name: 'Mastercard' },
      { name: 'Elo' },
      { name: 'American Express' },
      { name: 'Hipercard' },
      { name: 'Cartão Exemplo', cpfcnpj: '12.ABC.345/01DE-35', observations: 'Cartão próprio; CNPJ alfanumérico da administradora.' },
    ],
  ],
  [
    schedulingsTypes,
    [
      { name: 'Visita de venda', type: 'visit' },
      { name: 'Visita técnica', type: 'visit' },
      { name: 'Ligação de cobrança', type: 'call' },
      { name: 'Ligação de prospecção', type: 'call' },
      { name: 'E-mail de pós-venda', type: 'email' },
    ],
  ],
  [
    occurrencesTypes,
    [
      { name: 'Cliente ausente', type: 'general' },
      { name: 'Pedido realizado', type: 'commercial' },
      { name: 'Sem interesse', type: 'commercial' },
      { name: 'Cobrança de título vencido', type: 'financial' },
      { name: 'Reagendamento', type: 'schedulings' },
    ],
  ],
  [
    vehicles,
    [
      { plate: 'FRT1A23', name: 'Caminhão baú 01', manufacturer: 'Mercedes-Benz', model: 'Accelo 1016', color: 'Branco', renavam: '00948275634', chassis: '9BM958074CB812345', owner: 'Distribuidora Exemplo Ltda' },
      { plate: 'DKT4521', name: 'Caminhão baú 02', manufacturer: 'Volkswagen', model: 'Delivery 9.170', color: 'Branco', renavam: '01053182748', chassis: '9BWZZZ377VT004251', owner: 'Distribuidora Exemplo Ltda' },
      { plate: 'EZB7C40', name: 'Furgão 03', manufacturer: 'Fiat', model: 'Fiorino', color: 'Prata', renavam: '01129384753', owner: 'Distribuidora Exemplo Ltda' },
      { plate: 'GHJ2B87', name: 'Utilitário do vendedor', manufacturer: 'Renault', model: 'Kangoo', color: 'Vermelho', renavam: '01239876545' },
    ],
  ],
  [
    wallets,
    [
      { name: 'Carteira simples', generatesFinancialMovement: true },
      { name: 'Cobrança bancária', generatesFinancialMovement: true },
      { name: 'Carteira descontada', generatesFinancialMovement: true },
      { name: 'Cheques em custódia', generatesFinancialMovement: true },
      { name: 'Bonificações', generatesFinancialMovement: false, observations: 'Sem lançamento financeiro.' },
    ],
  ],
];

export async function seedRegistries(): Promise<{ created: number; skipped: number }> {
  let created = 0;
  let skipped = 0;
  // The registries in parallel, each one's records in order (so "newest" lists them as written).
  await Promise.all(
    DATA.map(async ([def, records]) => {
      for (const record of records) {
        try {
          await Registries.create(def, record);
          created++;
        } catch (e) {
          if (e instanceof DomainError && e.code === 'registry.duplicate') skipped++;
          else throw e;
        }
      }
    }),
  );
  return { created, skipped };
}
