import { TRANSPORT_COSTING_CODES } from '@ev/shared/schemas/settings';
import type { BranchCreate, CompanyUpdate } from '@ev/shared/schemas/company';
import { UFS } from '@ev/shared/ie';
import { i18n } from '@/lib/i18n';
import { toBody, toFormValues, type FormValues, type SchemaFieldMap } from '@/lib/form-map';

/**
 * How the company's form holds each field of the shared schema (`CompanyUpdate`) and each setting,
 * and how they go back into the body (docs/web-kit.md, "Field maps").
 */
const bools = <K extends string>(...keys: K[]) => Object.fromEntries(keys.map((k) => [k, 'bool'])) as { readonly [N in K]: 'bool' };

export const COMPANY_FIELDS = {
  name: 'text!',
  nickname: 'text',
  document: 'document',
  observations: { object: { invoice: 'text', sale: 'text', receivables: 'text', serviceOrder: 'text' } },
  taxRegime: 'option',
  settings: {
    object: {
      customers: {
        object: {
          showPendingTitlesAndCredits: 'bool',
          socialNetworks: 'words',
          required: { object: bools('nickname', 'birthDate', 'segment', 'region', 'route', 'stateRegistration', 'idDocument', 'contact', 'referenceName', 'referencePhone') },
          initialStatus: 'option',
          blockRepeatedPhone: 'bool',
        },
      },
      map: { object: { latitude: 'float', longitude: 'float', defaultState: 'option', zoom: 'int', mapsToken: 'text!' } },
      sales: {
        object: {
          ...bools(
            'itemDiscounts',
            'orderDiscounts',
            'showCompanies',
            'printEnabled',
            'checkStock',
            'checkCustomerRegistration',
            'enableNegotiations',
            'enableCampaigns',
            'campaignRequired',
            'blockPayment',
            'autoLoadNegotiations',
            'blockPriceChange',
            'transportRequired',
            'geolocationEnabled',
            'geolocationRequired',
            'suggestProducts',
          ),
          printColumns: 'int',
          defaultTransportCosting: 'int',
          geolocationPrecision: 'int',
        },
      },
      scheduling: { object: { strictOrder: 'bool', geolocationRequired: 'bool', minimumPrecision: 'int', checkInTolerance: 'int' } },
      address: { object: bools('neighbourhoodRequired', 'postalCodeRequired') },
      further: {
        object: {
          ...bools('cashback', 'points', 'tablePrice', 'lastPrice', 'showFutureReceivables', 'passwordAuthorization', 'selfCheckout', 'useOriginalSalesman'),
          cashbackPercent: 'decimal',
          pointsPerReal: 'int',
          pointValue: 'decimal',
          inactivityDays: 'int',
          pointsExpiryDays: 'int',
          virtualStoreProductLimit: 'int',
          storeSlug: 'text!',
          storeApproval: 'bool',
          storePixMinutes: 'int',
        },
      },
    },
  },
} as const satisfies SchemaFieldMap<Omit<CompanyUpdate, 'version'>>;

export type CompanyValues = FormValues<typeof COMPANY_FIELDS>;
export const companyValues = (record: Record<string, unknown>) => toFormValues(COMPANY_FIELDS, record);
export const companyBody = (values: CompanyValues) => toBody(COMPANY_FIELDS, values);

/**
 * One setting as the screen shows it: a switch, a whole number, a coordinate (`float`), a decimal
 * (a rate, money: typed with a comma, kept as the API's decimal string), a text, a list of names
 * or a choice.
 */
export interface SettingControl {
  key: string;
  kind: 'switch' | 'int' | 'float' | 'decimal' | 'text' | 'words' | 'select';
  options?: readonly { value: string; label?: string; labelKey?: string }[];
  maxLength?: number;
}
export interface SettingsGroup {
  id: 'customers' | 'map' | 'sales' | 'scheduling' | 'address' | 'further';
  controls: SettingControl[];
  /** The customers' required fields, a block of their own. */
  required?: SettingControl[];
}

const switches = (...keys: string[]): SettingControl[] => keys.map((key) => ({ key, kind: 'switch' }));

