/**
 * Adding or editing an automod rule: its name, its phrases (one per line or comma separated),
 * what it reads (stories or comments) and what it does (a story is marked; a comment held or
 * flagged). "Try it" runs the rule over the last 30 days first; the server's refusal of either
 * is shown under the form.
 */
import { useId, useState, type FormEvent } from 'react';
import type {
  AutomodAction,
  AutomodRule,
  AutomodRuleInput,
  AutomodTarget,
} from '@whosright/contracts/automod/dto';

import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { isUnauthorized } from '#web/lib/api-client.ts';
import { useStartRuleDryRun } from '#web/features/admin/api/automod-dry-run.ts';
import { useSaveAutomodRule } from '#web/features/admin/api/automod-rule-requests.ts';
import { AutomodDryRun } from '#web/features/admin/components/automod-dry-run.tsx';

const ACTIONS: Record<AutomodTarget, Array<{ value: AutomodAction; label: string }>> = {
  story: [{ value: 'mark', label: 'Mark it in the pending queue' }],
  comment: [
    { value: 'hold', label: 'Hold it for review' },
    { value: 'flag', label: 'Post it and flag it' },
  ],
};

/** The phrases as typed: one per line or comma separated, blanks dropped. */
export function splitPhrases(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase.length > 0);
}

function ruleInput(
  name: string,
  phrases: string,
  target: AutomodTarget,
  action: AutomodAction,
): AutomodRuleInput {
  const base = { name, phrases: splitPhrases(phrases) };
  return target === 'story'
    ? { ...base, target, action: 'mark' }
    : { ...base, target, action: action === 'flag' ? 'flag' : 'hold' };
}

/** What the server said against saving or trying the rule (a 400's first issue, a 409). */
function refusal(saveError: Error | null, tryError: Error | null): string | null {
  const failure = saveError ?? tryError;
  if (!failure || isUnauthorized(failure)) return null;
  return errorMessage(failure, saveError ? 'Failed to save rule.' : 'Failed to try rule.');
}

function Choice({ id, value, label }: { id: string; value: string; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <RadioGroupItem id={`${id}-${value}`} value={value} />
      <Label htmlFor={`${id}-${value}`}>{label}</Label>
    </div>
  );
}

export function AutomodRuleForm({
  rule,
  onDone,
}: {
  /** The rule being edited; none for a new one. */
  rule?: AutomodRule | undefined;
  onDone: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(rule?.name ?? '');
  const [phrases, setPhrases] = useState(rule?.phrases.join('\n') ?? '');
  const [target, setTarget] = useState<AutomodTarget>(rule?.target ?? 'comment');
  const [action, setAction] = useState<AutomodAction>(rule?.action ?? 'hold');
  const [jobId, setJobId] = useState<string | null>(null);
  const save = useSaveAutomodRule();
  const tryIt = useStartRuleDryRun();

  const input = () => ruleInput(name, phrases, target, action);

  const onTarget = (value: string) => {
    const next: AutomodTarget = value === 'story' ? 'story' : 'comment';
    setTarget(next);
    setAction(next === 'story' ? 'mark' : 'hold');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: rule?.id, rule: input() }, { onSuccess: onDone });
  };

  const onTry = () => {
    setJobId(null);
    tryIt.mutate(input(), { onSuccess: (job) => setJobId(job.id) });
  };

  const problem = refusal(save.error, tryIt.error);

  return (
    <form
      onSubmit={onSubmit}
      aria-label={rule ? `Edit rule ${rule.name}` : 'Add rule'}
      className="grid gap-4 rounded-xl border bg-card p-4 sm:p-5"
    >
      <h3 className="font-semibold">{rule ? `Edit rule “${rule.name}”` : 'Add rule'}</h3>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-phrases`}>Phrases</Label>
        <Textarea
          id={`${id}-phrases`}
          aria-describedby={`${id}-phrases-hint`}
          value={phrases}
          onChange={(e) => setPhrases(e.target.value)}
          rows={4}
        />
        <p id={`${id}-phrases-hint`} className="text-sm text-muted-foreground">
          One per line or comma separated. Whole words, any case; * is any letters within a word, ?
          one letter.
        </p>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Applies to</legend>
        <RadioGroup value={target} onValueChange={onTarget} aria-label="Applies to">
          <Choice id={`${id}-target`} value="comment" label="Comments" />
          <Choice id={`${id}-target`} value="story" label="Stories" />
        </RadioGroup>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">When it matches</legend>
        <RadioGroup
          value={action}
          onValueChange={(value) => setAction(value as AutomodAction)}
          aria-label="When it matches"
        >
          {ACTIONS[target].map((choice) => (
            <Choice key={choice.value} id={`${id}-action`} {...choice} />
          ))}
        </RadioGroup>
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
      {jobId ? <AutomodDryRun jobId={jobId} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onTry} disabled={tryIt.isPending}>
          Try it
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {rule ? 'Save rule' : 'Add rule'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
