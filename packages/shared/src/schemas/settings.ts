import { UFS } from '../ie';
import { Decimal } from '../money';
import { defineTexts } from '../texts';
import { addKeyedIssue, keyed, z } from '../zod';

/**
 * The company's texts (settings, company data and branches; docs/texts.md), keyed `company.<name>`.
 * `{{label}}` is the field's label (the web names the field in the user's language).
 */
export const CompanyTexts = defineTexts('company', {
  intRange: 'O campo {{label}} deve ser um número inteiro de {{min}} a {{max}}.',
  numberRange: 'O campo {{label}} deve ser um número de {{min}} a {{max}}.',
  decimalRange: 'O campo {{label}} deve ser um número de {{min}} a {{max}}, com até {{places}} casas decimais.',
  notBoolean: 'O campo {{label}} deve ser sim ou não.',
  option: 'Escolha uma opção válida para o campo {{label}}.',
  tooLong: 'O campo {{label}} deve ter no máximo {{max}} caracteres.',
  socialNetwork: 'Informe o nome de cada rede social (até 40 caracteres), sem repetir.',
  socialNetworksTooMany: 'Informe no máximo 10 redes sociais.',
  discount: 'O desconto da venda consignada deve ser um percentual de 0 a 100, com até 2 casas decimais (por exemplo, 3,5).',
  branchNameTaken: 'Já existe uma filial com este nome.',
  storeSlug: 'O endereço da loja deve ter de 3 a 40 letras minúsculas sem acento, números ou hífens, começando e terminando com letra ou número.',
  storeSlugReserved: 'O endereço "{{slug}}" é reservado pelo sistema: escolha outro.',
  storeSlugRequired: 'Informe o endereço da loja para ligar o autoatendimento.',
  storeSlugTaken: 'Este endereço de loja já é de outra empresa: escolha outro.',
  lastActiveBranch: 'A empresa precisa de ao menos uma filial ativa: ative ou cadastre outra antes de desativar esta.',
});
const T = CompanyTexts;

/** The NF-e's freight modes (modFrete) a sale's transport costing takes (as `TRANSPORT_COSTINGS` of the sales). */
export const TRANSPORT_COSTING_CODES = [0, 1, 2, 3, 4, 9] as const;

const flag = (label: string, value: boolean) => z.boolean({ error: keyed(T.notBoolean({ label })) }).default(value);

/** A whole number from `min` to `max`, one message for a wrong type, a fraction or a value out of range. */
const int = (label: string, min: number, max: number, value: number) => {
  const error = keyed(T.intRange({ label, min, max }));
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(value);
};

/** A coordinate (degrees, not money: a number is exact enough). */
const degrees = (label: string, min: number, max: number, value: number) => {
  const error = keyed(T.numberRange({ label, min: String(min).replace('.', ','), max: String(max).replace('.', ',') }));
  return z.number({ error }).min(min, { error }).max(max, { error }).default(value);
};

/**
 * A decimal setting (a rate, money): typed with a comma or a point, at most `places` places, from
 * `min` to `max`; kept as a decimal string ('2.5' → '2.50'), never a binary float.
 */
const decimalSetting = (label: string, places: number, min: string, max: string, value: string) => {
  const error = keyed(T.decimalRange({ label, min: min.replace('.', ','), max: max.replace('.', ','), places }));
  const format = new RegExp(`^\\d{1,7}(?:[.,]\\d{1,${places}})?$`);
  return z
    .union([z.string(), z.number()], { error })
    .transform((v) => String(v).trim())
    .refine((v) => format.test(v), { error })
    .transform((v) => new Decimal(v.replace(',', '.')))
    .refine((d) => d.gte(min) && d.lte(max), { error })
    .transform((d) => d.toFixed(places))
    .default(new Decimal(value).toFixed(places));
};

