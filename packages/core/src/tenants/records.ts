import type { AbilityRule } from '@ev/shared/permissions';
import type { CompanySettings } from '@ev/shared/schemas/settings';

/** The items of a company's configuration partition, as stored. */
export interface TenantRecord {
  id: string;
  name: string;
  nickname: string | null;
  /** CPF or CNPJ, with its mask; null until the administrator fills it (older records lack it). */
  document?: string | null;
  group: string | null;
  module: string | null;
  observations: { serviceOrder: string | null; invoice: string | null; sale: string | null; receivables: string | null };
  taxRegime: string | null;
  timezone: string;
  settings: CompanySettings;
  active: boolean;
  /** The platform's fields (the operator's area, docs/admin.md); absent on companies opened before them. */
  stateRegistration?: string | null;
  phones?: string[];
  email?: string | null;
  taxDataVersion?: string | null;
  /** The digital certificate's expiry (`yyyy-MM-dd`), warned 30 days before. */
  taxDataExpiry?: string | null;
  /** Percent, a 2-place decimal string. */
  issRate?: string | null;
  /** The e-mail of the administrator the company was opened with. */
  adminEmail?: string | null;
  /** When an operator suspended it (null while active). */
  suspendedAt?: string | null;
  /** When its data will be erased (an operator asked for it; null: none), and who asked. */
  erasureAt?: string | null;
  erasureRequestedBy?: { id: string; name: string } | null;
  /** Demo data an operator asked for when opening it: being written, written, or failed. */
  demoData?: 'queued' | 'done' | 'failed' | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface BranchRecord {
  id: string;
  name: string;
  nickname: string | null;
  header: string | null;
  decimals: number;
  issuesSales: boolean;
  consignmentDays: number;
  /** Decimal string, percent. */
  consignmentDiscount: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ProfileRecord {
  id: string;
  name: string;
  preset: string | null;
  active: boolean;
  /** Authorizer of financial release (spec section 6): moves a sale to paid. The administrator preset is one. */
  financialReleaseAuthorizer?: boolean;
  rules: AbilityRule[];
  /** The rules' version (`RULES_VERSION`); absent on a profile stored before the sales' moves were abilities, read upgraded. */
  rulesVersion?: number;
  createdAt: string;
  updatedAt: string;
  version: number;
  refCount?: number;
}
