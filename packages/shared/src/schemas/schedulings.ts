import { timestampMs, utcTimestamp } from '../calendar';
import { text } from '../registries/fields';
import { defineTexts } from '../texts';
import { addKeyedIssue, keyed, z } from '../zod';
import { Cursor, DateOnly, Id, Limit, page, SearchText, SeenScope, Timestamp, Version } from './common';

/**
 * Schedulings (spec section 3 "Scheduling", section 4 "Scheduling status"; issue 15;
 * docs/schedulings.md): a visit, a call or an e-mail to a client on a date, done by one user (its
 * owner, the salesman), pending → active → completed, or cancelled. The same schemas validate the
 * API's input and the web's forms.
 */

export const SCHEDULING_STATUSES = ['pending', 'active', 'completed', 'cancelled'] as const;
export type SchedulingStatus = (typeof SCHEDULING_STATUSES)[number];

/** How the contact is made (the scheduling type's "type"): a visit asks where the user is; a call or an e-mail does not. */
export const CONTACT_MODES = ['visit', 'call', 'email'] as const;
export type ContactMode = (typeof CONTACT_MODES)[number];

/** The two lists: what is still to do (pending and active) and what is done (completed and cancelled). */
export const SCHEDULING_LISTS = ['pending', 'completed'] as const;
export type SchedulingList = (typeof SCHEDULING_LISTS)[number];
export const listOf = (status: SchedulingStatus): SchedulingList => (status === 'pending' || status === 'active' ? 'pending' : 'completed');

/** A fix older than this is refused where the company requires geolocation (issue 15). */
export const MAX_FIX_AGE_SECONDS = 120;

/**
 * An action a device queued offline (issue 45): its time may be at most this far ahead of the
 * server's clock (a device's clock a little fast) and at most this old when it arrives; a fix may
 * be taken at most `MAX_FIX_AGE_SECONDS` before the action and this long after it.
 */
export const MAX_OFFLINE_AHEAD_SECONDS = 300;
export const MAX_OFFLINE_AGE_DAYS = 7;
export const MAX_FIX_AFTER_ACTION_SECONDS = 60;

/** Most clients one "create several" makes schedulings for at once. */
export const MAX_SCHEDULINGS_AT_ONCE = 300;

