import { useQuery } from '@tanstack/react-query';
import { Input, Radio, Select, Switch, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { UserSelect } from '../../org-picker';
import { designerKeys, type FormFieldOption, fetchFlowForms } from '../api';
import type { Props } from '../tree';
import { Events } from './events';
import { FormOperates } from './form-operates';
import {
  Buttons,
  Copies,
  Item,
  ids,
  MemberPickers,
  type Setter,
  START_BUTTONS,
  START_EVENTS,
  START_MESSAGES,
} from './parts';
import { Timing } from './timing';

/** The start node (workflow.md 2.2): who may launch, the form and its field rights, copies, buttons, timing, events and messages. */
export function StartPanel({
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
