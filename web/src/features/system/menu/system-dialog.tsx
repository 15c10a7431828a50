import { Limits, Patterns } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { fetchSystem, menuKeys, saveSystem } from './api';
import { codeRules, nameRules } from './rules';

interface Values {
  fullName: string;
  enCode: string;
  icon?: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

/** Application (system) dialog, 600 px. */
export function SystemDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('menu');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState<number | undefined>();

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    if (!target.id) return;
    setLoading(true);
    fetchSystem(target.id)
      .then((system) => {
        if (!current) return;
        setVersion(system.version);
        form.setFieldsValue({
          fullName: system.fullName,
          enCode: system.enCode,
          icon: system.icon ?? '',
          sortCode: system.sortCode,
          enabled: system.enabledMark === 1,
          description: system.description ?? '',
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
    setSaving(true);
    try {
      const msg = await saveSystem({
        id: target.id,
        version,
        fullName: values.fullName.trim(),
        enCode: values.enCode.trim(),
        icon: values.icon?.trim() || null,
        sortCode: values.sortCode ?? 0,
        enabledMark: values.enabled ? 1 : 0,
        description: values.description?.trim() || null,
      });
      toastSuccess(msg || t('saved'), 1.5);
      await queryClient.invalidateQueries({ queryKey: menuKeys.systems });
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
      title={target?.id ? t('system.editTitle') : t('system.newTitle')}
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
        name="system"
        labelCol={{ style: { width: 90 } }}
        initialValues={{ sortCode: 0, enabled: true }}
      >
        <Form.Item name="fullName" label={t('system.fullName')} rules={nameRules(t)}>
          <Input placeholder={t('placeholders.fullName')} maxLength={Limits.nameMax} />
        </Form.Item>
        <Form.Item name="enCode" label={t('system.enCode')} rules={codeRules(t, Patterns.code)}>
          <Input placeholder={t('placeholders.enCode')} maxLength={Limits.codeMax} />
        </Form.Item>
        <Form.Item name="icon" label={t('fields.icon')}>
          <Input placeholder={t('placeholders.icon')} />
        </Form.Item>
        <Form.Item name="sortCode" label={t('fields.sortCode')}>
          <InputNumber min={Limits.sortMin} max={Limits.sortMax} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
