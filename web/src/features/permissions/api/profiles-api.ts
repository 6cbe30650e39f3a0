import type { Profile, ProfileCreate, ProfileUpdate } from '@ev/shared/schemas/profiles';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { profileKeys } from '@/lib/queries/profiles';
import { resourceChanged } from '@/lib/queries/resource';
import { session } from '@/lib/session';

/**
 * The permissions screen's requests: the company's profiles (one definition in lib/queries, shared
 * with the users' screen) and their writes.
 */
export { profileKeys, useProfiles } from '@/lib/queries/profiles';

/** After a profile's write: every screen's profiles read again (the list, the users' filter and names, the history). */
export const profilesChanged = (qc: QueryClient) => resourceChanged(qc, profileKeys);

export const createProfile = (body: ProfileCreate) => api<Profile>('/profiles', { method: 'POST', body });
export const copyProfile = (id: string, name: string) => api<Profile>(`/profiles/${encodeURIComponent(id)}/copy`, { method: 'POST', body: { name } });
// A profile's rules may be the session's own abilities: a read of the session overlapping the save must not bring back the old ones.
export const updateProfile = (id: string, body: ProfileUpdate) => session.ownWrite(() => api<Profile>(`/profiles/${encodeURIComponent(id)}`, { method: 'PUT', body }));
export const setProfileActive = (id: string, active: boolean, version: number) =>
  api<Profile>(`/profiles/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`, { method: 'POST', body: { version } });
