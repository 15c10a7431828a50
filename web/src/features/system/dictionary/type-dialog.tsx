import { Limits } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Switch, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import {
  type DictionaryTypeForm,
  dictionaryKeys,
  fetchType,
  fetchTypeSelector,
  type SelectorNode,
  saveType,
} from './api';
import { dictionaryRules } from './rules';

interface FormValues {
  parentId: string;
  fullName: string;
  enCode: string;
  tree: boolean;
  sortCode: number;
  description?: string;
}

/** The top level of the type tree. */
export const TOP_PARENT = '0';

/** Puts a top-level node above the selector's answer unless it already holds one. */
export function withTopNode(nodes: SelectorNode[], label: string): SelectorNode[] {
  if (nodes.some((node) => node.id === TOP_PARENT)) return nodes;
  return [{ id: TOP_PARENT, fullName: label, children: nodes }];
}

/** Dictionary-type dialog (console.md 2.6): the tree switch cannot change once the type exists. */
export function TypeDialog({
  target,
  onClose,
  onSaved,
}: {
  /** null: closed; {} new; { id } edit. */
  target: { id?: string } | null;
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
  const rules = dictionaryRules(t, 'type');
  const editing = Boolean(target?.id);

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    setLoading(true);
    const load = async () => {
      const nodes = await fetchTypeSelector(target.id);
      if (!current) return;
      setTree(withTopNode(nodes, t('type.topNode')));
      if (target.id) {
        const type = await fetchType(target.id);
        if (!current) return;
        setVersion(type.version);
        form.setFieldsValue({
          parentId: type.parentId || TOP_PARENT,
          fullName: type.fullName,
          enCode: type.enCode,
          tree: Number(type.isTree) === 1,
          sortCode: type.sortCode ?? 0,
          description: type.description ?? '',
        });
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
  }, [target, form, t]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const body: DictionaryTypeForm = {
      parentId: values.parentId || TOP_PARENT,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      isTree: values.tree ? 1 : 0,
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
    };
    if (target.id) {
      body.id = target.id;
      if (version !== undefined) body.version = version;
    }
    try {
      const msg = await saveType(body);
      toastSuccess(msg || t('saved'), 1.5);
      await queryClient.invalidateQueries({ queryKey: dictionaryKeys.all });
      onClose();
      onSaved();
    } catch {
      // Message shown by the client; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      width={600}
      title={editing ? t('type.editTitle') : t('type.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      className="dictionary-type-dialog"
    >
      <Form<FormValues>
        form={form}
        name="dictionaryType"
        labelCol={{ style: { width: 90 } }}
        initialValues={{ parentId: TOP_PARENT, tree: false, sortCode: 0, description: '' }}
      >
        <Form.Item name="parentId" label={t('fields.parent')} rules={rules.parent}>
          <TreeSelect
            treeData={tree}
            fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
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
        <Form.Item name="tree" label={t('fields.isTree')} valuePropName="checked">
          <Switch disabled={editing} />
        </Form.Item>
        <Form.Item name="sortCode" label={t('fields.sortCode')} rules={rules.sortCode}>
          <InputNumber min={Limits.sortMin} max={Limits.sortMax} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} placeholder={t('placeholders.description')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
