import type { Profile } from '@ev/shared/schemas/profiles';
import { useQuery } from '@tanstack/react-query';
import { resourceChoicesOptions, resourceKeys } from './resource';

/** The company's profiles (a handful: one page of 100), one definition for the permissions screen and the users' screen. */
export const profileKeys = resourceKeys('profiles');

export const profilesOptions = () => resourceChoicesOptions<Profile>('profiles');

export const useProfiles = () => useQuery(profilesOptions());
