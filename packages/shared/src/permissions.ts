import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';

/**
 * The moves of a sale, each an ability of its own on `vendas` (docs/sales.md "Who moves a sale"):
 * `process` (picking, the document, back to pending, completed), `deliver` (the delivery confirmed),
 * `cancelPending` (cancel a sale still pending, in the user's record scope), `cancel` (cancel in any
 * status the machine allows), `refund`. The financial release (to paid) is not an ability: it is
 * the authorizer flag of the profile or of the user (spec section 6).
 */
export const SALE_MOVE_ACTIONS = ['process', 'deliver', 'cancelPending', 'cancel', 'refund'] as const;
export type SaleMoveAction = (typeof SALE_MOVE_ACTIONS)[number];

/**
 * Abilities a subject has beyond the spec's actions: the sales' moves, and `export` on `clientes`
 * (the clients' CSV: every client the user sees, high-risk).
 */
export const EXTRA_ACTIONS = [...SALE_MOVE_ACTIONS, 'export'] as const;
export type ExtraAction = (typeof EXTRA_ACTIONS)[number];

/** Actions of the spec (section 6), CASL's `manage` (every action), and ours (`EXTRA_ACTIONS`). */
export const ACTIONS = ['manage', 'create', 'read', 'update', 'delete', 'dashboard', ...EXTRA_ACTIONS] as const;
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
  campanhas: { label: 'Campanhas e fidelidade', ours: true },
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
  // The order entry shows the campaigns in force (docs/campaigns.md).
  'campanhas',
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
  // A salesman cancels a sale of his (a supervisor, of his team) while it is still pending.
  { action: 'cancelPending', subject: 'vendas' },
  { action: 'read', subject: REGISTRIES_READ },
];

/** The moves each preset makes (docs/sales.md "Who moves a sale"); the administrator makes every one by `manage all`. */
export const PRESET_MOVES: Record<PresetKey, readonly SaleMoveAction[]> = {
  salesman: ['cancelPending'],
  manager: ['cancelPending'],
  administrator: SALE_MOVE_ACTIONS,
  // The back office: picking, the document, the delivery; cancels and refunds stay with who the administrator names.
  employee: ['process', 'deliver'],
};

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
      // The back office moves sales through picking, the document and the delivery.
      { action: ['process', 'deliver'], subject: 'vendas' },
      { action: 'read', subject: REGISTRIES_READ },
    ],
  },
};

/**
 * The version of the rules a profile stores. Version 2 gave the sales' moves abilities of their own
 * (before, every move was `update vendas`). A profile stored before (no `rulesVersion`) is read
 * through `upgradeRules`, and stored at this version at its next save.
 */
export const RULES_VERSION = 2;

/**
 * A profile stored before the moves were abilities (docs/sales.md "Who moves a sale", "Profiles
 * stored before"): a preset's profile gets its preset's moves (the table's defaults, which take
 * from a salesman the moves he should never have had); any other profile keeps every move it could
 * make, that is all of them when it may update `vendas` (with the same own-records condition), and
 * the administrator sees them in the permissions editor, flagged where high-risk. The release
 * stays the authorizer flag. A profile that can already make a move is not given it twice.
 */
export function upgradeRules(rules: AbilityRule[], preset: string | null | undefined): AbilityRule[] {
  const ability = buildAbility(rules);
  const isPreset = (PRESET_KEYS as readonly string[]).includes(preset ?? '');
  const moves = isPreset ? PRESET_MOVES[preset as PresetKey] : ability.can('update', 'vendas') ? SALE_MOVE_ACTIONS : [];
  const missing = moves.filter((m) => !ability.can(m, 'vendas'));
  if (!missing.length) return rules;
  const updates = ability.rulesFor('update', 'vendas').filter((r) => !r.inverted);
  const own = !isPreset && updates.length > 0 && updates.every((r) => !!r.conditions);
  return [...rules, { action: missing.length === 1 ? missing[0]! : missing, subject: 'vendas', ...(own ? { conditions: { ...OWN_CONDITION } } : {}) }];
}

/**
 * An authorizer of financial release (spec section 6: a price below the minimum, a sale's move to
 * paid): the user's own flag or its profile's (docs/decisions.md, "Users").
 */
