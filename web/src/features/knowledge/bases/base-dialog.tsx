import { KB_DEFAULT_MIN_SCORE, KB_DEFAULT_NO_ANSWER, type KbBaseBody } from '@console/shared';
import { Col, Form, Input, InputNumber, Row, Switch, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordModal, useRecordDialog } from '../../../widgets/list/record-dialog';
import { UserSelect } from '../../../widgets/org-picker';
import { fetchBase, type KnowledgeBase, knowledgeKeys, saveBase } from './api';
import { grantsOf, pickerValueOf } from './grants';

/** Tabs of the dialog; the detail drawer opens it on the one being edited. */
export type BaseDialogTab = 'basic' | 'settings' | 'grants';

export interface BaseDialogTarget {
  id?: string;
  tab?: BaseDialogTab;
}

interface BaseValues {
  fullName: string;
  description?: string;
  sortCode: number;
  enabled: boolean;
  maxChars: number;
  splitOnHeadings: boolean;
  topK: number;
  minScore: number;
  noAnswerText: string;
  qaThreshold: number;
  useLlm: boolean;
  manage: string[];
  use: string[];
}

const DEFAULTS: BaseValues = {
  fullName: '',
  description: '',
  sortCode: 0,
  enabled: true,
  maxChars: 500,
  splitOnHeadings: true,
  topK: 5,
  minScore: KB_DEFAULT_MIN_SCORE,
  noAnswerText: KB_DEFAULT_NO_ANSWER,
  qaThreshold: 0.9,
  useLlm: true,
  manage: [],
  use: [],
};

/** The tab each field is on (the rest are settings): a refused save shows the tab of its first error. */
const TAB_OF: Partial<Record<keyof BaseValues, BaseDialogTab>> = {
  fullName: 'basic',
  description: 'basic',
  sortCode: 'basic',
  enabled: 'basic',
  manage: 'grants',
  use: 'grants',
};

function valuesOf(base: KnowledgeBase): BaseValues {
  return {
    fullName: base.fullName,
    description: base.description ?? '',
    sortCode: base.sortCode,
    enabled: Number(base.enabledMark) === 1,
    ...base.chunkSettings,
    ...base.answerSettings,
    manage: pickerValueOf(base.grants, 'manage'),
    use: pickerValueOf(base.grants, 'use'),
  };
}

function bodyOf(values: BaseValues): KbBaseBody {
  return {
    fullName: values.fullName.trim(),
    description: values.description?.trim() ?? '',
    sortCode: values.sortCode ?? 0,
    enabledMark: values.enabled ? 1 : 0,
    chunkSettings: { maxChars: values.maxChars, splitOnHeadings: values.splitOnHeadings },
    answerSettings: {
      topK: values.topK,
      minScore: values.minScore,
      noAnswerText: values.noAnswerText.trim(),
      qaThreshold: values.qaThreshold,
      useLlm: values.useLlm,
    },
    grants: [...grantsOf(values.manage, 'manage').grants, ...grantsOf(values.use, 'use').grants],
  };
}

/** Create or edit a knowledge base: name and state, chunk and answer settings, grants. */
export function BaseDialog({ target, onClose }: { target: BaseDialogTarget | null; onClose(): void }) {
  const { t } = useTranslation('knowledgeBase');
  const [form] = Form.useForm<BaseValues>();
  const dialog = useRecordDialog<BaseValues, KnowledgeBase>({
    form,
    target,
    load: fetchBase,
    toValues: valuesOf,
    save: (values, version) =>
      saveBase({ ...bodyOf(values), ...(version !== undefined ? { version } : {}) }, target?.id),
    invalidate: [knowledgeKeys.all],
    onClose,
  });
  const [tab, setTab] = useState<BaseDialogTab>('basic');
  useEffect(() => {
    if (target) setTab(target.tab ?? 'basic');
  }, [target]);
  const submit = () =>
    form.validateFields().then(
      () => dialog.submit(),
      (error: { errorFields?: { name: (string | number)[] }[] }) => {
        const first = error.errorFields?.[0]?.name[0] as keyof BaseValues | undefined;
        if (first) setTab(TAB_OF[first] ?? 'settings');
      },
    );
  const grantsRule = {
    validator: (_: unknown, value: string[] | undefined) =>
      grantsOf(value, 'use').refused.length > 0
        ? Promise.reject(new Error(t('grants.refused')))
        : Promise.resolve(),
  };
  const range = (min: number, max: number, message: string) => [
    { required: true, message },
    { type: 'number' as const, min, max, message },
  ];

  const basic = (
    <>
      <Form.Item
        name="fullName"
        label={t('fields.fullName')}
        rules={[
          { required: true, whitespace: true, message: t('rules.fullName') },
          { max: 50, message: t('rules.fullNameMax') },
        ]}
      >
        <Input placeholder={t('fields.fullName')} maxLength={60} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="sortCode" label={t('fields.sortCode')}>
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </>
  );

  const settings = (
    <>
      <div className="kb-form__section">{t('settings.chunk')}</div>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="maxChars"
            label={t('fields.maxChars')}
            tooltip={t('help.maxChars')}
            rules={range(50, 2000, t('rules.maxChars'))}
          >
            <InputNumber min={50} max={2000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="splitOnHeadings"
            label={t('fields.splitOnHeadings')}
            tooltip={t('help.splitOnHeadings')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <div className="kb-form__section">{t('settings.answer')}</div>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="topK" label={t('fields.topK')} rules={range(1, 20, t('rules.topK'))}>
            <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="minScore"
            label={t('fields.minScore')}
            tooltip={t('help.minScore')}
            rules={range(0, 1, t('rules.unit'))}
          >
            <InputNumber min={0} max={1} step={0.05} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="qaThreshold"
            label={t('fields.qaThreshold')}
            tooltip={t('help.qaThreshold')}
            rules={range(0, 1, t('rules.unit'))}
          >
            <InputNumber min={0} max={1} step={0.05} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="useLlm"
            label={t('fields.useLlm')}
            tooltip={t('help.useLlm')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="noAnswerText"
        label={t('fields.noAnswerText')}
        rules={[
          { required: true, whitespace: true, message: t('rules.noAnswerText') },
          { max: 500, message: t('rules.noAnswerTextMax') },
        ]}
      >
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </>
  );

  const grants = (
    <>
      <p className="kb-form__hint">{t('grants.hint')}</p>
      <Form.Item
        name="manage"
        label={t('grants.manage')}
        tooltip={t('grants.manageHelp')}
        rules={[grantsRule]}
      >
        <UserSelect multiple placeholder={t('grants.placeholder')} />
      </Form.Item>
      <Form.Item name="use" label={t('grants.use')} tooltip={t('grants.useHelp')} rules={[grantsRule]}>
        <UserSelect multiple placeholder={t('grants.placeholder')} />
      </Form.Item>
    </>
  );

  return (
    <RecordModal<BaseValues>
      open={target !== null}
      title={target?.id ? t('dialog.edit') : t('dialog.add')}
      dialog={{ ...dialog, submit }}
      onClose={onClose}
      form={form}
      name="knowledgeBase"
      initialValues={DEFAULTS}
      width={760}
      labelWidth={130}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as BaseDialogTab)}
        items={[
          { key: 'basic', label: t('tabs.basic'), children: basic, forceRender: true },
          { key: 'settings', label: t('tabs.settings'), children: settings, forceRender: true },
          { key: 'grants', label: t('tabs.grants'), children: grants, forceRender: true },
        ]}
      />
    </RecordModal>
  );
}