/** What a store's address may be: lower-case letters, digits and hyphens, 3 to 40, a letter or digit at either end. */
export const STORE_SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;
/** Addresses the product keeps for itself (its own pages and the words a client could mistake for them). */
export const RESERVED_STORE_SLUGS = ['admin', 'api', 'app', 'assets', 'login', 'loja', 'lojas', 'sales', 'store', 'vendas', 'www'] as const;

/** The store's address (`/vendas/<slug>`), typed in any case ('Exemplo' → 'exemplo'); empty: none. */
const StoreSlug = z
  .string({ error: keyed(T.storeSlug()) })
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || STORE_SLUG.test(v), { error: keyed(T.storeSlug()) })
  .superRefine((v, ctx) => {
    if ((RESERVED_STORE_SLUGS as readonly string[]).includes(v)) addKeyedIssue(ctx, [], T.storeSlugReserved({ slug: v }));
  })
  .default('');

const SocialNetworks = z
  .array(z.string({ error: keyed(T.socialNetwork()) }).trim().min(1, { error: keyed(T.socialNetwork()) }).max(40, { error: keyed(T.socialNetwork()) }), {
    error: keyed(T.socialNetwork()),
  })
  .max(10, { error: keyed(T.socialNetworksTooMany()) })
  .superRefine((names, ctx) => {
    const seen = new Set<string>();
    names.forEach((n, i) => {
      const key = n.trim().toLowerCase();
      if (seen.has(key)) addKeyedIssue(ctx, [i], T.socialNetwork());
      seen.add(key);
    });
  })
  .default(['instagram', 'facebook']);

/**
 * Company settings with the spec's defaults (section 3), validated with Portuguese messages that
 * name each setting. Values the spec does not show are ours, listed in docs/decisions.md. The
 * settings screen (/settings/company) explains each one's effect.
 */
