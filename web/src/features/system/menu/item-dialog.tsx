import { DATA_FIELD_TYPES, DataRuleOperator, DataRuleValueType, Limits } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { fetchItem, type ItemKind, isLinkedKind, LINK_TYPE, menuKeys, saveItem } from './api';
import { dataFieldTypeOf, LinkFieldInput, type PickedField } from './link-fields';
import { codeRules, ITEM_CODE, nameRules } from './rules';

interface Values {
  fullName: string;
  enCode: string;
  bindTable?: string;
  type?: string;
  conditionSymbol?: string[];
  conditionText?: string[];
  sortCode: number;
  enabled: boolean;
  description?: string;
}

export const OPERATORS = Object.values(DataRuleOperator);
export const VALUE_TYPES = Object.values(DataRuleValueType);
const list = (text: string | null | undefined) => (text ? text.split(',').filter(Boolean) : []);

/**
 * Dialog (600 px) of one item of a page: a button, a list column, a form field, or a data-rule
 * field (with its type, the operators and the value kinds a scheme may use on it).
 */
export function ItemDialog({
  kind,
  moduleId,
  target,
  onClose,
}: {
  kind: Exclude<ItemKind, 'ModuleDataAuthorizeScheme'>;
  moduleId: string;
  target: { id?: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('menu');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState<number | undefined>();
  const isField = kind === 'ModuleDataAuthorize';
  const bindable = kind === 'ModuleColumn' || kind === 'ModuleForm' || isField;

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    if (!target.id) return;
    setLoading(true);
    fetchItem(kind, target.id)
      .then((item) => {
        if (!current) return;
        setVersion(item.version);
        form.setFieldsValue({
          fullName: item.fullName,
          enCode: item.enCode,
          bindTable: item.bindTable ?? '',
          type: item.type,
          conditionSymbol: list(item.conditionSymbol),
          conditionText: list(item.conditionText),
          sortCode: item.sortCode,
          enabled: item.enabledMark === 1,
          description: item.description ?? '',
        });
      })
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [target, form, kind]);

  /** A field picked from a linked table fills its table, its label and (data rules) its type. */
  const pick = (field: PickedField) => {
    const values: Partial<Values> = { enCode: field.field, bindTable: field.table };
    if (field.fieldName) values.fullName = field.fieldName;
    const type = isField ? dataFieldTypeOf(field.dataType) : undefined;
    if (type) values.type = type;
    form.setFieldsValue(values);
    void form.validateFields(['enCode', 'fullName']).catch(() => undefined);
  };

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body: Record<string, unknown> & { id?: string } = {
      id: target.id,
      moduleId,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description?.trim() || null,
    };
    if (version !== undefined) body.version = version;
    if (bindable) body.bindTable = values.bindTable?.trim() || null;
    if (isField) {
      body.type = values.type;
      body.conditionSymbol = (values.conditionSymbol ?? []).join(',');
      body.conditionText = (values.conditionText ?? []).join(',');
    }
    setSaving(true);
    try {
      toastSuccess((await saveItem(kind, body)) || t('saved'), 1.5);
      await queryClient.invalidateQueries({ queryKey: menuKeys.items(kind, moduleId) });
      onClose();
    } catch {
      // message shown; the dialog stays
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      width={600}
      title={t(target?.id ? 'items.editTitle' : 'items.newTitle', { kind: t(`items.kinds.${kind}`) })}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name={`item-${kind}`}
        labelCol={{ style: { width: 90 } }}
        initialValues={{
          sortCode: 0,
          enabled: true,
          type: 'varchar',
          conditionSymbol: ['=='],
          conditionText: ['text'],
        }}
      >
        <Form.Item
          name="fullName"
          label={t(isField ? 'items.fieldLabel' : 'items.fullName')}
          rules={nameRules(t)}
        >
          <Input maxLength={Limits.nameMax} />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t(isField ? 'items.fieldName' : 'items.enCode')}
          rules={codeRules(t, ITEM_CODE, t('rules.itemCode'))}
        >
          {isLinkedKind(kind) ? (
            <LinkFieldInput
              moduleId={moduleId}
              type={LINK_TYPE[kind]}
              onPick={pick}
              maxLength={Limits.codeMax}
            />
          ) : (
            <Input maxLength={Limits.codeMax} />
          )}
        </Form.Item>
        {bindable && (
          <Form.Item name="bindTable" label={t('items.bindTable')}>
            <Input maxLength={100} />
          </Form.Item>
        )}
        {isField && (
          <>
            <Form.Item
              name="type"
              label={t('items.fieldType')}
              rules={[{ required: true, message: t('rules.select') }]}
            >
              <Select
                options={DATA_FIELD_TYPES.map((value) => ({ value, label: t(`dataTypes.${value}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="conditionSymbol"
              label={t('items.conditionSymbol')}
              rules={[{ required: true, type: 'array', min: 1, message: t('rules.select') }]}
            >
              <Select
                mode="multiple"
                options={OPERATORS.map((value) => ({ value, label: t(`operators.${value}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="conditionText"
              label={t('items.conditionText')}
              rules={[{ required: true, type: 'array', min: 1, message: t('rules.select') }]}
            >
              <Select
                mode="multiple"
                options={VALUE_TYPES.map((value) => ({ value, label: t(`valueTypes.${value}`) }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="sortCode" label={t('fields.sortCode')}>
          <InputNumber min={Limits.sortMin} max={Limits.sortMax} precision={0} style={{ width: '100%' }} />
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