export const SchedulingTexts = defineTexts('schedulings', {
  // Spec section 4 and 8: the cases are the spec's, the wording ours (docs/texts.md).
  notPending: 'Este agendamento não está mais pendente e não pode ser iniciado. A página foi atualizada.',
  alreadyClosed: 'Este agendamento já foi encerrado. A página foi atualizada.',
  closeError: 'Não foi possível encerrar o agendamento. Tente novamente e, se o erro persistir, entre em contato com o suporte.',
  notStarted: 'Inicie o agendamento antes de encerrá-lo.',
  anotherActive: 'Você já tem um agendamento em andamento ({{name}}). Encerre-o antes de iniciar outro.',
  imprecise: 'A localização veio com precisão de {{accuracy}} m, acima dos {{precision}} m que a empresa aceita. Tente de novo em um lugar aberto.',
  staleFix: 'A localização obtida tem mais de 2 minutos. Obtenha a localização de novo e tente outra vez.',
  notEditable: 'Só um agendamento pendente pode ser alterado.',
  notOwner: 'Só o responsável pelo agendamento pode iniciá-lo ou encerrá-lo.',
  ownerInvalid: 'Escolha um vendedor ativo da sua equipe.',
  clientMissing: 'Informe o cliente.',
  typeMissing: 'Informe o tipo de agendamento.',
  occurrenceMissing: 'Informe o tipo de ocorrência.',
  period: 'A data final deve ser igual ou posterior à inicial.',
  time: 'Informe a hora como HH:MM.',
  timeOrder: 'A hora final deve ser posterior à inicial.',
  status: 'Status inválido: use {{statuses}}.',
  list: 'Lista inválida: use pending ou completed.',
  noClients: 'Escolha ao menos um cliente.',
  tooManyClients: 'Escolha no máximo {{max}} clientes de uma vez.',
  perDay: 'Informe de 1 a 100 agendamentos por dia.',
  capacity: 'O período escolhido comporta {{capacity}} agendamentos; escolha mais dias ou mais por dia.',
  added: 'Agendamento adicionado com sucesso.',
  addedMany: '{{count}} agendamentos adicionados com sucesso.',
  started: 'Agendamento iniciado.',
  closed: 'Agendamento encerrado.',
  cancelled: 'Agendamento cancelado.',
  flagged: 'Check-in a {{distance}} do endereço principal do cliente.',
  addressWithoutGeolocation: 'O endereço principal do cliente não tem geolocalização: a distância do check-in não pôde ser medida.',
  outOfOrder: 'A empresa exige seguir a ordem do roteiro: conclua antes "{{name}}".',
  itineraryChanged: 'O roteiro mudou enquanto você o reordenava. A página foi atualizada; reordene de novo.',
  itineraryId: 'Roteiro inválido.',
  noStartPosition: 'Informe a posição atual para otimizar a partir dela.',
  offlineKey: 'A chave do registro offline deve ter de 8 a 100 letras, números, hífens ou sublinhados.',
  offlineAt: 'Informe a hora da ação no aparelho como aaaa-MM-dd HH:mm:ss (UTC).',
  deviceAhead: 'A hora do aparelho está adiantada: a ação chegou marcada {{minutes}} minutos à frente da hora do servidor (o limite é 5). Acerte a data e a hora do aparelho.',
  offlineTooOld: 'A ação foi registrada no aparelho há mais de 7 dias e não pode mais ser aceita.',
  closeBeforeStart: 'A hora do encerramento no aparelho é anterior à do início do agendamento.',
  fixBeforeAction: 'A localização foi obtida mais de 2 minutos antes da hora da ação no aparelho. Obtenha a localização de novo e tente outra vez.',
  fixAfterAction: 'A localização foi obtida mais de 1 minuto depois da hora da ação no aparelho: confira a data e a hora do aparelho.',
});
const T = SchedulingTexts;

/** "HH:MM", 00:00 to 23:59. */
const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: keyed(T.time()) });

const Observations = text('Observações', { max: 2000 }).input;

/** POST /schedulings. The owner is the user unless staff names a salesman. */
export const SchedulingCreate = z
  .object({
    clientId: Id.nullish().transform((v) => v ?? null),
    typeId: Id.nullish().transform((v) => v ?? null),
    date: DateOnly,
    scheduledStart: Time.nullish().transform((v) => v ?? null),
    scheduledEnd: Time.nullish().transform((v) => v ?? null),
    /** Whose scheduling it is (the one who visits): the user when absent. */
    salesmanId: Id.nullish().transform((v) => v ?? null),
    observations: Observations,
  })
  .superRefine((s, ctx) => {
    if (!s.clientId) addKeyedIssue(ctx, ['clientId'], T.clientMissing());
    if (!s.typeId) addKeyedIssue(ctx, ['typeId'], T.typeMissing());
    if (s.scheduledStart && s.scheduledEnd && s.scheduledEnd <= s.scheduledStart) addKeyedIssue(ctx, ['scheduledEnd'], T.timeOrder());
  });
export type SchedulingInput = z.output<typeof SchedulingCreate>;

/** PUT /schedulings/{id}: a pending one, over the version read. */
export const SchedulingUpdate = SchedulingCreate.and(z.object({ version: Version }));

/**
 * Where the browser says the user is (the Geolocation API's coordinates and the fix's own time):
 * degrees, metres, metres a second; positions, not money, so plain numbers.
 */
