import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  TreeSelect,
} from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InterfaceSelect } from '../interface-select/interface-select';
import { GroupSelect, OrganizeSelect, PositionSelect, RoleSelect, UserSelect } from '../org-picker';
import {
  designerKeys,
  type FormFieldOption,
  fetchChildFlows,
  fetchChildFormFields,
  fetchFlowForms,
  fetchFormFields,
  fetchPrintTemplates,
  fetchSendConfigs,
} from './api';
import { type DesignNode, type Props, walk } from './tree';

/**
 * The property drawer of one node (workflow.md 2.2–2.6). It edits a draft of the node's
 * properties; OK hands the draft to the designer (one undo step), Cancel drops it.
 */

type Setter = (key: string, value: unknown) => void;
type Config = Record<string, unknown>;

const ASSIGNEE_TYPES = [6, 3, 1, 2, 4, 5, 7, 9];
const SYMBOLS = ['>=', '>', '==', '<=', '<', '<>', 'like', 'notLike'];
const START_EVENTS = [
  'initFuncConfig',
  'endFuncConfig',
  'flowRecallFuncConfig',
  'overTimeFuncConfig',
  'noticeFuncConfig',
];
const APPROVER_EVENTS = [
  'approveFuncConfig',
  'rejectFuncConfig',
  'recallFuncConfig',
  'overTimeFuncConfig',
  'noticeFuncConfig',
];
const START_MESSAGES = [
  'waitMsgConfig',
  'endMsgConfig',
  'approveMsgConfig',
  'rejectMsgConfig',
  'copyMsgConfig',
  'overTimeMsgConfig',
  'noticeMsgConfig',
];
const APPROVER_MESSAGES = [
  'approveMsgConfig',
  'rejectMsgConfig',
  'copyMsgConfig',
  'overTimeMsgConfig',
  'noticeMsgConfig',
];
const START_BUTTONS = [
  ['hasSubmitBtn', 'submitBtnText'],
  ['hasSaveBtn', 'saveBtnText'],
  ['hasRevokeBtn', 'revokeBtnText'],
  ['hasPressBtn', 'pressBtnText'],
  ['hasPrintBtn', 'printBtnText'],
] as const;
const APPROVER_BUTTONS = [
  ['hasAuditBtn', 'auditBtnText'],
  ['hasRejectBtn', 'rejectBtnText'],
  ['hasRevokeBtn', 'revokeBtnText'],
  ['hasTransferBtn', 'transferBtnText'],
  ['hasFreeApproverBtn', 'hasFreeApproverBtnText'],
  ['hasSaveBtn', 'saveBtnText'],
  ['hasPrintBtn', 'printBtnText'],
] as const;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return <Form.Item label={label}>{children}</Form.Item>;
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);

