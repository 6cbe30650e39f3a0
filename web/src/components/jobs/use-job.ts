import { useQuery } from '@tanstack/react-query';
import { isActive, jobKey, JobsApi, POLL_MS } from './jobs-api';

/**
 * A job's status, polled every second while it is queued or running (then it stops): the progress
 * bar and the result of an export or import read it.
 */
export function useJob(id: string | null | undefined) {
  return useQuery({
    queryKey: jobKey(id ?? 'none'),
    queryFn: ({ signal }) => JobsApi.get(id!, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => (isActive(query.state.data) ? POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}
