import type { Branch } from '@ev/shared/schemas/company';
import { useQuery } from '@tanstack/react-query';
import { resourceChoicesOptions, resourceKeys } from './resource';

/** The company's branches (result centers: one page of 100), one definition for the company's screen and the users' screen. */
export const branchKeys = resourceKeys('branches');

export const branchesOptions = () => resourceChoicesOptions<Branch>('branches');

export const useBranches = () => useQuery(branchesOptions());
