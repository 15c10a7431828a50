import { SaveOutlined } from '@ant-design/icons';
import type { SocialProviderConfig, SocialProviderInput } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Form, Input, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { AuthButton } from '../../../widgets/list/permission';
import { fetchSocials, saveSocial, sysConfigKeys } from './api';

/**
 * 第三方登录: the social sign-in providers (enterprise WeChat, DingTalk, Feishu). The secret is
 * sealed on the server and never answered; left empty, the stored one is kept.
 */
export function SocialsPanel() {
  const { t } = useTranslation('sysConfig');
  const socials = useQuery({ queryKey: sysConfigKeys.socials(), queryFn: fetchSocials });
  if (socials.isLoading) return <Spin />;
  if (!socials.data?.length) return <Empty />;
  return (
    <div data-testid="socials-panel">
      <Typography.Paragraph type="secondary">{t('socials.hint')}</Typography.Paragraph>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {socials.data.map((provider) => (
          <ProviderCard key={provider.enname} provider={provider} />
        ))}
      </Space>
    </div>
  );
}

function ProviderCard({ provider }: { provider: SocialProviderConfig }) {
  const { t } = useTranslation('sysConfig');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SocialProviderInput & { enabled: boolean }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const { enabled, ...values } = await form.validateFields();
      const msg = await saveSocial(provider.enname, { ...values, enabledMark: enabled ? 1 : 0 });
      toastSuccess(msg);
      form.setFieldValue('clientSecret', '');
      await queryClient.invalidateQueries({ queryKey: sysConfigKeys.socials() });
    } catch {
      // the toast or the form says why
    } finally {
      setSaving(false);
    }
  };
  const label = t(`socials.providers.${provider.enname}`, { defaultValue: provider.name });
  return (
    <Card
      size="small"
      data-testid={`social-${provider.enname}`}
      title={
        <Space>
          {label}
          {provider.enabledMark === 1 ? (
            <Tag color="green">{t('socials.on')}</Tag>
          ) : (
            <Tag>{t('socials.off')}</Tag>
          )}
          {provider.pkce && <Tag color="blue">PKCE</Tag>}
        </Space>
      }
    >
      <Form
        form={form}
        name={`social-${provider.enname}`}
        labelCol={{ style: { width: 150 } }}
        style={{ maxWidth: 720 }}
        initialValues={{
          enabled: provider.enabledMark === 1,
          clientId: provider.clientId,
          clientSecret: '',
          agentId: provider.agentId,
          authorizeBase: provider.authorizeBase,
          apiBase: provider.apiBase,
        }}
      >
        <Form.Item name="enabled" label={t('socials.enabled')} valuePropName="checked">
          <Switch data-testid={`social-${provider.enname}-enabled`} />
        </Form.Item>
        <Form.Item name="clientId" label={t('socials.clientId')}>
          <Input data-testid={`social-${provider.enname}-clientId`} maxLength={200} />
        </Form.Item>
        <Form.Item
          name="clientSecret"
          label={t('socials.clientSecret')}
          extra={provider.hasSecret ? t('socials.secretKept') : undefined}
        >
          <Input.Password
            data-testid={`social-${provider.enname}-secret`}
            placeholder={provider.hasSecret ? t('socials.secretSaved') : ''}
            autoComplete="new-password"
            maxLength={500}
          />
        </Form.Item>
        {provider.enname === 'wechat_enterprise' && (
          <Form.Item name="agentId" label="AgentID">
            <Input data-testid={`social-${provider.enname}-agentId`} maxLength={100} />
          </Form.Item>
        )}
        <Form.Item
          name="authorizeBase"
          label={t('socials.authorizeBase')}
          extra={t('socials.baseHint', { base: provider.defaultAuthorizeBase })}
        >
          <Input placeholder={provider.defaultAuthorizeBase} maxLength={300} />
        </Form.Item>
        <Form.Item
          name="apiBase"
          label={t('socials.apiBase')}
          extra={t('socials.baseHint', { base: provider.defaultApiBase })}
        >
          <Input placeholder={provider.defaultApiBase} maxLength={300} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <AuthButton
            code="btn_save"
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => void save()}
            data-testid={`social-${provider.enname}-save`}
          >
            {t('actions.save')}
          </AuthButton>
        </Form.Item>
      </Form>
    </Card>
  );
}
