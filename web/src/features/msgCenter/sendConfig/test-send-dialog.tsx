import type { SendResult, TemplateParam } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, List, Modal, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSelect, userIdsOf } from '../../../widgets/org-picker';
import { fetchTestChannels, testSend } from './api';

/** Test send (600 px): recipients and every param of the enabled templates, then each channel's result. */
export function TestSendDialog({ configId, onClose }: { configId: string | null; onClose(): void }) {
  const { t } = useTranslation('msgCenter');
  const [form] = Form.useForm<{ userIds: string[]; params: Record<string, string> }>();
  const [sending, setSending] = useState(false);
  const [results, setResults] = useState<SendResult[] | null>(null);
  const channels = useQuery({
    queryKey: ['msgSendConfig', 'test', configId],
    queryFn: () => fetchTestChannels(configId!),
    enabled: configId !== null,
  });
  const params = useMemo(() => {
    const byField = new Map<string, TemplateParam>();
    for (const channel of channels.data ?? []) for (const p of channel.params) byField.set(p.field, p);
    return [...byField.values()];
  }, [channels.data]);

  useEffect(() => {
    if (configId) {
      form.resetFields();
      setResults(null);
    }
  }, [configId, form]);

  const send = async () => {
    if (!configId) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSending(true);
    try {
      setResults(
        await testSend({
          id: configId,
          userIds: userIdsOf(values.userIds ?? []),
          params: values.params ?? {},
        }),
      );
    } catch {
      // shown by the client
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={configId !== null}
      width={600}
      title={t('sendConfig.testTitle')}
      okText={t('actions.send')}
      cancelText={t('actions.close')}
      confirmLoading={sending}
      loading={channels.isLoading}
      onOk={send}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('sendConfig.testHint')}</Typography.Paragraph>
      {channels.data?.length === 0 && <Alert type="warning" showIcon title={t('sendConfig.noChannels')} />}
      <Form form={form} name="msgTestSend" labelCol={{ style: { width: 100 } }}>
        <Form.Item
          name="userIds"
          label={t('fields.receiveUser')}
          rules={[{ required: true, message: t('rules.usersRequired') }]}
        >
          <UserSelect multiple placeholder={t('placeholders.users')} />
        </Form.Item>
        {params.map((p) => (
          <Form.Item
            key={p.field}
            name={['params', p.field]}
            label={p.fieldName}
            tooltip={`{${p.field}}`}
            rules={[{ required: true, whitespace: true, message: t('rules.paramRequired') }]}
          >
            <Input />
          </Form.Item>
        ))}
      </Form>
      {results && (
        <List
          size="small"
          header={t('sendConfig.results')}
          bordered
          data-testid="test-send-results"
          dataSource={results}
          renderItem={(r) => (
            <List.Item>
              <span>
                {t(`channels.${r.messageType}`)}
                {r.accountName ? ` · ${r.accountName}` : ''}
              </span>
              <span>
                <Tag color={r.state === 1 ? 'success' : 'error'}>{t(`states.${r.state}`)}</Tag>
                {r.error && <Typography.Text type="danger">{r.error}</Typography.Text>}
              </span>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
