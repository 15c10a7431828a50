import { useQuery } from '@tanstack/react-query';
import { Form, Input, Space, Switch, TreeSelect } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { GroupSelect, OrganizeSelect, PositionSelect, RoleSelect, UserSelect } from '../../org-picker';
import { designerKeys, fetchPrintTemplates } from '../api';
import type { Props } from '../tree';

// What the node panels share: labelled items, member pickers, copies, print templates, buttons,
// and the events, messages and buttons each node kind offers.

export type Setter = (key: string, value: unknown) => void;
export type Config = Record<string, unknown>;

export const ASSIGNEE_TYPES = [6, 3, 1, 2, 4, 5, 7, 9];
export const SYMBOLS = ['>=', '>', '==', '<=', '<', '<>', 'like', 'notLike'];
export const START_EVENTS = [
  'initFuncConfig',
  'endFuncConfig',
  'flowRecallFuncConfig',
  'overTimeFuncConfig',
  'noticeFuncConfig',
];
export const APPROVER_EVENTS = [
  'approveFuncConfig',
  'rejectFuncConfig',
  'recallFuncConfig',
  'overTimeFuncConfig',
  'noticeFuncConfig',
];
export const START_MESSAGES = [
  'waitMsgConfig',
  'endMsgConfig',
  'approveMsgConfig',
  'rejectMsgConfig',
  'copyMsgConfig',
  'overTimeMsgConfig',
  'noticeMsgConfig',
];
export const APPROVER_MESSAGES = [
  'approveMsgConfig',
  'rejectMsgConfig',
  'copyMsgConfig',
  'overTimeMsgConfig',
  'noticeMsgConfig',
];
export const START_BUTTONS = [
  ['hasSubmitBtn', 'submitBtnText'],
  ['hasSaveBtn', 'saveBtnText'],
  ['hasRevokeBtn', 'revokeBtnText'],
  ['hasPressBtn', 'pressBtnText'],
  ['hasPrintBtn', 'printBtnText'],
] as const;
export const APPROVER_BUTTONS = [
  ['hasAuditBtn', 'auditBtnText'],
  ['hasRejectBtn', 'rejectBtnText'],
  ['hasRevokeBtn', 'revokeBtnText'],
  ['hasTransferBtn', 'transferBtnText'],
  ['hasFreeApproverBtn', 'hasFreeApproverBtnText'],
  ['hasSaveBtn', 'saveBtnText'],
  ['hasPrintBtn', 'printBtnText'],
] as const;

export function Item({ label, children }: { label: string; children: ReactNode }) {
  return <Form.Item label={label}>{children}</Form.Item>;
}

export const ids = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);

/** User, position, role, organisation and group lists (assignees, initiators, cc). */
export function MemberPickers({ p, set, keys, t }: { p: Props; set: Setter; keys: string[]; t: TFunction }) {
  const [users, positions, roles, orgs, groups] = keys as [string, string, string, string, string];
  return (
    <>
      <Item label={t('props.users')}>
        <UserSelect
          multiple
          value={ids(p[users])}
          onChange={(v) => set(users, v)}
          placeholder={t('props.users')}
        />
      </Item>
      <Item label={t('props.positions')}>
        <PositionSelect multiple value={ids(p[positions])} onChange={(v) => set(positions, v)} />
      </Item>
      <Item label={t('props.roles')}>
        <RoleSelect multiple value={ids(p[roles])} onChange={(v) => set(roles, v)} />
      </Item>
      <Item label={t('props.orgs')}>
        <OrganizeSelect multiple value={ids(p[orgs])} onChange={(v) => set(orgs, v)} />
      </Item>
      <Item label={t('props.groups')}>
        <GroupSelect multiple value={ids(p[groups])} onChange={(v) => set(groups, v)} />
      </Item>
    </>
  );
}

export function Copies({ p, set, t, approver }: { p: Props; set: Setter; t: TFunction; approver: boolean }) {
  return (
    <>
      <MemberPickers
        p={p}
        set={set}
        t={t}
        keys={['circulateUser', 'circulatePosition', 'circulateRole', 'circulateOrg', 'circulateGroup']}
      />
      <Item label={t('props.isCustomCopy')}>
        <Switch
          checked={Boolean(p.isCustomCopy)}
          onChange={(v) => set('isCustomCopy', v)}
          aria-label={t('props.isCustomCopy')}
        />
      </Item>
      {approver && (
        <Item label={t('props.isInitiatorCopy')}>
          <Switch
            checked={Boolean(p.isInitiatorCopy)}
            onChange={(v) => set('isInitiatorCopy', v)}
            aria-label={t('props.isInitiatorCopy')}
          />
        </Item>
      )}
    </>
  );
}

/** printId: the templates the print button offers (one on the start node, several on an approver). */
export function PrintTemplates({ p, set, t, many }: { p: Props; set: Setter; t: TFunction; many: boolean }) {
  const templates = useQuery({ queryKey: designerKeys.printTemplates, queryFn: fetchPrintTemplates });
  const chosen = many
    ? (Array.isArray(p.printId) ? p.printId : []).map(String)
    : typeof p.printId === 'string' && p.printId
      ? p.printId
      : undefined;
  return (
    <Item label={t('buttons.printId')}>
      <TreeSelect
        aria-label={t('buttons.printId')}
        style={{ width: 280 }}
        multiple={many}
        allowClear
        showSearch
        treeNodeFilterProp="fullName"
        treeDefaultExpandAll
        loading={templates.isLoading}
        placeholder={t('buttons.printIdPlaceholder')}
        value={chosen}
        treeData={(templates.data ?? []).map((group) => ({ ...group, selectable: false }))}
        fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
        onChange={(value: string | string[] | undefined) => set('printId', value ?? (many ? [] : ''))}
      />
    </Item>
  );
}

export function Buttons({
  p,
  set,
  t,
  pairs,
  many,
}: {
  p: Props;
  set: Setter;
  t: TFunction;
  pairs: readonly (readonly [string, string])[];
  /** Whether printId holds several templates (approver) or one (start). */
  many: boolean;
}) {
  return (
    <>
      {pairs.map(([flag, text]) => (
        <Item key={flag} label={t(`buttons.${flag}`)}>
          <Space>
            <Switch
              checked={Boolean(p[flag])}
              onChange={(v) => set(flag, v)}
              aria-label={t(`buttons.${flag}`)}
            />
            <Input
              value={String(p[text] ?? '')}
              onChange={(e) => set(text, e.target.value)}
              disabled={!p[flag]}
              aria-label={t('buttons.text', { name: t(`buttons.${flag}`) })}
              maxLength={10}
            />
          </Space>
        </Item>
      ))}
      {p.hasPrintBtn === true && <PrintTemplates p={p} set={set} t={t} many={many} />}
      <Item label={t('props.hasSign')}>
        <Switch
          checked={Boolean(p.hasSign)}
          onChange={(v) => set('hasSign', v)}
          aria-label={t('props.hasSign')}
        />
      </Item>
      <Item label={t('props.hasOpinion')}>
        <Switch
          checked={p.hasOpinion !== false}
          onChange={(v) => set('hasOpinion', v)}
          aria-label={t('props.hasOpinion')}
        />
      </Item>
    </>
  );
}
