import { describe, it } from 'vitest';
import { deciderSpec } from '#api/testing/decider-spec';
import {
  AUTOMOD_RULES_MAX,
  AutomodCommandRejected,
  automodRules,
  type AutomodRejection,
} from './decider';

const rejected = (reason: AutomodRejection) => (error: unknown) =>
  error instanceof AutomodCommandRejected && error.reason === reason;

const adminId = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA4';
const ruleId = (n: number) => `rule_01ARZ3NDEKTSV4RRFFQ69G5F${String(n).padStart(2, '0')}`;
const fields = (name: string) =>
  ({ name, phrases: ['scam*'], target: 'comment', action: 'hold' }) as const;

const create = (n: number, name = `Rule ${n}`) =>
  ({ type: 'CreateRule', ruleId: ruleId(n), adminId, ...fields(name) }) as const;
const created = (n: number, name = `Rule ${n}`) => ({
  type: 'AutomodRuleCreated' as const,
  data: { ruleId: ruleId(n), adminId, ...fields(name), phrases: ['scam*'] },
});

describe('automod rules decider', () => {
  const spec = deciderSpec(automodRules);

  it('when an admin creates a rule it is created as written', () => {
    spec
      .given([])
      .when(create(1))
      .then([created(1)]);
  });

  it('when another rule has the name, whatever its case, creating or renaming is refused', () => {
    spec
      .given([created(1, 'Scams')])
      .when(create(2, 'scams'))
      .thenThrows(rejected('name_taken'));
    spec
      .given([created(1, 'Scams'), created(2)])
      .when({ type: 'UpdateRule', ruleId: ruleId(2), adminId, ...fields('SCAMS') })
      .thenThrows(rejected('name_taken'));
  });

  it('when a rule changes the whole rule is recorded; saving it unchanged appends nothing', () => {
    spec
      .given([created(1)])
      .when({ type: 'UpdateRule', ruleId: ruleId(1), adminId, ...fields('Rule 1') })
      .then([]);
    spec
      .given([created(1)])
      .when({
        type: 'UpdateRule',
        ruleId: ruleId(1),
        adminId,
        name: 'Rule 1',
        phrases: ['scam*', 'fraud'],
        target: 'comment',
        action: 'flag',
      })
      .then([
        {
          type: 'AutomodRuleUpdated',
          data: {
            ruleId: ruleId(1),
            adminId,
            name: 'Rule 1',
            phrases: ['scam*', 'fraud'],
            target: 'comment',
            action: 'flag',
          },
        },
      ]);
  });

  it('when a rule is deleted its name goes with the event; a deleted rule is not found', () => {
    const deleted = {
      type: 'AutomodRuleDeleted' as const,
      data: { ruleId: ruleId(1), name: 'Rule 1', adminId },
    };
    spec
      .given([created(1)])
      .when({ type: 'DeleteRule', ruleId: ruleId(1), adminId })
      .then([deleted]);
    spec
      .given([created(1), deleted])
      .when({ type: 'DeleteRule', ruleId: ruleId(1), adminId })
      .thenThrows(rejected('rule_not_found'));
    spec
      .given([created(1), deleted])
      .when({ type: 'UpdateRule', ruleId: ruleId(1), adminId, ...fields('Rule 1') })
      .thenThrows(rejected('rule_not_found'));
    spec
      .given([created(1), deleted])
      .when(create(2, 'Rule 1'))
      .then([created(2, 'Rule 1')]);
  });

  it('when there are as many rules as there can be another is refused', () => {
    const full = Array.from({ length: AUTOMOD_RULES_MAX }, (_, i) => created(i));
    spec.given(full).when(create(AUTOMOD_RULES_MAX)).thenThrows(rejected('too_many_rules'));
  });
});
