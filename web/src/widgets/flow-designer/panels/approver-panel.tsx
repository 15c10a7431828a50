import { Checkbox, Input, InputNumber, Radio, Select, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import type { FormFieldOption } from '../api';
import { type DesignNode, type Props, walk } from '../tree';
import { Events } from './events';
import { FormOperates } from './form-operates';
import {
  APPROVER_BUTTONS,
  APPROVER_EVENTS,
  APPROVER_MESSAGES,
  ASSIGNEE_TYPES,
  Buttons,
  Copies,
  Item,
  MemberPickers,
  type Setter,
} from './parts';
import { Timing } from './timing';

/** An approver node (workflow.md 2.3): assignees, approval rules, field rights, copies, buttons, timing, events and messages. */
export function ApproverPanel({
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
                    suffix="%"
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