export const CompanySettings = z.object({
  customers: z
    .object({
      showPendingTitlesAndCredits: flag('Mostrar títulos pendentes e créditos', false),
      socialNetworks: SocialNetworks,
      required: z
        .object({
          nickname: flag('Exigir apelido', false),
          birthDate: flag('Exigir data de nascimento', true),
          segment: flag('Exigir segmento', false),
          region: flag('Exigir região', false),
          route: flag('Exigir rota', false),
          stateRegistration: flag('Exigir RG/inscrição estadual', false),
          idDocument: flag('Exigir CPF/CNPJ', false),
          contact: flag('Exigir contato', false),
          referenceName: flag('Exigir nome de referência', false),
          referencePhone: flag('Exigir telefone de referência', false),
        })
        .prefault({}),
      initialStatus: z.enum(['A', 'I'], { error: keyed(T.option({ label: 'Status inicial do cliente' })) }).default('A'),
      blockRepeatedPhone: flag('Bloquear telefone repetido', false),
    })
    .prefault({}),
  map: z
    .object({
      latitude: degrees('Latitude', -90, 90, -22.264),
      longitude: degrees('Longitude', -180, 180, -48.74),
      defaultState: z.enum(UFS, { error: keyed(T.option({ label: 'UF padrão' })) }).default('SP'),
      zoom: int('Zoom', 0, 22, 15),
      mapsToken: z
        .string({ error: keyed(T.tooLong({ label: 'Token da API de mapas', max: 500 })) })
        .trim()
        .max(500, { error: keyed(T.tooLong({ label: 'Token da API de mapas', max: 500 })) })
        .default(''),
    })
    .prefault({}),
  sales: z
    .object({
      itemDiscounts: flag('Descontos nos itens', true),
      orderDiscounts: flag('Descontos no pedido', true),
      showCompanies: flag('Mostrar empresas', true),
      printColumns: int('Colunas de impressão', 20, 300, 80),
      printEnabled: flag('Impressão habilitada', true),
      checkStock: flag('Validar estoque', true),
      checkCustomerRegistration: flag('Validar cadastro do cliente', true),
      enableNegotiations: flag('Habilitar negociações', true),
      enableCampaigns: flag('Habilitar campanhas', true),
      campaignRequired: flag('Campanha obrigatória', true),
      blockPayment: flag('Bloquear pagamento', true),
      autoLoadNegotiations: flag('Carregar negociações automaticamente', true),
      blockPriceChange: flag('Bloquear alteração de preço', true),
      transportRequired: flag('Transporte obrigatório', true),
      defaultTransportCosting: z
        .number({ error: keyed(T.option({ label: 'Frete por conta (padrão)' })) })
        .refine((v) => (TRANSPORT_COSTING_CODES as readonly number[]).includes(v), { error: keyed(T.option({ label: 'Frete por conta (padrão)' })) })
        .default(1),
      geolocationEnabled: flag('Geolocalização habilitada', true),
      geolocationPrecision: int('Precisão da geolocalização (m)', 1, 100000, 500),
      /** Not in the spec's sales group (docs/sales.md "Geolocation"): a close without the position is refused only where this is on. */
      geolocationRequired: flag('Geolocalização obrigatória', false),
      suggestProducts: flag('Sugerir produtos', false),
    })
    .prefault({}),
  scheduling: z
    .object({
      strictOrder: flag('Ordem estrita', false),
      geolocationRequired: flag('Geolocalização obrigatória', false),
      minimumPrecision: int('Precisão mínima (m)', 1, 100000, 500),
      /** Not in the spec (issue 15): a start farther than this from the client's main address is flagged for the supervisor. */
      checkInTolerance: int('Tolerância do check-in (m)', 10, 100000, 300),
    })
    .prefault({}),
  address: z
    .object({
      neighbourhoodRequired: flag('Bairro obrigatório', false),
      postalCodeRequired: flag('CEP obrigatório', false),
    })
    .prefault({}),
  further: z
    .object({
      cashback: flag('Cashback', false),
      points: flag('Pontos', false),
      /** Not in the spec (docs/loyalty.md): the part of a paid sale's total given back as cashback, percent. */
      cashbackPercent: decimalSetting('Percentual de cashback (%)', 2, '0.01', '100', '2'),
      /** Not in the spec: the points a paid sale gives per real of its total (whole points, rounded down). */
      pointsPerReal: int('Pontos por real', 1, 1000, 1),
      /** Not in the spec: what a point is worth when used in an order, in reais. */
      pointValue: decimalSetting('Valor do ponto no resgate (R$)', 4, '0.0001', '1000', '0.01'),
      tablePrice: flag('Preço de tabela', false),
      lastPrice: flag('Último preço', false),
      showFutureReceivables: flag('Mostrar recebimentos futuros', false),
      passwordAuthorization: flag('Autorização por senha', false),
      selfCheckout: flag('Autoatendimento', false),
      useOriginalSalesman: flag('Usar o vendedor original', false),
      inactivityDays: int('Dias de inatividade', 1, 3650, 90),
      pointsExpiryDays: int('Dias para expirar os pontos', 1, 3650, 365),
      virtualStoreProductLimit: int('Limite de produtos da loja virtual', 1, 100000, 500),
      /** Not in the spec (issue 44, docs/store.md): the store's address, unique across the platform. */
      storeSlug: StoreSlug,
      /** Not in the spec (docs/store.md "The purchase"): the store's orders wait a staff's close before they count and reserve. */
      storeApproval: flag('Pedidos da loja aguardam aprovação', false),
      /** Not in the spec: how long a store order's Pix holds its stock, in minutes. */
      storePixMinutes: int('Validade do Pix da loja (minutos)', 5, 1440, 30),
    })
    // The self-checkout is the store: on, it needs its address.
    .superRefine((f, ctx) => {
      if (f.selfCheckout && !f.storeSlug) addKeyedIssue(ctx, ['storeSlug'], T.storeSlugRequired());
    })
    .prefault({}),
});
export type CompanySettings = z.infer<typeof CompanySettings>;

export function defaultSettings(): CompanySettings {
  return CompanySettings.parse({});
}
