import type { PushPreview } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../base/api/feedback';
import { type DepartmentPreview, type UserPreview, wechatApi } from './api';
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

interface PlanChange {
  /** create, update or rename: the tag's text is qy.actions.<action>. */
  action: string;
}

/**
 * One direction of an enterprise WeChat sync: a preview of what would change, shown as a table,
 * then the change applied and previewed again. The pull (WeChat → console) and the push (console →
 * WeChat) differ only in their texts, calls and columns.
 */
function PlanCard<C extends PlanChange, P extends { changes: C[]; unchanged: number }>({
  direction,
  cardTitle,
  testId,
  preview,
  apply,
  summary,
  rowKey,
  columns,
  leftOut,
}: {
  /** Names the texts (qy.<direction>…) and the test ids (<direction>-preview, …). */
  direction: 'sync' | 'push';
  cardTitle?: string;
  testId: string;
  preview: () => Promise<P>;
  apply: () => Promise<{ msg: string }>;
  summary: (plan: P) => string;
  rowKey: (change: C) => string;
  columns: { title: string; render: (change: C) => React.ReactNode }[];
  /** The line under the table naming what only one side has, if anything. */
  leftOut: (plan: P) => string | undefined;
}) {
  const { t } = useTranslation('wechat');
  const [plan, setPlan] = useState<P | null>(null);
  const load = () => attempt(async () => setPlan(await preview()));
  const run = () =>
    attempt(async () => {
      toastSuccess((await apply()).msg);
      setPlan(await preview());
    });
  const texts =
    direction === 'sync'
      ? {
          title: 'qy.pullTitle',
          hint: 'qy.syncHint',
          preview: 'qy.preview',
          apply: 'qy.sync',
          empty: 'qy.noPreview',
        }
      : {
          title: 'qy.pushTitle',
          hint: 'qy.pushHint',
          preview: 'qy.pushPreview',
          apply: 'qy.push',
          empty: 'qy.noPushPreview',
        };
  const footnote = plan ? leftOut(plan) : undefined;
  return (
    <Card
      title={cardTitle}
      className="wechat-page"
      data-testid={testId}
      style={direction === 'push' ? { marginTop: 16 } : undefined}
    >
      <Typography.Title level={5}>{t(texts.title)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(texts.hint)}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => void load()} data-testid={`${direction}-preview`}>
          {t(texts.preview)}
        </Button>
        <Button
          type="primary"
          disabled={!plan || plan.changes.length === 0}
          onClick={() => void run()}
          data-testid={`${direction}-apply`}
        >
          {t(texts.apply)}
        </Button>
      </Space>
      {plan ? (
        <>
          <Typography.Paragraph data-testid={`${direction}-summary`}>{summary(plan)}</Typography.Paragraph>
          <Table<C>
            size="small"
            rowKey={rowKey}
            data-testid={`${direction}-changes`}
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
              ...columns.map((c, i) => ({
                title: c.title,
                key: String(i),
                render: (_: unknown, row: C) => c.render(row),
              })),
            ]}
          />
          {footnote && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              {footnote}
            </Typography.Paragraph>
          )}
        </>
      ) : (
        <Empty description={t(texts.empty)} />
      )}
    </Card>
  );
}

/** The push card of both pages: the console's organisations or users, with their WeChat ids and parents. */
function PushCard({
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
  return (
    <PlanCard<PushPreview['changes'][number], PushPreview>
      direction="push"
      testId={testId}
      preview={preview}
      apply={push}
      summary={(plan) => t('qy.pushSummary', { changes: plan.changes.length, unchanged: plan.unchanged })}
      rowKey={(change) => change.id}
      columns={[
        { title: t('qy.consoleName'), render: (row) => (row.from ? `${row.from} → ${row.name}` : row.name) },
        { title: t('qy.wxId'), render: (row) => row.wxId ?? '' },
        { title: parentTitle, render: (row) => row.parentName },
      ]}
      leftOut={(plan) =>
        plan.onlyInWeChat.length > 0
          ? `${t('qy.onlyInWeChat')}: ${plan.onlyInWeChat.map((o) => `${o.name}(${o.id})`).join('、')}`
          : undefined
      }
    />
  );
}

/** The text under a pull preview naming what only the console has. */
function onlyInConsoleLine(t: (key: string) => string, names: string[]) {
  return names.length > 0 ? `${t('qy.onlyInConsole')}: ${names.join('、')}` : undefined;
}

/** 部门同步: the enterprise WeChat's departments against the organisations, previewed, then synced in. */
export function QyDepartmentPage() {
  const { t } = useTranslation('wechat');
  return (
    <>
      <PlanCard<DepartmentPreview['changes'][number], DepartmentPreview>
        direction="sync"
        cardTitle={t('qy.department')}
        testId="wechat-qy-department"
        preview={wechatApi.departmentPreview}
        apply={wechatApi.syncDepartments}
        summary={(plan) =>
          t('qy.summary', {
            remote: plan.remoteCount,
            changes: plan.changes.length,
            unchanged: plan.unchanged,
          })
        }
        rowKey={(change) => String(change.wxId)}
        columns={[
          { title: t('qy.deptId'), render: (row) => row.wxId },
          { title: t('qy.name'), render: (row) => (row.from ? `${row.from} → ${row.name}` : row.name) },
          { title: t('qy.parent'), render: (row) => row.parentName },
        ]}
        leftOut={(plan) =>
          onlyInConsoleLine(
            t,
            plan.onlyInConsole.map((o) => o.fullName),
          )
        }
      />
      <PushCard
        testId="wechat-qy-department-push"
        preview={wechatApi.departmentPushPreview}
        push={wechatApi.pushDepartments}
        parentTitle={t('qy.parent')}
      />
    </>
  );
}

/** 成员同步: members against the console's users (by account), previewed, then synced in. */
export function QyUserPage() {
  const { t } = useTranslation('wechat');
  return (
    <>
      <PlanCard<UserPreview['changes'][number], UserPreview>
        direction="sync"
        cardTitle={t('qy.user')}
        testId="wechat-qy-user"
        preview={wechatApi.userPreview}
        apply={wechatApi.syncUsers}
        summary={(plan) =>
          t('qy.summary', {
            remote: plan.remoteCount,
            changes: plan.changes.length,
            unchanged: plan.unchanged,
          })
        }
        rowKey={(change) => change.userid}
        columns={[
          { title: 'UserID', render: (row) => row.userid },
          { title: t('qy.name'), render: (row) => (row.from ? `${row.from} → ${row.name}` : row.name) },
          { title: t('qy.departmentName'), render: (row) => row.departmentName },
        ]}
        leftOut={(plan) =>
          onlyInConsoleLine(
            t,
            plan.onlyInConsole.map((u) => `${u.realName}(${u.account})`),
          )
        }
      />
      <PushCard
        testId="wechat-qy-user-push"
        preview={wechatApi.userPushPreview}
        push={wechatApi.pushUsers}
        parentTitle={t('qy.departmentName')}
      />
    </>
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
