import {
  automodRuleBodySchema,
  type AutomodRule,
  type AutomodRuleBody,
} from '@whosright/contracts/automod/dto';
import type { AutomodAction, AutomodTarget } from '@whosright/contracts/automod/events';
import { compileRules, firstMatch, type CompiledRules } from '@whosright/contracts/automod/match';
import { MODERATION_LOG } from '@whosright/projections/moderation-log/docs';
import type { UserDoc } from '@whosright/projections/users/docs';
import { newIdFor, type Actor } from '#api/platform/actor';
import { NotFoundError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import {
  AUTOMOD_RULES_STREAM,
  automodRules,
  type AutomodCommand,
  type AutomodRulesState,
  type RuleState,
} from './decider';

type Admin = Pick<UserDoc, '_id'>;

/** What a story or comment being written matched, and what the rule does about it. */
export interface Screening {
  ruleId: string;
  ruleName: string;
  action: AutomodAction;
}

const toRule = ({ id, name, phrases, target, action }: RuleState): AutomodRule => ({
  id,
  name,
  phrases: [...phrases],
  target,
  action,
});

/**
 * The automod rules: admins list and change them, and every new story or comment is screened
 * against them. They are read from the command bus's cached fold of their one stream, so a
 * screening costs one indexed lookup of anything appended since (usually nothing) and the
 * phrases are compiled once per change of the rules, not per text.
 */
export class AutomodRules {
  private readonly compiled = new WeakMap<
    AutomodRulesState,
    Record<AutomodTarget, CompiledRules<RuleState>>
  >();
  /** One rule alone, compiled once while it stays unchanged (a held comment's matched phrase). */
  private readonly compiledAlone = new WeakMap<RuleState, CompiledRules<RuleState>>();

  constructor(private readonly bus: CommandBus) {}

  async list(): Promise<AutomodRule[]> {
    const state = await this.bus.state(AUTOMOD_RULES_STREAM, automodRules);
    return [...state.rules.values()].map(toRule);
  }

  /** The first rule for this kind of text that matches it, or null. */
  async screen(target: AutomodTarget, text: string): Promise<Screening | null> {
    const state = await this.bus.state(AUTOMOD_RULES_STREAM, automodRules);
    if (state.rules.size === 0) return null;
    let byTarget = this.compiled.get(state);
    if (!byTarget) {
      const rules = [...state.rules.values()];
      byTarget = {
        story: compileRules(rules.filter((rule) => rule.target === 'story')),
        comment: compileRules(rules.filter((rule) => rule.target === 'comment')),
      };
      this.compiled.set(state, byTarget);
    }
    const found = firstMatch(byTarget[target], text);
    return found
      ? { ruleId: found.rule.id, ruleName: found.rule.name, action: found.rule.action }
      : null;
  }

  /**
   * The phrase of this rule, as it is now, that the text holds (what a held comment is shown
   * with); null once the rule changed so that none matches, or went.
   */
  async matchedPhrase(ruleId: string, text: string): Promise<string | null> {
    const state = await this.bus.state(AUTOMOD_RULES_STREAM, automodRules);
    const rule = state.rules.get(ruleId);
    if (!rule) return null;
    let alone = this.compiledAlone.get(rule);
    if (!alone) {
      alone = compileRules([rule]);
      this.compiledAlone.set(rule, alone);
    }
    return firstMatch(alone, text)?.phrase ?? null;
  }

  async create(body: AutomodRuleBody, admin: Admin, actor: Actor): Promise<AutomodRule> {
    const ruleId = newIdFor(actor, 'rule');
    await this.run({ type: 'CreateRule', ruleId, adminId: admin._id, ...body }, actor);
    return { id: ruleId, ...body };
  }

  /** Changes the fields given; the rule they make must be valid as a whole (else 400). */
  async update(
    ruleId: string,
    patch: Partial<Record<keyof AutomodRuleBody, unknown>>,
    admin: Admin,
    actor: Actor,
  ): Promise<AutomodRule> {
    const state = await this.bus.state(AUTOMOD_RULES_STREAM, automodRules);
    const existing = state.rules.get(ruleId);
    if (!existing) throw new NotFoundError('Rule not found');
    const { id: _id, ...fields } = toRule(existing);
    const body = automodRuleBodySchema.parse({ ...fields, ...patch });
    await this.run({ type: 'UpdateRule', ruleId, adminId: admin._id, ...body }, actor);
    return { id: ruleId, ...body };
  }

  async delete(ruleId: string, admin: Admin, actor: Actor): Promise<void> {
    await this.run({ type: 'DeleteRule', ruleId, adminId: admin._id }, actor);
  }

  private async run(command: AutomodCommand, actor: Actor): Promise<void> {
    await this.bus.run(AUTOMOD_RULES_STREAM, automodRules, command, actor, [MODERATION_LOG]);
  }
}
