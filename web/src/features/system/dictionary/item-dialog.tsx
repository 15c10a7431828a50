import { Limits } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Switch, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import {
  type DictionaryEntryForm,
  dictionaryKeys,
  fetchEntry,
  fetchEntrySelector,
  type SelectorNode,
  saveEntry,
} from './api';
import { dictionaryRules } from './rules';

/** What the dialog is opened with (console.md 4: id, type, isTree as the third argument). */
export interface ItemDialogTarget {
  id?: string;
  typeId: string;
  /** 1: the parent selector is enabled (tree dictionary). */
  isTree: number;
}

interface FormValues {
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

/** The type node the selector answers as root stands for the top level: sent as '0'. */
export function parentForServer(parentId: string, typeId: string): string {
  return parentId === typeId ? '0' : parentId;
}

/** A top-level item ('0') shows under the type root of the selector. */
export function parentForForm(parentId: string | null | undefined, typeId: string): string {
  return !parentId || parentId === '0' ? typeId : parentId;
}

/** Dictionary item dialog (600 px) of console.md 2.6 and 4. */
export function ItemDialog({
  target,
  onClose,
  onSaved,
}: {
  target: ItemDialogTarget | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('dictionary');
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [tree, setTree] = useState<SelectorNode[]>([]);
  const [version, setVersion] = useState<number | undefined>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const rules = dictionaryRules(t, 'item');
  const open = target !== null;

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    setLoading(true);
    const load = async () => {
      const nodes = await fetchEntrySelector(target.typeId, target.id, target.isTree);
      if (!current) return;
      setTree(nodes);
      if (target.id) {
        const entry = await fetchEntry(target.id);
        if (!current) return;
        setVersion(entry.version);
        form.setFieldsValue({
          parentId: parentForForm(entry.parentId, target.typeId),
          fullName: entry.fullName,
          enCode: entry.enCode,
          sortCode: entry.sortCode ?? 0,
          enabled: Number(entry.enabledMark) === 1,
          description: entry.description ?? '',
        });
      } else {
        // New items default the parent to the first tree entry (the type root).
        form.setFieldsValue({ parentId: nodes[0]?.id ?? target.typeId });
      }
    };
    load()
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [target, form]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const body: DictionaryEntryForm = {
      dictionaryTypeId: target.typeId,
      parentId: parentForServer(values.parentId, target.typeId),
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description ?? '',
    };
    if (target.id) {
      body.id = target.id;
      if (version !== undefined) body.version = version;
    }
    try {
      const msg = await saveEntry(body);
      toastSuccess(msg || t('saved'), 1.5);
      await queryClient.invalidateQueries({ queryKey: dictionaryKeys.all });
      onClose();
      onSaved();
    } catch {
      // The client showed the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={600}
      title={target?.id ? t('item.editTitle') : t('item.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      className="dictionary-item-dialog"
      loading={loading}
    >
      <Form<FormValues>
        form={form}
        name="dictionaryItem"
        labelCol={{ style: { width: 90 } }}
        initialValues={{ sortCode: 0, enabled: true, description: '' }}
        onFinish={submit}
      >
        <Form.Item name="parentId" label={t('fields.parent')} rules={rules.parent}>
          <TreeSelect
            treeData={tree}
            fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
            disabled={target?.isTree !== 1}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'fullName' }}
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