export const GeoFix = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(1_000_000),
  heading: z.number().min(0).max(360).nullish().transform((v) => v ?? null),
  speed: z.number().min(0).max(1000).nullish().transform((v) => v ?? null),
  altitude: z.number().min(-1000).max(100_000).nullish().transform((v) => v ?? null),
  altitudeAccuracy: z.number().min(0).max(1_000_000).nullish().transform((v) => v ?? null),
  /** When the device took the fix (ms since the epoch, the Geolocation API's `timestamp`). */
  takenAt: z.number().int().min(0),
});
export type GeoFix = z.output<typeof GeoFix>;

/**
 * An action taken without signal and sent later (issue 45): the idempotency key the device queued it
 * under (a replay with the same key answers the scheduling as it is) and the device's time of the
 * action (UTC), which the check-in's rules are judged on instead of the upload's.
 */
export const OfflineAction = z.object({
  key: z.string({ error: keyed(T.offlineKey()) }).regex(/^[A-Za-z0-9_-]{8,100}$/, { error: keyed(T.offlineKey()) }),
  at: z
    .string({ error: keyed(T.offlineAt()) })
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { error: keyed(T.offlineAt()) })
    // A real instant (not 2026-02-30 25:00:00): written back the same.
    .refine((v) => Number.isFinite(timestampMs(v)) && utcTimestamp(timestampMs(v)) === v, { error: keyed(T.offlineAt()) }),
});
export type OfflineAction = z.output<typeof OfflineAction>;

/** POST /schedulings/{id}/start. */
export const SchedulingStart = z.object({
  version: Version,
  /** Absent: the browser gave none (denied, failed, a call). */
  position: GeoFix.nullish().transform((v) => v ?? null),
  /** Absent: taken now, online. */
  offline: OfflineAction.nullish().transform((v) => v ?? null),
});

/** POST /schedulings/{id}/close. */
export const SchedulingClose = z
  .object({
    version: Version,
    occurrenceTypeId: Id.nullish().transform((v) => v ?? null),
    closingObservations: text('Observações de encerramento', { max: 2000 }).input,
    position: GeoFix.nullish().transform((v) => v ?? null),
    /** The client's next contact (the type's estimated date suggests it); absent: left as it is. */
    nextContactDate: DateOnly.nullish().transform((v) => v ?? null),
    /** Absent: closed now, online. */
    offline: OfflineAction.nullish().transform((v) => v ?? null),
  })
  .superRefine((s, ctx) => {
    if (!s.occurrenceTypeId) addKeyedIssue(ctx, ['occurrenceTypeId'], T.occurrenceMissing());
  });

/** POST /schedulings/{id}/cancel. */
export const SchedulingCancel = z.object({ version: Version });

/** What a check-in recorded: the fix, the browser, and how far from the client's main address. */
export const CheckIn = z.object({
  /** When it happened: the server's time online, the device's time of the action offline. */
  at: Timestamp,
  position: GeoFix.nullable(),
  userAgent: z.string().max(500).nullable(),
  /** Metres from the client's main address; null when either has no coordinates. */
  distance: z.number().nullable(),
  /** Made offline: the key the device queued it under and when the server received it (null: online; stored before issue 45: absent). */
  offline: z
    .object({ key: z.string(), receivedAt: Timestamp })
    .nullish()
    .transform((v) => v ?? null),
});
export type CheckIn = z.output<typeof CheckIn>;