export function isFinancialReleaseAuthorizer(user: { financialReleaseAuthorizer?: boolean }, profile: { financialReleaseAuthorizer?: boolean } | undefined): boolean {
  return user.financialReleaseAuthorizer === true || profile?.financialReleaseAuthorizer === true;
}

/** Replaces `${user.id}` placeholders in rule conditions. */
export function interpolateRules(rules: AbilityRule[], vars: { userId: string }): AbilityRule[] {
  return JSON.parse(JSON.stringify(rules).replaceAll('${user.id}', vars.userId)) as AbilityRule[];
}

/**
 * Whether a profile's rules let its users manage permissions (update `permissões`): the
 * administrators the last-administrator and self-lockout guards keep (issue 14).
 */
export function isPermissionsAdmin(rules: AbilityRule[]): boolean {
  const ability = buildAbility(rules);
  return ability.can('update', 'permissões') && ability.can('read', 'auth');
}

// ── The permissions screen's grid (issue 14 item 1) ────────────────────────────────────────────

/** The actions the grid shows, in its column order (`manage` is the "full access" switch). */
export const GRID_ACTIONS = ['create', 'read', 'update', 'delete', 'dashboard'] as const;
/** An action the grid edits: a column, or one of a subject's abilities of its own (`SUBJECT_ACTIONS`). */
export type GridAction = (typeof GRID_ACTIONS)[number] | ExtraAction;

/**
 * Abilities a subject has beyond the five columns, shown under its group's table (the sales' moves,
 * the clients' export). One cell each, `action subject`, like the columns' cells.
 */
export const SUBJECT_ACTIONS: Partial<Record<Subject, readonly ExtraAction[]>> = { clientes: ['export'], vendas: SALE_MOVE_ACTIONS };
const subjectActions = (subject: Subject): readonly GridAction[] => SUBJECT_ACTIONS[subject] ?? [];

/** The grid's rows, grouped as the menu groups the modules. */
export const SUBJECT_GROUPS: { id: 'main' | 'dashboards' | 'registries' | 'settings'; label: string; subjects: Subject[] }[] = [
  { id: 'main', label: 'Principal', subjects: ['clientes', 'endereços', 'leads', 'vendas', 'agendamentos', 'mensagens', 'estoques'] },
  { id: 'dashboards', label: 'Dashboards', subjects: ['gerenciais'] },
  {
    id: 'registries',
    label: 'Cadastros Gerais',
    subjects: ['produtos', 'campanhas', 'portadores', 'bandeiras', 'naturezas', 'tipos-ocorrências', 'pagamentos-condições', 'motivos', 'regiões', 'rotas', 'agendamentos-tipos', 'segmentos', 'tamanhos', 'unidades', 'veículos', 'carteiras', 'sorteios'],
  },
  { id: 'settings', label: 'Configurações', subjects: ['auth', 'usuarios', 'permissões', 'filiais', 'logs', 'admin', 'AclDemo'] },
];

/** Subjects with a dashboard (the grid's dashboard column is offered only for them). */
export const DASHBOARD_SUBJECTS: readonly Subject[] = ['clientes', 'vendas', 'agendamentos', 'mensagens', 'gerenciais'];
/** Subjects whose records have an owner: the grid offers "own records only" for them. */
export const OWN_SUBJECTS: readonly Subject[] = ['clientes', 'endereços', 'leads', 'vendas', 'agendamentos', 'mensagens'];
/** The condition "own records only" stores (the owner is the session's user). */
export const OWN_CONDITION = { ownerId: '${user.id}' } as const;

/** Subjects that are only read (signing in, the access demo, the logs). */
export const READ_ONLY_SUBJECTS: readonly Subject[] = ['auth', 'AclDemo', 'logs'];

/** A cell of the grid is offered: read everywhere; the dashboard only where there is one; the writes where there is something to write; a subject's own abilities on it alone. */
export const cellOffered = (action: GridAction, subject: Subject) =>
  (EXTRA_ACTIONS as readonly string[]).includes(action)
    ? subjectActions(subject).includes(action)
    : action === 'read' || (action === 'dashboard' ? DASHBOARD_SUBJECTS.includes(subject) : !READ_ONLY_SUBJECTS.includes(subject));

