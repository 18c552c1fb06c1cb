/**
 * GET /api/admin/automod-rules (in the order they apply), POST one, PATCH one's fields, DELETE
 * one. A save's refusal (400, 409) is the form's to show beside its fields, so saving has no toast
 * of its own for it; a delete says how it went in a toast.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutomodRule, AutomodRuleInput, AutomodRules } from '@whosright/contracts/automod/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

export function useAutomodRules() {
  return useQuery({
    queryKey: adminKeys.automodRules(),
    queryFn: ({ signal }) =>
      apiRequest<AutomodRules>('GET', '/api/admin/automod-rules', {
        signal,
        schema: (s) => s.automodRulesSchema,
      }),
  });
}

function useRulesChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.automodRules() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.logAll() });
  };
}

/** Creates the rule, or changes the one with `id`. */
export function useSaveAutomodRule() {
  const changed = useRulesChanged();
  return useMutation({
    mutationFn: ({ id, rule }: { id?: string | undefined; rule: AutomodRuleInput }) =>
      id
        ? apiRequest<AutomodRule>('PATCH', `/api/admin/automod-rules/${encodeURIComponent(id)}`, {
            body: rule,
            schema: (s) => s.automodRuleSchema,
          })
        : apiRequest<AutomodRule>('POST', '/api/admin/automod-rules', {
            body: rule,
            schema: (s) => s.automodRuleSchema,
          }),
    onSuccess: (saved, { id }) =>
      toast({
        title: 'Success',
        description: id ? `Rule "${saved.name}" saved.` : `Rule "${saved.name}" added.`,
      }),
    onSettled: changed,
  });
}

export function useDeleteAutomodRule() {
  const changed = useRulesChanged();
  return useMutation({
    mutationFn: (rule: AutomodRule) =>
      apiRequest<void>('DELETE', `/api/admin/automod-rules/${encodeURIComponent(rule.id)}`),
    onSuccess: (_answer, rule) =>
      toast({ title: 'Success', description: `Rule "${rule.name}" deleted.` }),
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to delete rule.'),
        variant: 'destructive',
      });
    },
    onSettled: changed,
  });
}