export const Scheduling = z.object({
  id: Id,
  name: z.string(),
  date: DateOnly,
  scheduledStart: z.string().nullable(),
  scheduledEnd: z.string().nullable(),
  status: z.enum(SCHEDULING_STATUSES),
  clientId: Id,
  clientName: z.string(),
  city: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  routeId: Id.nullable(),
  salesmanId: Id,
  salesmanName: z.string().nullable(),
  typeId: Id,
  typeName: z.string(),
  contactMode: z.enum(CONTACT_MODES),
  occurrenceTypeId: Id.nullable(),
  occurrenceTypeName: z.string().nullable(),
  observations: z.string().nullable(),
  closingObservations: z.string().nullable(),
  start: CheckIn.nullable(),
  end: CheckIn.nullable(),
  /** Seconds from start to close. */
  duration: z.number().int().nullable(),
  /** The start was farther from the client's main address than the company's tolerance. */
  flagged: z.boolean(),
  /** The place in the owner's day (its itinerary), 1 first; null until ordered. */
  sequence: z.number().int().nullable(),
  /** The place on the way back (the day run from its last stop to its first): n + 1 − sequence; null until ordered. */
  returnSequence: z.number().int().nullable(),
  createdBy: Id,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Scheduling = z.output<typeof Scheduling>;

/** GET /schedulings/{id}: the scheduling and, while it is not closed, the client's next contact its type suggests. */
export const SchedulingDetail = Scheduling.extend({
  /** The type's estimated date when it is today or later: what the close proposes as the client's next contact. */
  suggestedNextContact: DateOnly.nullable(),
});
export type SchedulingDetail = z.output<typeof SchedulingDetail>;

export const SchedulingSummary = Scheduling.pick({
  id: true,
  name: true,
  date: true,
  scheduledStart: true,
  status: true,
  clientId: true,
  clientName: true,
  city: true,
  neighbourhood: true,
  routeId: true,
  salesmanId: true,
  salesmanName: true,
  typeId: true,
  typeName: true,
  contactMode: true,
  flagged: true,
  sequence: true,
  returnSequence: true,
  updatedAt: true,
});
export type SchedulingSummary = z.output<typeof SchedulingSummary>;

export const SchedulingsListQuery = z
  .object({
    list: z.enum(SCHEDULING_LISTS, { error: keyed(T.list()) }).default('pending'),
    status: z.enum(SCHEDULING_STATUSES, { error: keyed(T.status({ statuses: SCHEDULING_STATUSES.join(', ') })) }).optional(),
    from: DateOnly.optional(),
    until: DateOnly.optional(),
    typeId: Id.optional(),
    clientId: Id.optional(),
    salesmanId: Id.optional(),
    routeId: Id.optional(),
    city: SearchText.optional(),
    neighbourhood: SearchText.optional(),
    flagged: z.enum(['true', 'false']).optional(),
    q: SearchText.optional(),
    cursor: Cursor.optional(),
    limit: Limit,
  })
  .superRefine((q, ctx) => {
    if (q.from && q.until && q.from > q.until) addKeyedIssue(ctx, ['until'], T.period());
  });

export const SchedulingsPage = page(SchedulingSummary).extend({ scope: SeenScope });

/** POST /schedulings/many: one scheduling per chosen client, dates spread as asked. */
export const SchedulingCreateMany = z
  .object({
    clientIds: z.array(Id).max(MAX_SCHEDULINGS_AT_ONCE, { error: keyed(T.tooManyClients({ max: MAX_SCHEDULINGS_AT_ONCE })) }),
    typeId: Id.nullish().transform((v) => v ?? null),
    salesmanId: Id.nullish().transform((v) => v ?? null),
    observations: Observations,
    plan: z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('day'), date: DateOnly }),
      z.object({
        mode: z.literal('perDay'),
        from: DateOnly,
        until: DateOnly,
        perDay: z.number({ error: keyed(T.perDay()) }).int({ error: keyed(T.perDay()) }).min(1, { error: keyed(T.perDay()) }).max(100, { error: keyed(T.perDay()) }),
        skipWeekends: z.boolean().default(true),
      }),
    ]),
  })
  .superRefine((s, ctx) => {
    if (!s.clientIds.length) addKeyedIssue(ctx, ['clientIds'], T.noClients());
    if (!s.typeId) addKeyedIssue(ctx, ['typeId'], T.typeMissing());
    if (s.plan.mode === 'perDay' && s.plan.from > s.plan.until) addKeyedIssue(ctx, ['plan', 'until'], T.period());
  });

