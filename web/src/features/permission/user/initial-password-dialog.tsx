import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';

/** A user just added and the initial password the server generated for it (answered once). */
export interface InitialPassword {
  account: string;
  realName: string;
  password: string;
}

/**
 * After 新建用户: how the new user signs in — the account and the one-time initial password,
 * shown only here with a copy button; the user must change it at the first sign-in.
 */
export function InitialPasswordDialog({
  created,
  onClose,
}: {
  created: InitialPassword | null;
  onClose(): void;
}) {
  const { t } = useTranslation('user');

  const copy = async () => {
    if (!created) return;
    const text = t('initial.copyText', { account: created.account, password: created.password });
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    toastSuccess(t('copied'), 1);
  };

  return (
    <Modal
      open={created !== null}
      width={560}
      title={t('initial.title', { name: created?.realName ?? '' })}
      okText={t('actions.close')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
      mask={{ closable: false }}
      className="initial-password-dialog"
    >
      {created && (
        <div data-testid="initial-password">
          <Alert type="warning" showIcon title={t('initial.showOnce')} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('fields.account')}>
              <Typography.Text data-testid="initial-password-account">{created.account}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('initial.password')}>
              <div className="user-password">
                <Typography.Text strong data-testid="initial-password-value">
                  {created.password}
                </Typography.Text>
                <Button icon={<CopyOutlined />} onClick={copy}>
                  {t('reset.copy')}
                </Button>
              </div>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('initial.firstSignIn')}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
