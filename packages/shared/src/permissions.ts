import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';

/** Actions of the spec (section 6) plus CASL's `manage` (every action). */
export const ACTIONS = ['manage', 'create', 'read', 'update', 'delete', 'dashboard'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * The subject catalogue: every subject of the spec's route table (with its accents), plus ours.
 * `label` is what the permissions screen shows.
 */
export const SUBJECTS = {
  all: { label: 'Tudo', ours: false },
  auth: { label: 'Acesso ao sistema', ours: false },
  AclDemo: { label: 'Controle de acesso', ours: false },
  clientes: { label: 'Clientes', ours: false },
  endereços: { label: 'Endereços de clientes', ours: true },
  leads: { label: 'Leads', ours: true },
  vendas: { label: 'Vendas', ours: false },
  agendamentos: { label: 'Agendamentos', ours: false },
  mensagens: { label: 'Mensagens', ours: false },
  gerenciais: { label: 'Dashboards gerenciais', ours: false },
  permissões: { label: 'Permissões e perfis', ours: false },
  logs: { label: 'Logs', ours: false },
  estoques: { label: 'Estoques', ours: false },
  portadores: { label: 'Portadores', ours: false },
  sorteios: { label: 'Sorteios', ours: false },
  bandeiras: { label: 'Bandeiras', ours: false },
  naturezas: { label: 'Naturezas', ours: false },
  'tipos-ocorrências': { label: 'Tipos de ocorrência', ours: false },
  'pagamentos-condições': { label: 'Condições de pagamento', ours: false },
  motivos: { label: 'Motivos', ours: false },
  regiões: { label: 'Regiões', ours: false },
  rotas: { label: 'Rotas', ours: false },
  'agendamentos-tipos': { label: 'Tipos de agendamento', ours: false },
  segmentos: { label: 'Segmentos', ours: false },
  tamanhos: { label: 'Tamanhos', ours: false },
  unidades: { label: 'Unidades', ours: false },
  veículos: { label: 'Veículos', ours: false },
  carteiras: { label: 'Carteiras', ours: false },
  produtos: { label: 'Produtos e empresas de produtos', ours: true },
  usuarios: { label: 'Usuários', ours: true },
  filiais: { label: 'Filiais (centros de resultado)', ours: true },
  admin: { label: 'Administração da plataforma', ours: true },
} as const;
export type Subject = keyof typeof SUBJECTS;
export const SUBJECT_NAMES = Object.keys(SUBJECTS) as [Subject, ...Subject[]];

/** A stored rule, as the spec's Ability: action, subject, optional conditions, fields, inverted. */
export interface AbilityRule {
  action: Action | Action[];
  subject: Subject | Subject[];
  conditions?: Record<string, unknown>;
  fields?: string[];
  inverted?: boolean;
  reason?: string;
}

export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>]>;

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility(rules as RawRuleOf<AppAbility>[]);
}

/** The logged-out default of the spec (section 6): read on auth. */
export const LOGGED_OUT_RULES: AbilityRule[] = [{ action: 'read', subject: 'auth' }];

/** Registries a salesman's forms select from (clients, sales and schedulings forms). */
const REGISTRIES_READ: Subject[] = [
  'portadores',
  'bandeiras',
  'naturezas',
  'tipos-ocorrências',
  'pagamentos-condições',
  'motivos',
  'regiões',
  'rotas',
  'agendamentos-tipos',
  'segmentos',
  'tamanhos',
  'unidades',
  'veículos',
  'carteiras',
  'sorteios',
  'produtos',
];

export const PRESET_KEYS = ['salesman', 'manager', 'administrator', 'employee'] as const;
export type PresetKey = (typeof PRESET_KEYS)[number];

/**
 * Profile presets (spec section 6). `${user.id}` in conditions is replaced by the session's user id
 * when the session is built. Record scope (own clients, subordinates) is enforced by the services
 * through their keys; the conditions here state the same rule for the web and for record checks.
 */
const SALESMAN_RULES: AbilityRule[] = [
  { action: 'read', subject: 'auth' },
  { action: 'read', subject: 'usuarios' },
  { action: ['create', 'read', 'update'], subject: ['clientes', 'endereços', 'leads'] },
  { action: 'read', subject: 'estoques' },
  { action: ['create', 'read', 'update'], subject: ['vendas', 'agendamentos'] },
  { action: 'read', subject: REGISTRIES_READ },
];

export const PRESETS: Record<PresetKey, { name: string; rules: AbilityRule[] }> = {
  salesman: { name: 'Vendedor', rules: SALESMAN_RULES },
  // The manager is the salesman plus result centers and dashboards (spec section 6).
  manager: {
    name: 'Gerente',
    rules: [
      ...SALESMAN_RULES,
      { action: 'read', subject: 'filiais' },
      { action: 'dashboard', subject: ['gerenciais', 'vendas', 'clientes'] },
    ],
  },
  administrator: {
    name: 'Administrador',
    rules: [{ action: 'manage', subject: 'all' }],
  },
  employee: {
    name: 'Funcionário',
    rules: [
      { action: 'read', subject: 'auth' },
      { action: 'read', subject: 'usuarios' },
      { action: 'read', subject: ['clientes', 'endereços', 'vendas', 'estoques'] },
      { action: 'read', subject: REGISTRIES_READ },
    ],
  },
};

/** Replaces `${user.id}` placeholders in rule conditions. */
export function interpolateRules(rules: AbilityRule[], vars: { userId: string }): AbilityRule[] {
  return JSON.parse(JSON.stringify(rules).replaceAll('${user.id}', vars.userId)) as AbilityRule[];
}
