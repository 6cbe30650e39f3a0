import { z } from '../zod';
import { AbilityRuleSchema } from './auth';
import { Id, ListQuery, Timestamp } from './common';

export const Profile = z.object({
  id: Id,
  name: z.string().max(80),
  preset: z.string().max(40).nullable(),
  active: z.boolean(),
  rules: z.array(AbilityRuleSchema).max(500),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfilesListQuery = ListQuery;
