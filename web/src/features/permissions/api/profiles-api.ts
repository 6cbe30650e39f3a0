import type { Profile, ProfileCreate, ProfileUpdate } from '@ev/shared/schemas/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The permissions screen's requests: the company's profiles (a handful: one page) and their writes. */
export const profilesQueryOptions = () =>
  queryOptions({
    queryKey: ['profiles', 'list'] as const,
    queryFn: ({ signal }) => api<{ items: Profile[]; nextCursor: string | null }>('/profiles', { query: { limit: 100 }, signal }),
  });

export const useProfiles = () => useQuery(profilesQueryOptions());

export const createProfile = (body: ProfileCreate) => api<Profile>('/profiles', { method: 'POST', body });
export const copyProfile = (id: string, name: string) => api<Profile>(`/profiles/${encodeURIComponent(id)}/copy`, { method: 'POST', body: { name } });
export const updateProfile = (id: string, body: ProfileUpdate) => api<Profile>(`/profiles/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const setProfileActive = (id: string, active: boolean, version: number) =>
  api<Profile>(`/profiles/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`, { method: 'POST', body: { version } });
