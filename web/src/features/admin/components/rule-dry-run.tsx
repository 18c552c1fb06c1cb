/**
 * Dry run of another Poor Performing rule: top 3 / 5 / 10 %, at least 10 / 25 / 50 views, over
 * today or the moment a replay built; which stories would enter or leave the list. Nothing changes
 * on the server.
 */
import { useId, useState } from 'react';
import {
  DEFAULT_RANKING_RULE,
  RANKING_RULE_CHOICES,
} from '@whosright/contracts/story/ranking-rule';

import { Badge } from '#web/components/ui/badge.tsx';
import { Label } from '#web/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx';
import { useDryRun } from '#web/features/admin/api/get-dry-run.ts';
import { formatMoment } from '#web/features/admin/components/format-moment.ts';
import { RankedStoryList } from '#web/features/admin/components/ranked-story-list.tsx';
import { errorMessage } from '#web/lib/error-message.ts';

const TODAY = 'today';
const percentLabel = (fraction: number) => `Top ${Math.round(fraction * 100)}%`;
const ruleLabel = (rule: { topFraction: number; minViews: number }) =>
  `${percentLabel(rule.topFraction).toLowerCase()}, at least ${rule.minViews} views`;

function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 flex-1 basis-36 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

const enterBadge = (
  <Badge
    variant={null}
    className="border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
  >
    Would enter
  </Badge>
);
const leaveBadge = (
  <Badge
    variant={null}
    className="border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
  >
    Would leave
  </Badge>
);

export function RuleDryRun({ replay }: { replay: { id: string; until: string } | null }) {
  const titleId = useId();
  const [topFraction, setTopFraction] = useState(String(DEFAULT_RANKING_RULE.topFraction));
  const [minViews, setMinViews] = useState(String(DEFAULT_RANKING_RULE.minViews));
  const [over, setOver] = useState(TODAY);
  const rule = { topFraction: Number(topFraction), minViews: Number(minViews) };
  const current =
    rule.topFraction === DEFAULT_RANKING_RULE.topFraction &&
    rule.minViews === DEFAULT_RANKING_RULE.minViews;
  const replayId = replay && over === replay.id ? replay.id : undefined;
  const dryRun = useDryRun(rule, replayId, !current);
  const moment = replayId && replay ? `as of ${formatMoment(replay.until)}` : 'today';
  const entering = new Set(dryRun.data?.entering.map((story) => story.id));

  return (
    <section aria-labelledby={titleId} className="grid gap-4 rounded-xl border p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 id={titleId} className="font-display text-lg font-bold">
          Try another rule
        </h2>
        <p className="text-sm text-muted-foreground">
          See which stories would enter or leave the list. Nothing changes.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Choice
          label="Top"
          value={topFraction}
          onChange={setTopFraction}
          options={RANKING_RULE_CHOICES.topFraction.map((f) => ({
            value: String(f),
            label: `${percentLabel(f)}${f === DEFAULT_RANKING_RULE.topFraction ? ' (current)' : ''}`,
          }))}
        />
        <Choice
          label="Minimum views"
          value={minViews}
          onChange={setMinViews}
          options={RANKING_RULE_CHOICES.minViews.map((n) => ({
            value: String(n),
            label: `${n} views${n === DEFAULT_RANKING_RULE.minViews ? ' (current)' : ''}`,
          }))}
        />
        {/* A choice of one is no choice: "Over" appears once a past ranking was built. */}
        {replay ? (
          <Choice
            label="Over"
            value={over}
            onChange={setOver}
            options={[
              { value: TODAY, label: 'Today' },
              { value: replay.id, label: `As of ${formatMoment(replay.until)}` },
            ]}
          />
        ) : null}
      </div>
      {replay ? null : (
        <p className="text-sm text-muted-foreground">
          Tried on today&apos;s stories. To try it on an earlier moment, build the ranking as it
          stood above.
        </p>
      )}
      {current ? (
        <p className="text-sm text-muted-foreground">
          This is the current rule ({ruleLabel(DEFAULT_RANKING_RULE)}). Pick another to compare.
        </p>
      ) : dryRun.error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(dryRun.error, 'The rule could not be tried. Please try again.')}
        </p>
      ) : !dryRun.data ? (
        <p className="text-sm text-muted-foreground">Comparing…</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2" aria-busy={dryRun.isPlaceholderData}>
          <p aria-live="polite" className="text-sm md:col-span-2">
            {percentLabel(rule.topFraction)}, at least {rule.minViews} views, {moment}:{' '}
            {dryRun.data.entering.length} would enter, {dryRun.data.leaving.length} would leave.
          </p>
          <RankedStoryList
            title={`List by the new rule, ${moment}`}
            items={dryRun.data.list}
            empty="No story would be listed"
            mark={(item) => (entering.has(item.id) ? enterBadge : null)}
          />
          <RankedStoryList
            title="Leaving the list"
            items={dryRun.data.leaving}
            empty="No story would leave"
            mark={() => leaveBadge}
          />
        </div>
      )}
    </section>
  );
}