export const SchedulingsCreated = z.object({ items: z.array(Scheduling) });

// ── Itineraries: an owner's day of schedulings, in sequence (spec section 2 and 4; issue 15) ─────

/** An itinerary is one owner's day: its id is the date and the owner, "2026-11-27_<user id>". */
export const ItineraryId = z.string().regex(/^\d{4}-\d{2}-\d{2}_[0-9a-f-]{36}$/i, { error: keyed(T.itineraryId()) });
export const itineraryId = (date: string, salesmanId: string) => `${date}_${salesmanId}`;
export function parseItineraryId(id: string): { date: string; salesmanId: string } {
  return { date: id.slice(0, 10), salesmanId: id.slice(11) };
}
export const ItineraryParams = z.object({ id: ItineraryId });

/** GET /schedulings/itineraries: the day's itineraries in the user's scope (today by default). */
export const ItinerariesQuery = z.object({
  date: DateOnly.optional(),
  salesmanId: Id.optional(),
});

export const ItinerarySummary = z.object({
  id: z.string(),
  date: DateOnly,
  salesmanId: Id,
  salesmanName: z.string().nullable(),
  /** Schedulings of the day not cancelled. */
  stops: z.number().int(),
  completed: z.number().int(),
  flagged: z.number().int(),
  /** The first stop's client, the last's (in sequence). */
  first: z.string().nullable(),
  last: z.string().nullable(),
});
export type ItinerarySummary = z.output<typeof ItinerarySummary>;

export const ItinerariesDay = z.object({ date: DateOnly, items: z.array(ItinerarySummary), scope: SeenScope });

/** A stop: the scheduling's summary, where it is (null: the address has no geolocation) and its address line. */
export const ItineraryStop = SchedulingSummary.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address: z.string().nullable(),
  /** Metres of the start's check-in from the client (a visit under way or done). */
  distance: z.number().nullable(),
});
export type ItineraryStop = z.output<typeof ItineraryStop>;

export const Itinerary = z.object({
  id: z.string(),
  date: DateOnly,
  salesmanId: Id,
  salesmanName: z.string().nullable(),
  /** The company's rule: a stop starts only when the ones before it are done. */
  strictOrder: z.boolean(),
  /** The stops in sequence (cancelled ones left out: see `cancelled`). */
  stops: z.array(ItineraryStop),
  cancelled: z.array(SchedulingSummary),
  /** The company's point (its map settings' latitude and longitude), a start the optimiser offers. */
  companyPoint: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /** How the map dialog draws: the company's zoom, and its maps token (a browser key of MapTiler; null: a plain background). */
  map: z.object({ zoom: z.number().int(), token: z.string().nullable() }),
});
export type Itinerary = z.output<typeof Itinerary>;

/** PUT /schedulings/itineraries/{id}/order: every stop of the day (not cancelled), in the new order. */
export const ItineraryOrder = z.object({ order: z.array(Id).min(1).max(500) });

export const START_POINTS = ['first', 'company', 'position'] as const;
export type StartPoint = (typeof START_POINTS)[number];

/** POST /schedulings/itineraries/{id}/optimise: a proposal, applied only when the user saves its order. */
export const ItineraryOptimise = z
  .object({
    from: z.enum(START_POINTS).default('first'),
    position: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).nullish().transform((v) => v ?? null),
  })
  .superRefine((s, ctx) => {
    if (s.from === 'position' && !s.position) addKeyedIssue(ctx, ['position'], T.noStartPosition());
  });

export const ItineraryProposal = z.object({
  /** Every stop, the located ones in the optimised order, then those without geolocation as they were. */
  order: z.array(Id),
  /** Metres over the located stops, from the start: the current order and the proposed one (never longer). */
  before: z.number(),
  after: z.number(),
  start: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /** Stops whose address has no geolocation: kept at the end, in their order. */
  unlocated: z.array(Id),
});
export type ItineraryProposal = z.output<typeof ItineraryProposal>;
