import type { TFunction } from 'i18next';
import type { DesignNode } from './tree';

const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** The one-line text a card shows: who approves, which rule, how long a timer waits. */
export function nodeSummary(node: DesignNode, t: TFunction): string {
  const p = node.properties;
  switch (node.type) {
    case 'start': {
      const scoped = ['initiator', 'initiatePos', 'initiateRole', 'initiateOrg', 'initiateGroup'].some(
        (key) => count(p[key]) > 0,
      );
      return scoped ? t('summary.someInitiators') : t('summary.anyone');
    }
    case 'approver': {
      const type = Number(p.assigneeType ?? 6);
      const members = ['approvers', 'approverPos', 'approverRole', 'approverOrg', 'approverGroup'].reduce(
        (sum, key) => sum + count(p[key]),
        0,
      );
      if (type === 6 || type === 7)
        return members ? t('summary.members', { count: members }) : t('summary.chooseAssignee');
      if (type === 1) return t('summary.manager', { level: p.managerLevel ?? 1 });
      return t(`assigneeTypes.${type}`);
    }
    case 'condition': {
      if (p.isDefault) return t('summary.default');
      const rules = Array.isArray(p.conditions)
        ? (p.conditions as {
            fieldName?: string;
            field?: string;
            symbol?: string;
            fieldValue?: unknown;
            logic?: string;
          }[])
        : [];
      if (!rules.length) return t('summary.chooseRule');
      return rules
        .map((rule, i) => {
          const text = `${rule.fieldName || rule.field || ''} ${rule.symbol ?? ''} ${String(rule.fieldValue ?? '')}`;
          return i < rules.length - 1
            ? `${text} ${rule.logic === '||' ? t('logic.or') : t('logic.and')}`
            : text;
        })
        .join(' ');
    }
    case 'subFlow':
      return p.flowName ? String(p.flowName) : t('summary.chooseFlow');
    case 'timer':
      return t('summary.timer', {
        day: p.day ?? 0,
        hour: p.hour ?? 0,
        minute: p.minute ?? 0,
        second: p.second ?? 0,
      });
    default:
      return '';
  }
}
