/**
 * Automod: the rules in the order they apply, each with Edit and Delete, an Add rule form, and the
 * comments the rules held waiting for review.
 */
import { PencilIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import type { AutomodRule } from '@whosright/contracts/automod/dto';

import { ConfirmActionDialog } from '#web/components/confirm-action-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import {
  useAutomodRules,
  useDeleteAutomodRule,
} from '#web/features/admin/api/automod-rule-requests.ts';
import { AutomodRuleForm } from '#web/features/admin/components/automod-rule-form.tsx';
import { HeldCommentList } from '#web/features/admin/components/held-comment-list.tsx';

const DOES: Record<AutomodRule['action'], string> = {
  mark: 'Marks the story in the pending queue',
  hold: 'Holds the comment for review',
  flag: 'Posts the comment and flags it',
};

function RuleCard({ rule, onEdit }: { rule: AutomodRule; onEdit: () => void }) {
  const remove = useDeleteAutomodRule();
  return (
    <article aria-label={`Rule ${rule.name}`} className="grid gap-2 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 className="font-semibold break-words">{rule.name}</h3>
        <Badge variant="outline">{rule.target === 'story' ? 'Stories' : 'Comments'}</Badge>
        <span className="text-sm text-muted-foreground">{DOES[rule.action]}</span>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onEdit}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Button>
          <ConfirmActionDialog
            trigger={
              <Button size="sm" variant="ghost-destructive">
                Delete
              </Button>
            }
            title={`Delete the rule “${rule.name}”?`}
            description="New stories and comments are no longer checked against it. What it already held stays held."
            confirmLabel="Delete rule"
            withReason={false}
            pending={remove.isPending}
            onConfirm={() => remove.mutate(rule)}
          />
        </div>
      </div>
      <ul aria-label="Phrases" className="flex flex-wrap gap-1.5">
        {rule.phrases.map((phrase) => (
          <li key={phrase} className="rounded-md bg-muted px-2 py-0.5 text-sm break-all">
            {phrase}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The form's subject when it adds a rule; otherwise it edits the rule with that id. */
const NEW_RULE = 'new';

function Rules() {
  const { data, isPending, isError } = useAutomodRules();
  const [editing, setEditing] = useState<string | null>(null);
  const rules = data?.items ?? [];
  const close = () => setEditing(null);
  return (
    <section aria-labelledby="automod-rules" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="automod-rules" className="text-lg font-semibold">
          Rules
        </h2>
        {editing === NEW_RULE ? null : (
          <Button size="sm" onClick={() => setEditing(NEW_RULE)}>
            <PlusIcon aria-hidden="true" />
            Add rule
          </Button>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        Rules apply in this order; the first that matches a new story or comment is the one used.
      </p>
      {editing === NEW_RULE ? <AutomodRuleForm onDone={close} /> : null}
      {isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          The rules could not be loaded.
        </p>
      ) : rules.length === 0 ? (
        <p className="text-muted-foreground">No rules yet</p>
      ) : (
        rules.map((rule) =>
          editing === rule.id ? (
            <AutomodRuleForm key={rule.id} rule={rule} onDone={close} />
          ) : (
            <RuleCard key={rule.id} rule={rule} onEdit={() => setEditing(rule.id)} />
          ),
        )
      )}
    </section>
  );
}

export function AutomodTab() {
  return (
    <div className="grid gap-8">
      <Rules />
      <section aria-labelledby="automod-held" className="grid gap-3">
        <h2 id="automod-held" className="text-lg font-semibold">
          Held comments
        </h2>
        <HeldCommentList />
      </section>
    </div>
  );
}
