import { Limits, Patterns } from '@console/shared';
import { Form, Input, InputNumber, Modal, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { AREA_ROOT, type AreaForm, fetchArea, fetchAreaChildren, isAreaLeaf, saveArea } from './api';

interface ParentOption {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

interface FormValues {
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

/** What the dialog opens with: an id to edit, or the parent of a new area. */
export interface AreaDialogTarget {
  id?: string;
  parentId: string;
  parentName?: string;
}

/** Area dialog: parent (lazy tree select), name, code, sort, status, description. */
export function AreaDialog({
  target,
  onClose,
  onSaved,
}: {
  target: AreaDialogTarget | null;
  onClose(): void;
  onSaved(parentIds: string[]): void;
}) {
  const { t } = useTranslation('area');
  const [form] = Form.useForm<FormValues>();
  const [options, setOptions] = useState<ParentOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [original, setOriginal] = useState<{ parentId: string; version?: number } | null>(null);

  const rules: Record<string, Rule[]> = {
    parentId: [{ required: true, message: t('rules.parentRequired') }],
    fullName: [
      { required: true, whitespace: true, message: t('rules.fullNameRequired') },
      { max: Limits.nameMax, message: t('rules.fullNameMax') },
      { pattern: Patterns.name, message: t('rules.fullNameSpecial') },
    ],
    enCode: [
      { required: true, whitespace: true, message: t('rules.enCodeRequired') },
      { max: Limits.codeMax, message: t('rules.enCodeMax') },
      { pattern: Patterns.code, message: t('rules.enCodePattern') },
    ],
    sortCode: [
      {
        type: 'number',
        min: Limits.sortMin,
        max: Limits.sortMax,
        message: t('rules.sortRange', { min: Limits.sortMin, max: Limits.sortMax }),
      },
    ],
  };

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setOriginal(null);
    const top: ParentOption = {
      id: AREA_ROOT,
      pId: '',
      value: AREA_ROOT,
      title: t('topNode'),
      isLeaf: false,
    };
    const known: ParentOption[] = [top];
    if (target.parentId !== AREA_ROOT && target.parentName)
      known.push({
        id: target.parentId,
        pId: AREA_ROOT,
        value: target.parentId,
        title: target.parentName,
        isLeaf: false,
      });
    setOptions(known);
    form.setFieldsValue({ parentId: target.parentId });
    if (!target.id) return;
    setLoading(true);
    fetchArea(target.id)
      .then((area) => {
        if (!current) return;
        setOriginal({ parentId: area.parentId, version: area.version });
        form.setFieldsValue({
          parentId: area.parentId || AREA_ROOT,
          fullName: area.fullName,
          enCode: area.enCode,
          sortCode: area.sortCode ?? 0,
          enabled: Number(area.enabledMark) === 1,
          description: area.description ?? '',
        });
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [target, form, t]);

  const loadData = async (node: { id?: unknown; value?: unknown }) => {
    const parent = String(node.id ?? node.value ?? AREA_ROOT);
    if (options.some((option) => option.pId === parent)) return;
    const areas = await fetchAreaChildren(parent);
    setOptions((old) => [
      ...old,
      ...areas
        .filter((area) => area.id !== target?.id && !old.some((option) => option.id === area.id))
        .map((area) => ({
          id: area.id,
          pId: parent,
          value: area.id,
          title: area.fullName,
          isLeaf: isAreaLeaf(area),
        })),
    ]);
  };

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const body: AreaForm = {
      parentId: values.parentId,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description ?? '',
    };
    if (target.id) {
      body.id = target.id;
      if (original?.version !== undefined) body.version = original.version;
    }
    try {
      const msg = await saveArea(body);
      toastSuccess(msg || t('saved'), 1.5);
      onClose();
      onSaved([...new Set([values.parentId, original?.parentId ?? values.parentId])]);
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
      title={target?.id ? t('dialog.editTitle') : t('dialog.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      className="area-dialog"
    >
      <Form<FormValues>
        form={form}
        name="area"
        labelCol={{ style: { width: 90 } }}
        initialValues={{ sortCode: 0, enabled: true, description: '' }}
      >
        <Form.Item name="parentId" label={t('fields.parent')} rules={rules.parentId}>
          <TreeSelect
            treeDataSimpleMode
            treeData={options}
            loadData={loadData}
            placeholder={t('placeholders.parent')}
          />
        </Form.Item>
        <Form.Item name="fullName" label={t('fields.fullName')} rules={rules.fullName}>
          <Input placeholder={t('placeholders.fullName')} />
        </Form.Item>
        <Form.Item name="enCode" label={t('fields.enCode')} rules={rules.enCode}>
          <Input placeholder={t('placeholders.enCode')} />
        </Form.Item>
        <Form.Item name="sortCode" label={t('fields.sortCode')} rules={rules.sortCode}>
          <InputNumber min={Limits.sortMin} max={Limits.sortMax} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} placeholder={t('placeholders.description')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
