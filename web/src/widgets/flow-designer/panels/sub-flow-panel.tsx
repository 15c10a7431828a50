import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Radio, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { designerKeys, type FormFieldOption, fetchChildFlows, fetchChildFormFields } from '../api';
import type { Props } from '../tree';
import { Item, MemberPickers, type Setter } from './parts';

/** A sub-flow node (workflow.md 2.4): the child flow, who launches it and the fields handed to it. */
export function SubFlowPanel({
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
