import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type DataRuleCondition, Limits, Patterns } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { fetchItem, fetchItems, menuKeys, saveItem } from './api';
import { OPERATORS, VALUE_TYPES } from './item-dialog';
import { codeRules, nameRules } from './rules';

interface Values {
  fullName: string;
  enCode: string;
  allData: boolean;
  matchLogic: 'and' | 'or';
  conditions: DataRuleCondition[];
  sortCode: number;
  enabled: boolean;
  description?: string;
}

const NO_VALUE = new Set(['null', 'notNull']);

/**
 * Data-rule scheme editor (800 px): all data, or conditions on the page's data-rule fields with
 * an operator and a value kind (own organisation, own organisation and below, own records, or a
 * typed value), joined by and/or (packages/shared/src/dataScheme.ts).
 */
export function SchemeDialog({
  moduleId,
  target,
  onClose,
}: {
  moduleId: string;
  target: { id?: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('menu');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const allData = Form.useWatch('allData', form);
  const conditions = Form.useWatch('conditions', form) ?? [];
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState<number | undefined>();
  const fields = useQuery({
    queryKey: menuKeys.items('ModuleDataAuthorize', moduleId),
    queryFn: () => fetchItems('ModuleDataAuthorize', moduleId),
    enabled: target !== null,
  });
  const fieldList = fields.data ?? [];

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    if (!target.id) return;
    setLoading(true);
    fetchItem('ModuleDataAuthorizeScheme', target.id)
      .then((scheme) => {
        if (!current) return;
        setVersion(scheme.version);
        form.setFieldsValue({
          fullName: scheme.fullName,
          enCode: scheme.enCode,
          allData: scheme.allData === 1,
          matchLogic: scheme.conditionJson?.matchLogic ?? 'and',
          conditions: scheme.conditionJson?.conditions ?? [],
          sortCode: scheme.sortCode,
          enabled: scheme.enabledMark === 1,
          description: scheme.description ?? '',
        });
      })
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [target, form]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body: Record<string, unknown> & { id?: string } = {
      id: target.id,
      moduleId,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      allData: values.allData ? 1 : 0,
      conditionJson: values.allData
        ? null
        : {
            matchLogic: values.matchLogic,
            conditions: (values.conditions ?? []).map((condition) => ({
              ...condition,
              value:
                condition.valueType === 'text' && !NO_VALUE.has(condition.op) ? (condition.value ?? '') : '',
            })),
          },
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description?.trim() || null,
    };
    if (version !== undefined) body.version = version;
    setSaving(true);
    try {
      toastSuccess((await saveItem('ModuleDataAuthorizeScheme', body)) || t('saved'), 1.5);
      await queryClient.invalidateQueries({
        queryKey: menuKeys.items('ModuleDataAuthorizeScheme', moduleId),
      });
      onClose();
    } catch {
      // message shown; the dialog stays
    } finally {
      setSaving(false);
    }
  };

  /** A field's allowed operators and value kinds, as its data-rule field says. */
  const fieldOf = (code: string | undefined) => fieldList.find((field) => field.enCode === code);
  const allowed = (text: string | undefined, all: readonly string[]) =>
    text ? all.filter((value) => text.split(',').includes(value)) : all;

  return (
    <Modal
      open={target !== null}
      width={800}
      title={target?.id ? t('scheme.editTitle') : t('scheme.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values>
        form={form}
        name="scheme"
        labelCol={{ style: { width: 90 } }}
        initialValues={{ allData: false, matchLogic: 'and', conditions: [], sortCode: 0, enabled: true }}
      >
        <Form.Item name="fullName" label={t('scheme.fullName')} rules={nameRules(t)}>
          <Input maxLength={Limits.nameMax} />
        </Form.Item>
        <Form.Item name="enCode" label={t('scheme.enCode')} rules={codeRules(t, Patterns.code)}>
          <Input maxLength={Limits.codeMax} />
        </Form.Item>
        <Form.Item
          name="allData"
          label={t('scheme.allData')}
          valuePropName="checked"
          extra={t('scheme.allDataHint')}
        >
          <Switch />
        </Form.Item>
        {!allData && (
          <>
            <Form.Item name="matchLogic" label={t('scheme.matchLogic')}>
              <Radio.Group
                options={[
                  { value: 'and', label: t('scheme.and') },
                  { value: 'or', label: t('scheme.or') },
                ]}
              />
            </Form.Item>
            <Form.List
              name="conditions"
              rules={[
                {
                  validator: async (_, value: unknown[] | undefined) => {
                    if (!value?.length) throw new Error(t('scheme.needCondition'));
                  },
                },
              ]}
            >
              {(rows, { add, remove }, { errors }) => (
                <div className="scheme-conditions" data-testid="scheme-conditions">
                  {rows.map((row) => {
                    const condition = conditions[row.name];
                    const field = fieldOf(condition?.field);
                    const showValue =
                      (condition?.valueType ?? 'text') === 'text' && !NO_VALUE.has(condition?.op ?? '');
                    return (
                      <Space key={row.key} align="start" className="scheme-conditions__row">
                        <Form.Item
                          name={[row.name, 'field']}
                          rules={[{ required: true, message: t('scheme.field') }]}
                        >
                          <Select
                            style={{ width: 170 }}
                            placeholder={t('scheme.field')}
                            aria-label={t('scheme.field')}
                            options={fieldList.map((item) => ({ value: item.enCode, label: item.fullName }))}
                          />
                        </Form.Item>
                        <Form.Item
                          name={[row.name, 'op']}
                          rules={[{ required: true, message: t('scheme.op') }]}
                        >
                          <Select
                            style={{ width: 120 }}
                            placeholder={t('scheme.op')}
                            aria-label={t('scheme.op')}
                            options={allowed(field?.conditionSymbol, OPERATORS).map((value) => ({
                              value,
                              label: t(`operators.${value}`),
                            }))}
                          />
                        </Form.Item>
                        <Form.Item
                          name={[row.name, 'valueType']}
                          rules={[{ required: true, message: t('scheme.valueType') }]}
                        >
                          <Select
                            style={{ width: 170 }}
                            placeholder={t('scheme.valueType')}
                            aria-label={t('scheme.valueType')}
                            options={allowed(field?.conditionText, VALUE_TYPES).map((value) => ({
                              value,
                              label: t(`valueTypes.${value}`),
                            }))}
                          />
                        </Form.Item>
                        {showValue && (
                          <Form.Item
                            name={[row.name, 'value']}
                            rules={[{ required: true, whitespace: true, message: t('scheme.value') }]}
                          >
                            <Input
                              style={{ width: 170 }}
                              placeholder={t('scheme.value')}
                              aria-label={t('scheme.value')}
                              maxLength={500}
                            />
                          </Form.Item>
                        )}
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('scheme.removeCondition')}
                          onClick={() => remove(row.name)}
                        />
                      </Space>
                    );
                  })}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={fieldList.length === 0}
                    onClick={() => add({ op: '==', valueType: 'text', value: '' })}
                  >
                    {fieldList.length === 0 ? t('scheme.noFields') : t('scheme.addCondition')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </div>
              )}
            </Form.List>
          </>
        )}
        <Form.Item name="sortCode" label={t('fields.sortCode')}>
          <InputNumber min={Limits.sortMin} max={Limits.sortMax} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
