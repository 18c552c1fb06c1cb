/**
 * One admin action: the panel changes at once, a 'Success' toast follows the server's answer, and a
 * refusal puts everything back with an 'Error' toast that says why (the server's message for a rule
 * it refused, e.g. "you cannot ban yourself", else the action's own failure text, such as
 * 'Failed to ban user.'). Afterwards the summary, the moderation log and the story histories
 * refetch, and so do the member-facing screens the action changed.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { toast } from '#web/hooks/use-toast.ts';
import { isUnauthorized } from '#web/lib/api-client.ts';
import { errorMessage, errorStatus } from '#web/lib/error-message.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

export interface AdminActionSpec<V, A> {
  run: (variables: V) => Promise<A>;
  /** How the cached lists look once it is done, applied before the server answers. */
  apply: (queryClient: QueryClient, variables: V) => void;
  /** Anything the server's answer adds (e.g. the user as it now is). */
  settle?: (queryClient: QueryClient, answer: A, variables: V) => void;
  done: (variables: V) => string;
  failed: (variables: V) => string;
}

function failureText(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  return status !== undefined && status < 500 ? errorMessage(error, fallback) : fallback;
}

export function useAdminAction<V, A>(spec: AdminActionSpec<V, A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: spec.run,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.all });
      const before = queryClient.getQueriesData({ queryKey: adminKeys.all });
      spec.apply(queryClient, variables);
      return { before };
    },
    onSuccess: (answer, variables) => {
      spec.settle?.(queryClient, answer, variables);
      toast({ title: 'Success', description: spec.done(variables) });
    },
    onError: (error, variables, context) => {
      for (const [queryKey, data] of context?.before ?? [])
        queryClient.setQueryData(queryKey, data);
      if (isUnauthorized(error)) return;
      toast({
        title: 'Error',
        description: failureText(error, spec.failed(variables)),
        variant: 'destructive',
      });
    },
    onSettled: () => {
      for (const queryKey of [
        adminKeys.summary(),
        adminKeys.logAll(),
        adminKeys.historyAll(),
        adminKeys.memberHistoryAll(),
      ])
        void queryClient.invalidateQueries({ queryKey });
      // The feed, a story's screen, the dashboard: refetched when next opened.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== adminKeys.all[0],
        refetchType: 'none',
      });
    },
  });
}