/** A profile's rules as the grid edits them: full access, the granted cells (`action subject`), the subjects limited to own records. */
export interface PermissionGrid {
  full: boolean;
  cells: string[];
  own: Subject[];
}

export const cellKey = (action: GridAction, subject: Subject) => `${action} ${subject}`;

/** Reads stored rules into the grid: `manage` is every action, `all` with `manage` full access; inverted rules are not offered by the grid and are dropped. */
export function gridOf(rules: AbilityRule[]): PermissionGrid {
  const cells = new Set<string>();
  const own = new Set<Subject>();
  let full = false;
  for (const rule of rules) {
    if (rule.inverted) continue;
    const actions = ([] as Action[]).concat(rule.action);
    const subjects = ([] as Subject[]).concat(rule.subject);
    if (actions.includes('manage') && subjects.includes('all')) {
      full = true;
      continue;
    }
    for (const subject of subjects) {
      if (subject === 'all') continue;
      for (const action of actions) {
        for (const a of action === 'manage' ? [...GRID_ACTIONS, ...subjectActions(subject)] : [action as GridAction]) if (cellOffered(a, subject)) cells.add(cellKey(a, subject));
      }
      if (rule.conditions && OWN_SUBJECTS.includes(subject)) own.add(subject);
    }
  }
  return { full, cells: [...cells].sort(), own: [...own].sort() };
}

/** Writes the grid back as rules: one rule per subject with its actions (and the own-records condition). */
export function rulesOf(grid: PermissionGrid): AbilityRule[] {
  if (grid.full) return [{ action: 'manage', subject: 'all' }];
  const rules: AbilityRule[] = [];
  for (const group of SUBJECT_GROUPS) {
    for (const subject of group.subjects) {
      const actions = [...GRID_ACTIONS, ...subjectActions(subject)].filter((a) => grid.cells.includes(cellKey(a, subject)));
      if (!actions.length) continue;
      const own = grid.own.includes(subject) && OWN_SUBJECTS.includes(subject);
      rules.push({ action: actions.length === 1 ? actions[0]! : [...actions], subject, ...(own ? { conditions: { ...OWN_CONDITION } } : {}) });
    }
  }
  return rules;
}

/**
 * Whether a grant is high-risk: any delete, a sale's cancel and refund (final, they release stock
 * and cancel installments), the export of the clients (every client the user sees, in one file),
 * and anything on permissions, platform administration (company settings), logs.
 */
export function isHighRisk(action: GridAction | 'manage', subject: Subject): boolean {
  return (
    action === 'manage' ||
    action === 'delete' ||
    action === 'export' ||
    action === 'cancel' ||
    action === 'cancelPending' ||
    action === 'refund' ||
    subject === 'permissões' ||
    subject === 'admin' ||
    subject === 'logs' ||
    subject === 'all'
  );
}

/** One line of a diff: a cell, the own-records limit of a subject, or full access, added or removed. */
export interface GridChange {
  kind: 'cell' | 'own' | 'full';
  change: 'added' | 'removed';
  action?: GridAction;
  subject?: Subject;
  highRisk: boolean;
}

/** What a save changes: the cells, own-records limits and full access added and removed. */
export function gridDiff(before: PermissionGrid, after: PermissionGrid): GridChange[] {
  const out: GridChange[] = [];
  if (before.full !== after.full) out.push({ kind: 'full', change: after.full ? 'added' : 'removed', highRisk: true });
  const cellChange = (key: string, change: 'added' | 'removed') => {
    const [action, subject] = key.split(' ') as [GridAction, Subject];
    out.push({ kind: 'cell', change, action, subject, highRisk: isHighRisk(action, subject) });
  };
  for (const key of after.cells) if (!before.cells.includes(key)) cellChange(key, 'added');
  for (const key of before.cells) if (!after.cells.includes(key)) cellChange(key, 'removed');
  for (const subject of after.own) if (!before.own.includes(subject)) out.push({ kind: 'own', change: 'added', subject, highRisk: false });
  for (const subject of before.own) if (!after.own.includes(subject)) out.push({ kind: 'own', change: 'removed', subject, highRisk: false });
  return out;
}
