import { z } from '../zod';
import { AbilityRuleSchema } from './auth';
import { Id, ListQuery, Timestamp } from './common';

export const Profile = z.object({
  id: Id,
  name: z.string().max(80),
  preset: z.string().max(40).nullable(),
  active: z.boolean(),
  /** Authorizer of financial release (spec section 6): moves a sale to paid. */
  financialReleaseAuthorizer: z.boolean().optional(),
  rules: z.array(AbilityRuleSchema).max(500),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfilesListQuery = ListQuery;
