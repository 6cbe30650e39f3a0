import { z } from '../zod';

const S = (value: boolean) => z.boolean().default(value);

/**
 * Company settings with the spec's defaults (section 3). Values the spec does not show are ours,
 * listed in docs/decisions.md.
 */
export const CompanySettings = z.object({
  customers: z
    .object({
      showPendingTitlesAndCredits: S(false),
      socialNetworks: z.array(z.string().max(40)).max(10).default(['instagram', 'facebook']),
      required: z
        .object({
          nickname: S(false),
          birthDate: S(true),
          segment: S(false),
          region: S(false),
          route: S(false),
          stateRegistration: S(false),
          idDocument: S(false),
          contact: S(false),
          referenceName: S(false),
          referencePhone: S(false),
        })
        .prefault({}),
      initialStatus: z.enum(['A', 'I']).default('A'),
      blockRepeatedPhone: S(false),
    })
    .prefault({}),
  map: z
    .object({
      latitude: z.number().min(-90).max(90).default(-22.264),
      longitude: z.number().min(-180).max(180).default(-48.74),
      defaultState: z.string().length(2).default('SP'),
      zoom: z.number().int().min(0).max(22).default(15),
      mapsToken: z.string().max(500).default(''),
    })
    .prefault({}),
  sales: z
    .object({
      itemDiscounts: S(true),
      orderDiscounts: S(true),
      showCompanies: S(true),
      printColumns: z.number().int().min(20).max(300).default(80),
      printEnabled: S(true),
      checkStock: S(true),
      checkCustomerRegistration: S(true),
      enableNegotiations: S(true),
      enableCampaigns: S(true),
      campaignRequired: S(true),
      blockPayment: S(true),
      autoLoadNegotiations: S(true),
      blockPriceChange: S(true),
      transportRequired: S(true),
      defaultTransportCosting: z.number().int().min(0).max(9).default(1),
      geolocationEnabled: S(true),
      geolocationPrecision: z.number().int().min(1).max(100000).default(500),
      suggestProducts: S(false),
    })
    .prefault({}),
  scheduling: z
    .object({
      strictOrder: S(false),
      geolocationRequired: S(false),
      minimumPrecision: z.number().int().min(1).max(100000).default(500),
    })
    .prefault({}),
  address: z
    .object({
      neighbourhoodRequired: S(false),
      postalCodeRequired: S(false),
    })
    .prefault({}),
  further: z
    .object({
      cashback: S(false),
      points: S(false),
      tablePrice: S(false),
      lastPrice: S(false),
      showFutureReceivables: S(false),
      passwordAuthorization: S(false),
      selfCheckout: S(false),
      useOriginalSalesman: S(false),
      inactivityDays: z.number().int().min(1).max(3650).default(90),
      pointsExpiryDays: z.number().int().min(1).max(3650).default(365),
      virtualStoreProductLimit: z.number().int().min(1).max(100000).default(500),
    })
    .prefault({}),
});
export type CompanySettings = z.infer<typeof CompanySettings>;

export function defaultSettings(): CompanySettings {
  return CompanySettings.parse({});
}