/** The spec's section 3 groups, in its order, each setting with its control. */
export const SETTINGS_GROUPS: SettingsGroup[] = [
  {
    id: 'customers',
    controls: [
      { key: 'blockRepeatedPhone', kind: 'switch' },
      { key: 'showPendingTitlesAndCredits', kind: 'switch' },
      { key: 'initialStatus', kind: 'select', options: [{ value: 'A', labelKey: 'settings.customers.statuses.A' }, { value: 'I', labelKey: 'settings.customers.statuses.I' }] },
      { key: 'socialNetworks', kind: 'words', maxLength: 450 },
    ],
    required: switches('nickname', 'birthDate', 'segment', 'region', 'route', 'stateRegistration', 'idDocument', 'contact', 'referenceName', 'referencePhone'),
  },
  {
    id: 'map',
    controls: [
      { key: 'latitude', kind: 'float', maxLength: 20 },
      { key: 'longitude', kind: 'float', maxLength: 20 },
      { key: 'defaultState', kind: 'select', options: UFS.map((uf) => ({ value: uf, label: uf })) },
      { key: 'zoom', kind: 'int', maxLength: 2 },
      { key: 'mapsToken', kind: 'text', maxLength: 500 },
    ],
  },
  {
    id: 'sales',
    controls: [
      ...switches('itemDiscounts', 'orderDiscounts', 'showCompanies', 'checkStock', 'checkCustomerRegistration', 'enableNegotiations', 'autoLoadNegotiations', 'blockPriceChange', 'blockPayment', 'transportRequired'),
      { key: 'defaultTransportCosting', kind: 'select', options: TRANSPORT_COSTING_CODES.map((c) => ({ value: String(c), labelKey: `settings.sales.costings.${c}` })) },
      ...switches('enableCampaigns', 'campaignRequired', 'printEnabled'),
      { key: 'printColumns', kind: 'int', maxLength: 3 },
      ...switches('geolocationEnabled', 'geolocationRequired'),
      { key: 'geolocationPrecision', kind: 'int', maxLength: 6 },
      ...switches('suggestProducts'),
    ],
  },
  {
    id: 'scheduling',
    controls: [...switches('strictOrder', 'geolocationRequired'), { key: 'minimumPrecision', kind: 'int', maxLength: 6 }, { key: 'checkInTolerance', kind: 'int', maxLength: 6 }],
  },
  { id: 'address', controls: switches('neighbourhoodRequired', 'postalCodeRequired') },
  {
    id: 'further',
    controls: [
      // Loyalty (docs/loyalty.md): each switch beside its rate, two by two on a wide screen.
      { key: 'cashback', kind: 'switch' },
      { key: 'cashbackPercent', kind: 'decimal', maxLength: 6 },
      { key: 'points', kind: 'switch' },
      { key: 'pointsPerReal', kind: 'int', maxLength: 4 },
      { key: 'pointValue', kind: 'decimal', maxLength: 9 },
      { key: 'pointsExpiryDays', kind: 'int', maxLength: 4 },
      ...switches('tablePrice', 'lastPrice', 'showFutureReceivables', 'passwordAuthorization', 'selfCheckout', 'useOriginalSalesman'),
      { key: 'inactivityDays', kind: 'int', maxLength: 4 },
      { key: 'virtualStoreProductLimit', kind: 'int', maxLength: 6 },
      { key: 'storeSlug', kind: 'text', maxLength: 40 },
      { key: 'storeApproval', kind: 'switch' },
      { key: 'storePixMinutes', kind: 'int', maxLength: 4 },
    ],
  },
];

/** The form path of a setting (`settings.customers.required.nickname`); its texts are under the same key in `company`. */
export const settingPath = (group: string, key: string, required = false) => `settings.${group}.${required ? 'required.' : ''}${key}`;

/** The key (in `company`) of a field's label, by its path in the body (a list's position dropped). */
const labelKey = (path: string) => {
  const clean = path.replace(/\.\d+$/, '');
  return clean.startsWith('settings.') ? `${clean}.label` : `fields.${clean}`;
};

/** A field's label in the current language, by its path in the body (the messages name it). */
export function companyLabel(path: string): string | undefined {
  const key = `company:${labelKey(path)}`;
  return i18n.exists(key) ? i18n.t(key) : undefined;
}

/** Every field and setting the company's history may name, with its label (`t` of the `company` namespace). */
export function companyHistoryLabels(t: (key: string) => string): Record<string, string> {
  const paths = ['name', 'nickname', 'document', 'taxRegime', 'observations.invoice', 'observations.sale', 'observations.receivables', 'observations.serviceOrder'];
  for (const group of SETTINGS_GROUPS) {
    paths.push(...group.controls.map((c) => settingPath(group.id, c.key)), ...(group.required ?? []).map((c) => settingPath(group.id, c.key, true)));
  }
  return Object.fromEntries(paths.map((p) => [p, t(labelKey(p))]));
}

// ── Branches ────────────────────────────────────────────────────────────────────────────────────

export const BRANCH_FIELDS = {
  name: 'text!',
  nickname: 'text',
  header: 'text',
  decimals: 'int',
  issuesSales: 'bool',
  consignmentDays: 'int',
  consignmentDiscount: 'decimal',
} as const satisfies SchemaFieldMap<BranchCreate>;

export type BranchValues = FormValues<typeof BRANCH_FIELDS>;
export const branchValues = (record: Record<string, unknown> | null) =>
  toFormValues(BRANCH_FIELDS, record ?? { decimals: 2, issuesSales: true, consignmentDays: 0, consignmentDiscount: '0' });
export const branchBody = (values: BranchValues) => toBody(BRANCH_FIELDS, values);
export const branchLabel = (path: string) => {
  const key = `company:branches.fields.${path}`;
  return i18n.exists(key) ? i18n.t(key) : undefined;
};
export const BRANCH_HISTORY_FIELDS = Object.keys(BRANCH_FIELDS).concat('active');
