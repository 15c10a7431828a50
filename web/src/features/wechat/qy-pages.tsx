import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../base/api/feedback';
import { type DepartmentPreview, type PushPreview, type UserPreview, wechatApi } from './api';
import './wechat.css';

const attempt = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch {
    // toast shown
  }
};

/** 企业号配置: CorpID, AgentID, Secret (never shown back), API base. */
export function QyConfigPage() {
  const { t } = useTranslation('wechat');
  const [form] = Form.useForm();
  const config = useQuery({ queryKey: ['wechat', 'qyConfig'], queryFn: wechatApi.qyConfig });
  const data = config.data;
  const save = () =>
    attempt(async () => {
      const values = await form.validateFields();
      toastSuccess((await wechatApi.saveQyConfig(values)).msg);
      form.setFieldValue('secret', '');
      await config.refetch();
    });
  if (!data) return <Card loading />;
  return (
    <Card title={t('qy.config')} className="wechat-page" data-testid="wechat-qy-config">
      <Form form={form} layout="vertical" initialValues={{ ...data, secret: '' }} style={{ maxWidth: 640 }}>
        <Form.Item name="corpId" label="CorpID" rules={[{ required: true, message: t('required') }]}>
          <Input data-testid="qy-corpId" />
        </Form.Item>
        <Form.Item name="agentId" label="AgentID" rules={[{ required: true, message: t('required') }]}>
          <Input data-testid="qy-agentId" />
        </Form.Item>
        <Form.Item name="secret" label="Secret" extra={data.hasSecret ? t('secretKept') : undefined}>
          <Input.Password
            data-testid="qy-secret"
            placeholder={data.hasSecret ? t('secretSaved') : ''}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="apiBase"
          label={t('apiBase')}
          extra={t('apiBaseHint', { base: data.defaultApiBase })}
        >
          <Input data-testid="qy-apiBase" placeholder={data.defaultApiBase} />
        </Form.Item>
        <Space>
          <Button type="primary" onClick={() => void save()} data-testid="qy-save">
            {t('save')}
          </Button>
          <Button
            onClick={() => void attempt(async () => toastSuccess((await wechatApi.test('qy')).msg))}
            data-testid="qy-test"
          >
            {t('testConnection')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

function SyncPage<P extends DepartmentPreview | UserPreview>({
  title,
  testId,
  preview,
  sync,
  columns,
  onlyInConsole,
  after,
}: {
  after?: React.ReactNode;
  title: string;
  testId: string;
  preview: () => Promise<P>;
  sync: () => Promise<{ msg: string }>;
  columns: { title: string; render: (row: P['changes'][number]) => React.ReactNode }[];
  onlyInConsole: (p: P) => string[];
}) {
  const { t } = useTranslation('wechat');
  const [plan, setPlan] = useState<P | null>(null);
  const load = () => attempt(async () => setPlan(await preview()));
  const apply = () =>
    attempt(async () => {
      toastSuccess((await sync()).msg);
      setPlan(await preview());
    });
  return (
    <>
      <Card title={title} className="wechat-page" data-testid={testId}>
        <Typography.Title level={5}>{t('qy.pullTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('qy.syncHint')}</Typography.Paragraph>
        <Space style={{ marginBottom: 12 }}>
          <Button onClick={() => void load()} data-testid="sync-preview">
            {t('qy.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!plan || plan.changes.length === 0}
            onClick={() => void apply()}
            data-testid="sync-apply"
          >
            {t('qy.sync')}
          </Button>
        </Space>
        {plan ? (
          <>
            <Typography.Paragraph data-testid="sync-summary">
              {t('qy.summary', {
                remote: plan.remoteCount,
                changes: plan.changes.length,
                unchanged: plan.unchanged,
              })}
            </Typography.Paragraph>
            <Table
              size="small"
              // A department change is keyed by its WeChat id, a member change by its WeChat userid.
              rowKey={(change) => ('wxId' in change ? String(change.wxId) : String(change.userid))}
              data-testid="sync-changes"
              pagination={false}
              dataSource={plan.changes as P['changes'][number][]}
              columns={[
                {
                  title: t('qy.action'),
                  key: 'action',
                  render: (_, row) => (
                    <Tag color={row.action === 'create' ? 'green' : 'blue'}>
                      {t(`qy.actions.${row.action}`)}
                    </Tag>
                  ),
                },
                ...columns.map((c, i) => ({
                  title: c.title,
                  key: String(i),
                  render: (_: unknown, row: P['changes'][number]) => c.render(row),
                })),
              ]}
            />
            {onlyInConsole(plan).length > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                {t('qy.onlyInConsole')}: {onlyInConsole(plan).join('、')}
              </Typography.Paragraph>
            )}
          </>
        ) : (
          <Empty description={t('qy.noPreview')} />
        )}
      </Card>
      {after}
    </>
  );
}

/** The other way: the console's organisations or users pushed to enterprise WeChat, after a preview. */
function PushPanel({
  testId,
  preview,
  push,
  parentTitle,
}: {
  testId: string;
  preview: () => Promise<PushPreview>;
  push: () => Promise<{ msg: string }>;
  parentTitle: string;
}) {
  const { t } = useTranslation('wechat');
  const [plan, setPlan] = useState<PushPreview | null>(null);
  const load = () => attempt(async () => setPlan(await preview()));
  const apply = () =>
    attempt(async () => {
      toastSuccess((await push()).msg);
      setPlan(await preview());
    });
  return (
    <Card className="wechat-page" data-testid={testId} style={{ marginTop: 16 }}>
      <Typography.Title level={5}>{t('qy.pushTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('qy.pushHint')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => void load()} data-testid="push-preview">
          {t('qy.pushPreview')}
        </Button>
        <Button
          type="primary"
          disabled={!plan || plan.changes.length === 0}
          onClick={() => void apply()}
          data-testid="push-apply"
        >
          {t('qy.push')}
        </Button>
      </Space>
      {plan ? (
        <>
          <Typography.Paragraph data-testid="push-summary">
            {t('qy.pushSummary', { changes: plan.changes.length, unchanged: plan.unchanged })}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="id"
            data-testid="push-changes"
            pagination={plan.changes.length > 20 ? { pageSize: 20 } : false}
            dataSource={plan.changes}
            columns={[
              {
                title: t('qy.action'),
                key: 'action',
                render: (_, row) => (
                  <Tag color={row.action === 'create' ? 'green' : 'blue'}>
                    {t(`qy.actions.${row.action}`)}
                  </Tag>
                ),
              },
              {
                title: t('qy.consoleName'),
                key: 'name',
                render: (_, row) => (row.from ? `${row.from} → ${row.name}` : row.name),
              },
              { title: t('qy.wxId'), key: 'wxId', render: (_, row) => row.wxId ?? '' },
              { title: parentTitle, key: 'parent', render: (_, row) => row.parentName },
            ]}
          />
          {plan.onlyInWeChat.length > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              {t('qy.onlyInWeChat')}: {plan.onlyInWeChat.map((o) => `${o.name}(${o.id})`).join('、')}
            </Typography.Paragraph>
          )}
        </>
      ) : (
        <Empty description={t('qy.noPushPreview')} />
      )}
    </Card>
  );
}

/** 部门同步: the enterprise WeChat's departments against the organisations, previewed, then synced in. */
export function QyDepartmentPage() {
  const { t } = useTranslation('wechat');
  return (
    <SyncPage<DepartmentPreview>
      title={t('qy.department')}
      testId="wechat-qy-department"
      preview={wechatApi.departmentPreview}
      sync={wechatApi.syncDepartments}
      columns={[
        { title: t('qy.deptId'), render: (row) => row.wxId },
        { title: t('qy.name'), render: (row) => (row.from ? `${row.from} → ${row.name}` : row.name) },
        { title: t('qy.parent'), render: (row) => row.parentName },
      ]}
      onlyInConsole={(p) => p.onlyInConsole.map((o) => o.fullName)}
      after={
        <PushPanel
          testId="wechat-qy-department-push"
          preview={wechatApi.departmentPushPreview}
          push={wechatApi.pushDepartments}
          parentTitle={t('qy.parent')}
        />
      }
    />
  );
}

/** 成员同步: members against the console's users (by account), previewed, then synced in. */
export function QyUserPage() {
  const { t } = useTranslation('wechat');
  return (
    <SyncPage<UserPreview>
      title={t('qy.user')}
      testId="wechat-qy-user"
      preview={wechatApi.userPreview}
      sync={wechatApi.syncUsers}
      columns={[
        { title: 'UserID', render: (row) => row.userid },
        { title: t('qy.name'), render: (row) => (row.from ? `${row.from} → ${row.name}` : row.name) },
        { title: t('qy.departmentName'), render: (row) => row.departmentName },
      ]}
      onlyInConsole={(p) => p.onlyInConsole.map((u) => `${u.realName}(${u.account})`)}
      after={
        <PushPanel
          testId="wechat-qy-user-push"
          preview={wechatApi.userPushPreview}
          push={wechatApi.pushUsers}
          parentTitle={t('qy.departmentName')}
        />
      }
    />
  );
}

/** 应用消息: text, card or markdown to members, departments or tags; history and status. */
export function QyMessagePage() {
  const { t } = useTranslation('wechat');
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const msgType = Form.useWatch('msgType', form);
  const history = useQuery({
    queryKey: ['wechat', 'qyMessages'],
    queryFn: () => wechatApi.qyMessages({ currentPage: 1, pageSize: 50 }),
  });
  const send = () =>
    attempt(async () => {
      const values = await form.validateFields();
      toastSuccess((await wechatApi.sendQy(values)).msg);
      await queryClient.invalidateQueries({ queryKey: ['wechat', 'qyMessages'] });
    });
  const ids = (name: string, label: string) => (
    <Form.Item name={name} label={label}>
      <Select mode="tags" tokenSeparators={[',', '|', ' ']} open={false} />
    </Form.Item>
  );
  return (
    <Card title={t('qy.message')} className="wechat-page" data-testid="wechat-qy-message">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ msgType: 'text', toUser: [], toParty: [], toTag: [] }}
        style={{ maxWidth: 640 }}
      >
        {ids('toUser', t('qy.toUser'))}
        {ids('toParty', t('qy.toParty'))}
        {ids('toTag', t('qy.toTag'))}
        <Form.Item name="msgType" label={t('msgType')}>
          <Select
            options={['text', 'textcard', 'markdown'].map((v) => ({ value: v, label: t(`qy.types.${v}`) }))}
          />
        </Form.Item>
        {msgType === 'textcard' && (
          <>
            <Form.Item name="title" label={t('qy.cardTitle')}>
              <Input />
            </Form.Item>
            <Form.Item name="url" label={t('qy.cardUrl')}>
              <Input />
            </Form.Item>
          </>
        )}
        <Form.Item name="content" label={t('content')} rules={[{ required: true, message: t('required') }]}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Button type="primary" onClick={() => void send()}>
          {t('qy.send')}
        </Button>
      </Form>
      <Table
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        dataSource={history.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('time'), dataIndex: 'creatorTime', render: (v: number) => new Date(v).toLocaleString() },
          {
            title: t('qy.recipients'),
            dataIndex: 'target',
            render: (v: Record<string, string[]>) =>
              [...(v.toUser ?? []), ...(v.toParty ?? []), ...(v.toTag ?? [])].join('、'),
          },
          { title: t('msgType'), dataIndex: 'msgType' },
          {
            title: t('content'),
            dataIndex: 'content',
            ellipsis: true,
            render: (v: Record<string, unknown>) => String(v.content ?? v.description ?? ''),
          },
          {
            title: t('status'),
            dataIndex: 'status',
            render: (v: string) => t(`statuses.${v}`, { defaultValue: v }),
          },
          { title: t('qy.note'), dataIndex: 'errmsg', ellipsis: true },
        ]}
      />
    </Card>
  );
}
