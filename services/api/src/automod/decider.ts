import type {
  AutomodAction,
  AutomodRuleEvent,
  AutomodTarget,
} from '@whosright/contracts/automod/events';
import { CommandRejected } from '#api/write/rejection';

/**
 * Every automod rule, on the one `automod-rules` stream: admins create, change and delete them,
 * and every story or comment written is checked against the rules this stream holds. Names are
 * unique (the queue and the log show them); saving a rule as it is appends nothing.
 */
export type AutomodRejection = 'rule_not_found' | 'name_taken' | 'too_many_rules';

export class AutomodCommandRejected extends CommandRejected<AutomodRejection> {
  constructor(reason: AutomodRejection) {
    super('automod', reason);
  }
}

export const AUTOMOD_RULES_STREAM = 'automod-rules';
export const AUTOMOD_RULES_MAX = 100;

export interface RuleState {
  id: string;
  name: string;
  phrases: readonly string[];
  target: AutomodTarget;
  action: AutomodAction;
}

/** The rules in the order they were created: the first that matches is the one applied. */
export interface AutomodRulesState {
  rules: ReadonlyMap<string, RuleState>;
}

export type RuleFields = Omit<RuleState, 'id'>;

export type AutomodCommand =
  | ({ type: 'CreateRule'; ruleId: string; adminId: string } & RuleFields)
  | ({ type: 'UpdateRule'; ruleId: string; adminId: string } & RuleFields)
  | { type: 'DeleteRule'; ruleId: string; adminId: string };

const sameRule = (a: RuleFields, b: RuleFields) =>
  a.name === b.name &&
  a.target === b.target &&
  a.action === b.action &&
  a.phrases.length === b.phrases.length &&
  a.phrases.every((phrase, i) => phrase === b.phrases[i]);

function requireFreeName(state: AutomodRulesState, name: string, ruleId: string): void {
  const lower = name.toLowerCase();
  for (const rule of state.rules.values())
    if (rule.id !== ruleId && rule.name.toLowerCase() === lower)
      throw new AutomodCommandRejected('name_taken');
}

const ruleData = ({
  ruleId,
  adminId,
  name,
  phrases,
  target,
  action,
}: RuleFields & {
  ruleId: string;
  adminId: string;
}) => ({ ruleId, adminId, name, phrases: [...phrases], target, action });

export const automodRules = {
  initialState: (): AutomodRulesState => ({ rules: new Map() }),

  evolve(state: AutomodRulesState, event: AutomodRuleEvent): AutomodRulesState {
    const rules = new Map(state.rules);
    switch (event.type) {
      case 'AutomodRuleCreated':
      case 'AutomodRuleUpdated': {
        const { ruleId, name, phrases, target, action } = event.data;
        rules.set(ruleId, { id: ruleId, name, phrases, target, action });
        break;
      }
      case 'AutomodRuleDeleted':
        rules.delete(event.data.ruleId);
        break;
    }
    return { rules };
  },

  decide(command: AutomodCommand, state: AutomodRulesState): AutomodRuleEvent[] {
    const existing = state.rules.get(command.ruleId);
    switch (command.type) {
      case 'CreateRule': {
        if (state.rules.size >= AUTOMOD_RULES_MAX)
          throw new AutomodCommandRejected('too_many_rules');
        requireFreeName(state, command.name, command.ruleId);
        return [{ type: 'AutomodRuleCreated', data: ruleData(command) }];
      }
      case 'UpdateRule': {
        if (!existing) throw new AutomodCommandRejected('rule_not_found');
        requireFreeName(state, command.name, command.ruleId);
        if (sameRule(existing, command)) return [];
        return [{ type: 'AutomodRuleUpdated', data: ruleData(command) }];
      }
      case 'DeleteRule': {
        if (!existing) throw new AutomodCommandRejected('rule_not_found');
        const { ruleId, adminId } = command;
        return [{ type: 'AutomodRuleDeleted', data: { ruleId, name: existing.name, adminId } }];
      }
    }
  },
};
