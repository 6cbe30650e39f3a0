import { ApiTexts } from './messages';
import { SUBJECTS } from './permissions';
import { RegistryTexts } from './registries/definition';
import { BearerTexts } from './registries/bearers';
import { FieldTexts } from './registries/fields';
import { REGISTRIES } from './registries/index';
import { PriceTableTexts } from './registries/price-tables';
import { CampaignTexts } from './registries/campaigns';
import { AdminTexts } from './schemas/admin';
import { AiTexts } from './schemas/ai';
import { ClientTexts } from './schemas/clients';
import { CompanyTexts } from './schemas/settings';
import { FinancialTexts } from './schemas/financial';
import { LoyaltyTexts } from './schemas/loyalty';
import { InventoryTexts } from './schemas/inventory';
import { JobsTexts } from './schemas/jobs';
import { MessageTexts } from './schemas/messages';
import { LogTexts } from './schemas/logs';
import { ManagementTexts } from './schemas/management';
import { ProfileTexts } from './schemas/profiles';
import { PriceTexts } from './schemas/prices';
import { ProductTexts } from './schemas/products';
import { SaleStatusTexts, SaleTexts } from './schemas/sales';
import { DeliveryTexts } from './schemas/sales-delivery';
import { SchedulingTexts } from './schemas/schedulings';
import { OfflineTexts } from './schemas/offline';
import { StoreTexts } from './schemas/store';
import { UserTexts } from './schemas/users';
import { CommonTexts } from './schemas/common';
import { GeolocationTexts } from './geolocation';
import { templatesOf, type Templates } from './texts';
import { FieldLabels } from './field-labels';
import { ZodTexts } from './zod-issues';

/**
 * Every keyed text of the shared code, key → Portuguese template (docs/texts.md): the catalogues
 * made with `defineTexts`, every registry declaration's labels, titles, options, hints and
 * messages, and the subjects' labels. The web reads it as its Portuguese `messages` namespace; the English one
 * (`web/src/locales/en/messages.json`) must hold exactly the same keys (a test checks it).
 */
export const CATALOGUES = [
  ApiTexts,
  CommonTexts,
  FieldTexts,
  RegistryTexts,
  BearerTexts,
  PriceTableTexts,
  CampaignTexts,
  ClientTexts,
  FinancialTexts,
  LoyaltyTexts,
  ProductTexts,
  PriceTexts,
  InventoryTexts,
  JobsTexts,
  SaleTexts,
  SaleStatusTexts,
  DeliveryTexts,
  SchedulingTexts,
  StoreTexts,
  OfflineTexts,
  GeolocationTexts,
  ManagementTexts,
  UserTexts,
  ProfileTexts,
  LogTexts,
  CompanyTexts,
  MessageTexts,
  AiTexts,
  AdminTexts,
  ZodTexts,
  FieldLabels,
] as const;

export function portugueseTexts(): Templates {
  const all: Record<string, string> = {};
  for (const texts of CATALOGUES) Object.assign(all, templatesOf(texts));
  for (const def of REGISTRIES) Object.assign(all, def.texts);
  // The subjects' labels (the modules of the access control), keyed by subject.
  for (const [subject, { label }] of Object.entries(SUBJECTS)) all[`subjects.${subject}`] = label;
  return all;
}

/** A flat catalogue as i18next's nested resources ('a.b.c' → { a: { b: { c } } }). */
export function nested(flat: Templates): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = value;
  }
  return out;
}
