import { CopyOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Form, Input, Modal, Space, Spin, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import {
  type DataScreenItem,
  fetchShare,
  passwordDigest,
  revokeShare,
  type ScreenShare,
  saveShare,
  screenKeys,
  shareAddress,
} from './api';

interface Values {
  passUse: boolean;
  password?: string;
  expires?: Dayjs | null;
}

/**
 * 共享 (issue #25): a link for wall displays that cannot sign in, with an optional password and
 * expiry. The one who saves it becomes the user the link's data runs as; revoking ends the link.
 */
export function ShareDialog({ screen, onClose }: { screen: DataScreenItem; onClose(): void }) {
  const { t } = useTranslation('dataScreen');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const key = [...screenKeys.info(screen.id), 'share'];
  const share = useQuery({ queryKey: key, queryFn: () => fetchShare(screen.id) });
  const passUse = Form.useWatch('passUse', form);

  useEffect(() => {
    if (share.data)
      form.setFieldsValue({
        passUse: share.data.passUse,
        password: '',
        expires: share.data.expiresAt ? dayjs(share.data.expiresAt) : null,
      });
  }, [share.data, form]);

  const done = async (answer: { data: ScreenShare; msg: string }) => {
    queryClient.setQueryData(key, answer.data);
    await queryClient.invalidateQueries({ queryKey: screenKeys.all });
    toastSuccess(answer.msg);
  };

  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const typed = values.passUse && values.password ? await passwordDigest(values.password) : '';
      await done(
        await saveShare(screen.id, {
          enabled: true,
          passUse: values.passUse,
          password: typed,
          expiresAt: values.expires ? values.expires.valueOf() : null,
        }),
      );
      form.setFieldValue('password', '');
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    setBusy(true);
    try {
      await done(await revokeShare(screen.id));
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  const address = shareAddress(share.data?.link ?? '');
  const copy = async () => {
    await navigator.clipboard?.writeText(address).catch(() => undefined);
    toastSuccess(t('share.copied'));
  };

  return (
    <Modal
      open
      title={t('share.title', { name: screen.fullName })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          {share.data?.enabled ? (
            <Button danger onClick={() => void revoke()} loading={busy}>
              {t('share.revoke')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" onClick={() => void save()} loading={busy}>
            {share.data?.enabled ? t('share.save') : t('share.create')}
          </Button>
        </Space>
      }
    >
      {share.data ? (
        <div data-testid="screen-share-dialog">
          {share.data.released ? null : (
            <Alert type="warning" showIcon title={t('share.notReleased')} style={{ marginBottom: 12 }} />
          )}
          {share.data.enabled ? (
            <Form.Item label={t('share.link')} layout="vertical">
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  readOnly
                  value={address}
                  aria-label={t('share.link')}
                  data-testid="screen-share-link"
                />
                <Button icon={<CopyOutlined />} onClick={() => void copy()}>
                  {t('share.copy')}
                </Button>
              </Space.Compact>
              {share.data.owner ? (
                <div className="ant-form-item-extra">{t('share.owner', { name: share.data.owner })}</div>
              ) : null}
            </Form.Item>
          ) : (
            <Alert type="info" showIcon title={t('share.off')} style={{ marginBottom: 12 }} />
          )}
          <Form form={form} layout="vertical" initialValues={{ passUse: false, password: '', expires: null }}>
            <Form.Item name="passUse" label={t('share.passUse')} valuePropName="checked">
              <Switch aria-label={t('share.passUse')} />
            </Form.Item>
            {passUse ? (
              <Form.Item
                name="password"
                label={t('share.password')}
                extra={share.data.passUse ? t('share.passwordKeep') : undefined}
                rules={[{ required: !share.data.passUse, message: t('share.passwordRequired') }, { max: 50 }]}
              >
                <Input.Password aria-label={t('share.password')} autoComplete="new-password" maxLength={50} />
              </Form.Item>
            ) : null}
            <Form.Item name="expires" label={t('share.expires')} extra={t('share.expiresHint')}>
              <DatePicker
                showTime
                aria-label={t('share.expires')}
                style={{ width: '100%' }}
                disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              />
            </Form.Item>
          </Form>
        </div>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
