import { CopyOutlined } from '@ant-design/icons';
import { Patterns } from '@console/shared';
import { Alert, Button, Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { resetPassword, type UserRow } from './api';

interface FormValues {
  mode: 'set' | 'random';
  password?: string;
  repeat?: string;
}

/**
 * Reset password (600 px): the administrator types a password twice, or lets the server pick a
 * random one, which is shown once here with a copy button. Either way the user must change it at
 * the next sign-in.
 */
export function ResetPasswordDialog({ target, onClose }: { target: UserRow | null; onClose(): void }) {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<FormValues>();
  const mode = Form.useWatch('mode', form);
  const [saving, setSaving] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);

  useEffect(() => {
    if (target) {
      form.resetFields();
      setGenerated(null);
    }
  }, [target, form]);

  const submit = async () => {
    if (!target) return;
    if (generated) {
      onClose();
      return;
    }
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const answer = await resetPassword(
        target.id,
        values.mode === 'random' ? { random: true } : { password: values.password ?? '' },
      );
      toastSuccess(answer.msg || t('passwordReset'), 1.5);
      if (values.mode === 'random' && answer.password) setGenerated(answer.password);
      else onClose();
    } catch {
      // message shown by the client; the dialog stays
    } finally {
      setSaving(false);
    }
  };

  const copy = async () => {
    if (!generated) return;
    await navigator.clipboard?.writeText(generated).catch(() => undefined);
    toastSuccess(t('copied'), 1);
  };

  return (
    <Modal
      open={target !== null}
      width={600}
      title={t('reset.title', { name: target?.realName ?? '' })}
      okText={generated ? t('actions.close') : t('actions.ok')}
      cancelText={t('actions.cancel')}
      cancelButtonProps={generated ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {generated ? (
        <div data-testid="generated-password">
          <Alert type="warning" showIcon title={t('reset.showOnce')} style={{ marginBottom: 16 }} />
          <div className="user-password">
            <Typography.Text strong data-testid="generated-password-value">
              {generated}
            </Typography.Text>
            <Button icon={<CopyOutlined />} onClick={copy} aria-label={t('reset.copy')}>
              {t('reset.copy')}
            </Button>
          </div>
        </div>
      ) : (
        <Form<FormValues>
          form={form}
          name="resetPassword"
          labelCol={{ style: { width: 100 } }}
          initialValues={{ mode: 'set' }}
        >
          <Form.Item name="mode" label={t('reset.mode')}>
            <Radio.Group
              options={[
                { value: 'set', label: t('reset.set') },
                { value: 'random', label: t('reset.random') },
              ]}
            />
          </Form.Item>
          {mode !== 'random' && (
            <>
              <Form.Item
                name="password"
                label={t('reset.password')}
                rules={[
                  { required: true, message: t('reset.passwordRequired') },
                  { pattern: Patterns.password, message: t('reset.passwordPattern') },
                ]}
              >
                <Input.Password autoComplete="new-password" placeholder={t('reset.password')} />
              </Form.Item>
              <Form.Item
                name="repeat"
                label={t('reset.repeat')}
                dependencies={['password']}
                rules={[
                  { required: true, message: t('reset.repeatRequired') },
                  ({ getFieldValue }) => ({
                    validator: (_, value) =>
                      !value || value === getFieldValue('password')
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('reset.mismatch'))),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" placeholder={t('reset.repeat')} />
              </Form.Item>
            </>
          )}
          <Typography.Paragraph type="secondary">{t('reset.note')}</Typography.Paragraph>
        </Form>
      )}
    </Modal>
  );
}