/** User, position, role, organisation and group lists (assignees, initiators, cc). */
function MemberPickers({ p, set, keys, t }: { p: Props; set: Setter; keys: string[]; t: TFunction }) {
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

function Copies({ p, set, t, approver }: { p: Props; set: Setter; t: TFunction; approver: boolean }) {
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
function PrintTemplates({ p, set, t, many }: { p: Props; set: Setter; t: TFunction; many: boolean }) {
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

function Buttons({
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

/** timeLimitConfig, noticeConfig and overTimeConfig (2.6); on an approver `on` 2 inherits the start's. */
function Timing({ p, set, t, inherit }: { p: Props; set: Setter; t: TFunction; inherit: boolean }) {
  const onOptions = [
    ...(inherit ? [{ value: 2, label: t('timing.inherit') }] : []),
    { value: 1, label: t('timing.custom') },
    { value: 0, label: t('timing.off') },
  ];
  const block = (key: string, fields: [string, 'number' | 'switch'][]) => {
    const config = (p[key] as Config | undefined) ?? {};
    const put = (field: string, value: unknown) => set(key, { ...config, [field]: value });
    return (
      <div key={key} className="flow-panel__block">
        <Item label={t(`timing.${key}`)}>
          <Radio.Group
            options={onOptions}
            value={Number(config.on ?? (inherit ? 2 : 0))}
            onChange={(e) => put('on', e.target.value)}
          />
        </Item>
        {Number(config.on) === 1 &&
          fields.map(([field, kind]) => (
            <Item key={field} label={t(`timing.${field}`)}>
              {kind === 'number' ? (
                <InputNumber
                  min={0}
                  value={Number(config[field] ?? 0)}
                  onChange={(v) => put(field, v ?? 0)}
                  aria-label={t(`timing.${field}`)}
                />
              ) : (
                <Switch
                  checked={Boolean(config[field])}
                  onChange={(v) => put(field, v)}
                  aria-label={t(`timing.${field}`)}
                />
              )}
            </Item>
          ))}
      </div>
    );
  };
  const timeLimit = (p.timeLimitConfig as Config | undefined) ?? {};
  return (
    <>
      {block('timeLimitConfig', [['duringDeal', 'number']])}
      {Number(timeLimit.on) === 1 && (
        <Item label={t('timing.nodeLimit')}>
          <Radio.Group
            value={Number(timeLimit.nodeLimit ?? 0)}
            onChange={(e) => set('timeLimitConfig', { ...timeLimit, nodeLimit: e.target.value })}
            options={[0, 1, 2].map((v) => ({ value: v, label: t(`timing.nodeLimits.${v}`) }))}
          />
        </Item>
      )}
      {block('noticeConfig', [
        ['firstOver', 'number'],
        ['overTimeDuring', 'number'],
        ['overNotice', 'switch'],
        ['overEvent', 'switch'],
        ['overEventTime', 'number'],
      ])}
      {block('overTimeConfig', [
        ['firstOver', 'number'],
        ['overTimeDuring', 'number'],
        ['overNotice', 'switch'],
        ['overAutoApprove', 'switch'],
        ['overAutoApproveTime', 'number'],
        ['overEvent', 'switch'],
        ['overEventTime', 'number'],
      ])}
    </>
  );
}

/** Events (a data interface called at a moment) and message settings. */
function Events({
  p,
  set,
  t,
  events,
  messages,
  inherit,
}: {
  p: Props;
  set: Setter;
  t: TFunction;
  events: string[];
  messages: string[];
  inherit: boolean;
}) {
  const sendConfigs = useQuery({ queryKey: designerKeys.sendConfigs, queryFn: fetchSendConfigs });
  const messageOn = [
    ...(inherit ? [{ value: 2, label: t('timing.inherit') }] : []),
    { value: 3, label: t('messages.default') },
    { value: 1, label: t('messages.custom') },
    { value: 0, label: t('timing.off') },
  ];
  return (
    <>
      {events.map((key) => {
        const config = (p[key] as Config | undefined) ?? {};
        return (
          <Item key={key} label={t(`events.${key}`)}>
            <Space>
              <Switch
                checked={Boolean(config.on)}
                onChange={(v) => set(key, { ...config, on: v ? 1 : 0 })}
                aria-label={t(`events.${key}`)}
              />
              <InterfaceSelect
                style={{ width: 260 }}
                allowClear
                placeholder={t('events.interfaceId')}
                aria-label={`${t(`events.${key}`)} ${t('events.interfaceId')}`}
                value={typeof config.interfaceId === 'string' ? config.interfaceId : undefined}
                disabled={!config.on}
                onChange={(interfaceId, node) =>
                  set(key, { ...config, interfaceId: interfaceId ?? '', interfaceName: node?.fullName ?? '' })
                }
              />
            </Space>
          </Item>
        );
      })}
      {messages.map((key) => {
        const config = (p[key] as Config | undefined) ?? {};
        return (
          <Item key={key} label={t(`messages.${key}`)}>
            <Space>
              <Select
                aria-label={t(`messages.${key}`)}
                style={{ width: 160 }}
                options={messageOn}
                value={Number(config.on ?? (inherit ? 2 : 3))}
                onChange={(v) => set(key, { ...config, on: v })}
              />
              {Number(config.on) === 1 && (
                <Select
                  aria-label={`${t(`messages.${key}`)} ${t('messages.sendConfig')}`}
                  style={{ width: 220 }}
                  showSearch
                  optionFilterProp="label"
                  placeholder={t('messages.sendConfig')}
                  loading={sendConfigs.isLoading}
                  options={(sendConfigs.data ?? []).map((c) => ({ value: c.id, label: c.fullName }))}
                  value={typeof config.msgId === 'string' && config.msgId ? config.msgId : undefined}
                  onChange={(msgId: string) =>
                    set(key, {
                      ...config,
                      msgId,
                      msgName: sendConfigs.data?.find((c) => c.id === msgId)?.fullName ?? '',
                    })
                  }
                />
              )}
            </Space>
          </Item>
        );
      })}
    </>
  );
}

/** read / write / required of every form field on this node. */
function FormOperates({
  p,
  set,
  t,
  fields,
  start,
}: {
  p: Props;
  set: Setter;
  t: TFunction;
  fields: FormFieldOption[];
  start: boolean;
}) {
  type Operate = {
    id: string;
    name: string;
    jnpfKey: string;
    read: boolean;
    write: boolean;
    required: boolean;
  };
  const stored = new Map(
    (Array.isArray(p.formOperates) ? (p.formOperates as Operate[]) : []).map((o) => [o.id, o]),
  );
  const rows: Operate[] = fields.map(
    (f) =>
      stored.get(f.id) ?? {
        id: f.id,
        name: f.name,
        jnpfKey: f.jnpfKey,
        read: true,
        write: start,
        required: false,
      },
  );
  const put = (id: string, key: 'read' | 'write' | 'required', value: boolean) =>
    set(
      'formOperates',
      rows.map((row) => (row.id === id ? { ...row, [key]: value } : row)),
    );
  const column = (key: 'read' | 'write' | 'required') => ({
    title: t(`operates.${key}`),
    key,
    width: 70,
    render: (_: unknown, row: Operate) => (
      <Checkbox
        checked={row[key]}
        onChange={(e) => put(row.id, key, e.target.checked)}
        aria-label={`${row.name} ${t(`operates.${key}`)}`}
      />
    ),
  });
  return (
    <Table<Operate>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('operates.empty') }}
      columns={[
        { title: t('operates.field'), dataIndex: 'name', key: 'name' },
        column('read'),
        column('write'),
        column('required'),
      ]}
    />
  );
}

function StartPanel({
  p,
  set,
  t,
  fields,
}: {
  p: Props;
  set: Setter;
  t: TFunction;
  fields: FormFieldOption[];
}) {
  const forms = useQuery({ queryKey: designerKeys.forms, queryFn: fetchFlowForms });
  return (
    <Tabs
      items={[
        {
          key: 'basic',
          label: t('tabs.basic'),
          children: (
            <>
              <Item label={t('props.form')}>
                <Select
                  aria-label={t('props.form')}
                  showSearch
                  optionFilterProp="label"
                  loading={forms.isLoading}
                  value={(p.formId as string) || undefined}
                  options={(forms.data ?? []).map((f) => ({ value: f.id, label: f.fullName }))}
                  onChange={(value, option) => {
                    set('formId', value);
                    set('formName', (option as { label: string }).label);
                    set('formOperates', []);
                  }}
                  placeholder={t('props.formPlaceholder')}
                />
              </Item>
              <MemberPickers
                p={p}
                set={set}
                t={t}
                keys={['initiator', 'initiatePos', 'initiateRole', 'initiateOrg', 'initiateGroup']}
              />
              <Item label={t('props.titleType')}>
                <Radio.Group
                  value={Number(p.titleType ?? 0)}
                  onChange={(e) => set('titleType', e.target.value)}
                  options={[0, 1].map((v) => ({ value: v, label: t(`props.titleTypes.${v}`) }))}
                />
              </Item>
              {Number(p.titleType) === 1 && (
                <Item label={t('props.titleContent')}>
                  <Input
                    value={String(p.titleContent ?? '')}
                    onChange={(e) => set('titleContent', e.target.value)}
                    aria-label={t('props.titleContent')}
                  />
                </Item>
              )}
              <Item label={t('props.errorRule')}>
                <Select
                  aria-label={t('props.errorRule')}
                  value={Number(p.errorRule ?? 1)}
                  onChange={(v) => set('errorRule', v)}
                  options={[1, 2, 3, 4, 5].map((v) => ({ value: v, label: t(`props.errorRules.${v}`) }))}
                />
              </Item>
              {Number(p.errorRule) === 2 && (
                <Item label={t('props.errorRuleUser')}>
                  <UserSelect
                    multiple
                    value={ids(p.errorRuleUser)}
                    onChange={(v) => set('errorRuleUser', v)}
                  />
                </Item>
              )}
              {(['isComment', 'isBatchApproval', 'isSummary'] as const).map((key) => (
                <Item key={key} label={t(`props.${key}`)}>
                  <Switch
                    checked={Boolean(p[key])}
                    onChange={(v) => set(key, v)}
                    aria-label={t(`props.${key}`)}
                  />
                </Item>
              ))}
            </>
          ),
        },
        {
          key: 'form',
          label: t('tabs.form'),
          children: <FormOperates p={p} set={set} t={t} fields={fields} start />,
        },
        {
          key: 'buttons',
          label: t('tabs.buttons'),
          children: <Buttons p={p} set={set} t={t} pairs={START_BUTTONS} many={false} />,
        },
        {
          key: 'timing',
          label: t('tabs.timing'),
          children: <Timing p={p} set={set} t={t} inherit={false} />,
        },
        { key: 'copy', label: t('tabs.copy'), children: <Copies p={p} set={set} t={t} approver={false} /> },
        {
          key: 'events',
          label: t('tabs.events'),
          children: (
            <Events p={p} set={set} t={t} events={START_EVENTS} messages={START_MESSAGES} inherit={false} />
          ),
        },
      ]}
    />
  );
}

function ApproverPanel({
  p,
  set,
  t,
  fields,
  tree,
  nodeId,
}: {
  p: Props;
  set: Setter;
  t: TFunction;
  fields: FormFieldOption[];
  tree: DesignNode;
  nodeId: string;
}) {
  const type = Number(p.assigneeType ?? 6);
  const otherApprovers: { value: string; label: string }[] = [];
  walk(tree, (node) => {
    if (node.type === 'approver' && node.nodeId !== nodeId)
      otherApprovers.push({ value: node.nodeId, label: String(node.properties.title ?? node.nodeId) });
  });
  const fieldOptions = fields.map((f) => ({ value: f.id, label: f.name }));
  return (
    <Tabs
      items={[
        {
          key: 'basic',
          label: t('tabs.basic'),
          children: (
            <>
              <Item label={t('props.assigneeType')}>
                <Radio.Group
                  value={type}
                  onChange={(e) => set('assigneeType', e.target.value)}
                  options={ASSIGNEE_TYPES.map((v) => ({ value: v, label: t(`assigneeTypes.${v}`) }))}
                />
              </Item>
              {(type === 6 || type === 7) && (
                <MemberPickers
                  p={p}
                  set={set}
                  t={t}
                  keys={['approvers', 'approverPos', 'approverRole', 'approverOrg', 'approverGroup']}
                />
              )}
              {type === 1 && (
                <Item label={t('props.managerLevel')}>
                  <Select
                    aria-label={t('props.managerLevel')}
                    value={Number(p.managerLevel ?? 1)}
                    onChange={(v) => set('managerLevel', v)}
                    options={Array.from({ length: 10 }, (_, i) => ({
                      value: i + 1,
                      label: t('props.level', { level: i + 1 }),
                    }))}
                  />
                </Item>
              )}
              {type === 2 && (
                <Item label={t('props.departmentLevel')}>
                  <Select
                    aria-label={t('props.departmentLevel')}
                    value={Number(p.departmentLevel ?? 1)}
                    onChange={(v) => set('departmentLevel', v)}
                    options={Array.from({ length: 10 }, (_, i) => ({
                      value: i + 1,
                      label: t('props.level', { level: i + 1 }),
                    }))}
                  />
                </Item>
              )}
              {type === 4 && (
                <>
                  <Item label={t('props.formField')}>
                    <Select
                      aria-label={t('props.formField')}
                      value={(p.formField as string) || undefined}
                      options={fieldOptions}
                      onChange={(v) => set('formField', v)}
                    />
                  </Item>
                  <Item label={t('props.formFieldType')}>
                    <Radio.Group
                      value={Number(p.formFieldType ?? 1)}
                      onChange={(e) => set('formFieldType', e.target.value)}
                      options={[1, 2, 3, 4, 5].map((v) => ({
                        value: v,
                        label: t(`props.formFieldTypes.${v}`),
                      }))}
                    />
                  </Item>
                </>
              )}
              {type === 5 && (
                <Item label={t('props.nodeId')}>
                  <Select
                    aria-label={t('props.nodeId')}
                    value={(p.nodeId as string) || undefined}
                    options={otherApprovers}
                    onChange={(v) => set('nodeId', v)}
                  />
                </Item>
              )}
              {type === 9 && (
                <Item label={t('props.getUserUrl')}>
                  <Input
                    value={String(p.getUserUrl ?? '')}
                    onChange={(e) => set('getUserUrl', e.target.value)}
                    aria-label={t('props.getUserUrl')}
                  />
                </Item>
              )}
              <Item label={t('props.extraRule')}>
                <Select
                  aria-label={t('props.extraRule')}
                  value={Number(p.extraRule ?? 1)}
                  onChange={(v) => set('extraRule', v)}
                  options={[1, 6, 2, 3, 4, 5].map((v) => ({ value: v, label: t(`props.extraRules.${v}`) }))}
                />
              </Item>
              <Item label={t('props.counterSign')}>
                <Radio.Group
                  value={Number(p.counterSign ?? 0)}
                  onChange={(e) => set('counterSign', e.target.value)}
                  options={[0, 1, 2].map((v) => ({ value: v, label: t(`props.counterSigns.${v}`) }))}
                />
              </Item>
              {Number(p.counterSign) === 1 && (
                <Item label={t('props.countersignRatio')}>
                  <InputNumber
                    min={10}
                    max={100}
                    step={10}
                    value={Number(p.countersignRatio ?? 100)}
                    onChange={(v) => set('countersignRatio', v ?? 100)}
                    aria-label={t('props.countersignRatio')}
                    addonAfter="%"
                  />
                </Item>
              )}
              <Item label={t('props.rejectStep')}>
                <Select
                  aria-label={t('props.rejectStep')}
                  value={String(p.rejectStep ?? '0')}
                  onChange={(v) => set('rejectStep', v)}
                  options={[
                    ...['0', '1', '2'].map((v) => ({ value: v, label: t(`props.rejectSteps.${v}`) })),
                    ...otherApprovers,
                  ]}
                />
              </Item>
              <Item label={t('props.rejectType')}>
                <Radio.Group
                  value={Number(p.rejectType ?? 1)}
                  onChange={(e) => set('rejectType', e.target.value)}
                  options={[1, 2, 3].map((v) => ({ value: v, label: t(`props.rejectTypes.${v}`) }))}
                />
              </Item>
              <Item label={t('props.progress')}>
                <Select
                  aria-label={t('props.progress')}
                  value={Number(p.progress ?? 50)}
                  onChange={(v) => set('progress', v)}
                  options={[10, 20, 30, 40, 50, 60, 70, 80, 90].map((v) => ({ value: v, label: `${v}%` }))}
                />
              </Item>
              <Item label={t('props.agreeRules')}>
                <Checkbox.Group
                  value={Array.isArray(p.agreeRules) ? (p.agreeRules as number[]) : []}
                  onChange={(v) => {
                    set('agreeRules', v);
                    set('hasAgreeRule', v.length > 0);
                  }}
                  options={[2, 3, 4].map((v) => ({ value: v, label: t(`props.agreeRuleNames.${v}`) }))}
                />
              </Item>
              <Item label={t('props.description')}>
                <Input.TextArea
                  rows={2}
                  value={String(p.description ?? '')}
                  onChange={(e) => set('description', e.target.value)}
                  aria-label={t('props.description')}
                />
              </Item>
            </>
          ),
        },
        {
          key: 'form',
          label: t('tabs.form'),
          children: <FormOperates p={p} set={set} t={t} fields={fields} start={false} />,
        },
        {
          key: 'buttons',
          label: t('tabs.buttons'),
          children: <Buttons p={p} set={set} t={t} pairs={APPROVER_BUTTONS} many />,
        },
        { key: 'timing', label: t('tabs.timing'), children: <Timing p={p} set={set} t={t} inherit /> },
        { key: 'copy', label: t('tabs.copy'), children: <Copies p={p} set={set} t={t} approver /> },
        {
          key: 'events',
          label: t('tabs.events'),
          children: (
            <Events p={p} set={set} t={t} events={APPROVER_EVENTS} messages={APPROVER_MESSAGES} inherit />
          ),
        },
      ]}
    />
  );
}

type Rule = {
  field: string;
  fieldName?: string;
  jnpfKey?: string;
  symbol: string;
  fieldValue: unknown;
  fieldType: number;
  fieldValueType: number;
  logic: '&&' | '||';
};

function ConditionPanel({
  p,
  set,
  t,
  fields,
}: {
  p: Props;
  set: Setter;
  t: TFunction;
  fields: FormFieldOption[];
}) {
  const rules = Array.isArray(p.conditions) ? (p.conditions as Rule[]) : [];
  const put = (next: Rule[]) => set('conditions', next);
  const edit = (i: number, change: Partial<Rule>) =>
    put(rules.map((rule, j) => (j === i ? { ...rule, ...change } : rule)));
  if (p.isDefault) return <p>{t('summary.default')}</p>;
  return (
    <>
      {rules.map((rule, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; order is their identity
        <Space key={i} className="flow-panel__rule" wrap>
          <Select
            aria-label={t('condition.field')}
            style={{ width: 160 }}
            placeholder={t('condition.field')}
            value={rule.field || undefined}
            options={fields.map((f) => ({ value: f.id, label: f.name }))}
            onChange={(value) => {
              const field = fields.find((f) => f.id === value);
              edit(i, { field: value, fieldName: field?.name ?? value, jnpfKey: field?.jnpfKey ?? '' });
            }}
          />
          <Select
            aria-label={t('condition.symbol')}
            style={{ width: 110 }}
            value={rule.symbol}
            options={SYMBOLS.map((s) => ({ value: s, label: t(`condition.symbols.${s}`) }))}
            onChange={(symbol) => edit(i, { symbol })}
          />
          <Input
            aria-label={t('condition.value')}
            placeholder={t('condition.value')}
            style={{ width: 120 }}
            value={String(rule.fieldValue ?? '')}
            onChange={(e) => {
              const text = e.target.value;
              edit(i, { fieldValue: text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text });
            }}
          />
          {i < rules.length - 1 && (
            <Select
              aria-label={t('condition.logic')}
              style={{ width: 80 }}
              value={rule.logic}
              options={[
                { value: '&&', label: t('logic.and') },
                { value: '||', label: t('logic.or') },
              ]}
              onChange={(logic) => edit(i, { logic })}
            />
          )}
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('condition.remove')}
            onClick={() => put(rules.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() =>
          put([
            ...rules,
            { field: '', symbol: '==', fieldValue: '', fieldType: 1, fieldValueType: 2, logic: '&&' },
          ])
        }
      >
        {t('condition.add')}
      </Button>
    </>
  );
}

function SubFlowPanel({
  p,
  set,
  t,
  fields,
}: {
  p: Props;
  set: Setter;
  t: TFunction;
  fields: FormFieldOption[];
}) {
  const flows = useQuery({ queryKey: designerKeys.childFlows, queryFn: fetchChildFlows });
  const childFields = useQuery({
    queryKey: designerKeys.childFields(String(p.flowId ?? '')),
    queryFn: () => fetchChildFormFields(String(p.flowId)),
    enabled: Boolean(p.flowId),
  });
  const mapping = Array.isArray(p.assignList)
    ? (p.assignList as { parentField: string; childField: string }[])
    : [];
  const initiateType = Number(p.initiateType ?? 3);
  return (
    <>
      <Item label={t('props.subFlow')}>
        <Select
          aria-label={t('props.subFlow')}
          showSearch
          optionFilterProp="label"
          loading={flows.isLoading}
          value={(p.flowId as string) || undefined}
          options={(flows.data ?? []).map((f) => ({ value: f.id, label: f.fullName }))}
          onChange={(value, option) => {
            set('flowId', value);
            set('flowName', (option as { label: string }).label);
          }}
        />
      </Item>
      <Item label={t('props.isAsync')}>
        <Radio.Group
          value={Boolean(p.isAsync)}
          onChange={(e) => set('isAsync', e.target.value)}
          options={[
            { value: false, label: t('props.sync') },
            { value: true, label: t('props.async') },
          ]}
        />
      </Item>
      <Item label={t('props.initiateType')}>
        <Radio.Group
          value={initiateType}
          onChange={(e) => set('initiateType', e.target.value)}
          options={[6, 3, 1, 4].map((v) => ({ value: v, label: t(`assigneeTypes.${v}`) }))}
        />
      </Item>
      {initiateType === 6 && (
        <MemberPickers
          p={p}
          set={set}
          t={t}
          keys={['initiator', 'initiatePos', 'initiateRole', 'initiateOrg', 'initiateGroup']}
        />
      )}
      {initiateType === 4 && (
        <Item label={t('props.formField')}>
          <Select
            aria-label={t('props.formField')}
            value={(p.formField as string) || undefined}
            options={fields.map((f) => ({ value: f.id, label: f.name }))}
            onChange={(v) => set('formField', v)}
          />
        </Item>
      )}
      <Item label={t('props.assignList')}>
        {mapping.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: mapping rows have no id
          <Space key={i} wrap>
            <Select
              aria-label={t('props.parentField')}
              style={{ width: 160 }}
              value={row.parentField || undefined}
              placeholder={t('props.parentField')}
              options={fields.map((f) => ({ value: f.id, label: f.name }))}
              onChange={(v) =>
                set(
                  'assignList',
                  mapping.map((m, j) => (j === i ? { ...m, parentField: v } : m)),
                )
              }
            />
            <Select
              aria-label={t('props.childField')}
              placeholder={t('props.childField')}
              style={{ width: 160 }}
              loading={childFields.isLoading}
              value={row.childField || undefined}
              options={(childFields.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
              onChange={(v) =>
                set(
                  'assignList',
                  mapping.map((m, j) => (j === i ? { ...m, childField: v } : m)),
                )
              }
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('condition.remove')}
              onClick={() =>
                set(
                  'assignList',
                  mapping.filter((_, j) => j !== i),
                )
              }
            />
          </Space>
        ))}
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => set('assignList', [...mapping, { parentField: '', childField: '' }])}
        >
          {t('props.addMapping')}
        </Button>
      </Item>
    </>
  );
}

function TimerPanel({ p, set, t }: { p: Props; set: Setter; t: TFunction }) {
  return (
    <Space wrap>
      {(['day', 'hour', 'minute', 'second'] as const).map((unit) => (
        <Item key={unit} label={t(`timer.${unit}`)}>
          <InputNumber
            min={0}
            value={Number(p[unit] ?? 0)}
            onChange={(v) => set(unit, v ?? 0)}
            aria-label={t(`timer.${unit}`)}
          />
        </Item>
      ))}
    </Space>
  );
}

export function NodePanel({
  node,
  tree,
  onApply,
  onClose,
}: {
  node: DesignNode | null;
  tree: DesignNode;
  onApply(nodeId: string, properties: Props): void;
  onClose(): void;
}) {
  const { t } = useTranslation('flowEngine');
  const [draft, setDraft] = useState<Props>({});
  useEffect(() => setDraft(node ? structuredClone(node.properties) : {}), [node]);
  const set: Setter = (key, value) => setDraft((old) => ({ ...old, [key]: value }));
  const formId = String((node?.type === 'approver' && draft.formId) || tree.properties.formId || '');
  const fields = useQuery({
    queryKey: designerKeys.fields(formId),
    queryFn: () => fetchFormFields(formId),
    enabled: Boolean(formId) && node !== null,
  });
  const formFields = fields.data ?? [];
  const common = { p: draft, set, t, fields: formFields };
  return (
    <Drawer
      open={node !== null}
      onClose={onClose}
      size="large"
      title={node ? t(`kinds.${node.type}`) : ''}
      destroyOnHidden
      className="flow-panel"
      extra={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" onClick={() => node && onApply(node.nodeId, draft)}>
            {t('actions.ok')}
          </Button>
        </Space>
      }
    >
      {node && (
        <Form layout="vertical" component="div">
          <Item label={t('props.title')}>
            <Input
              value={String(draft.title ?? '')}
              maxLength={50}
              onChange={(e) => set('title', e.target.value)}
              aria-label={t('props.title')}
            />
          </Item>
          {node.type === 'condition' && (
            <Item label={t('condition.isDefault')}>
              <Switch
                checked={Boolean(draft.isDefault)}
                onChange={(v) => set('isDefault', v)}
                aria-label={t('condition.isDefault')}
              />
            </Item>
          )}
          {node.type === 'start' && <StartPanel {...common} />}
          {node.type === 'approver' && <ApproverPanel {...common} tree={tree} nodeId={node.nodeId} />}
          {node.type === 'condition' && <ConditionPanel {...common} />}
          {node.type === 'subFlow' && <SubFlowPanel {...common} />}
          {node.type === 'timer' && <TimerPanel p={draft} set={set} t={t} />}
        </Form>
      )}
    </Drawer>
  );
}
