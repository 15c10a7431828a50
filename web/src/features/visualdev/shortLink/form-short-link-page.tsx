import { parseFormData } from '@console/shared';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Result,
  Space,
  Spin,
  Table,
  type TableColumnsType,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../base/api';
import { FormRenderer, submitValues } from '../../../widgets/form/form-renderer';
import type { FormSchema } from '../../../widgets/form/types';
import {
  type Channel,
  checkPassword,
  fetchLinkConfig,
  fetchLinkInfo,
  fetchLinkList,
  fetchLinkRecord,
  type LinkTicket,
  submitRecord,
} from './api';
import './form-short-link.css';

interface ColumnEntry {
  prop: string;
  label?: string;
}

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

const cellText = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** The password of a protected part: checked by the server, which answers the pass the next calls carry. */
function PasswordStep({
  modelId,
  encryption,
  channel,
  onPassed,
}: {
  modelId: string;
  encryption: string;
  channel: Channel;
  onPassed(pass: string): void;
}) {
  const { t } = useTranslation('shortLink');
  const [form] = Form.useForm<{ password: string }>();
  const [checking, setChecking] = useState(false);
  const submit = async ({ password }: { password: string }) => {
    setChecking(true);
    try {
      onPassed((await checkPassword(modelId, encryption, channel, password)).pass);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setChecking(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="short-link-password-step">
      <Alert type="info" showIcon title={t('public.passwordHint')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="password"
        label={t('public.password')}
        rules={[{ required: true, message: t('public.passwordRequired') }]}
      >
        <Input.Password autoFocus maxLength={50} placeholder={t('public.passwordPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={checking} block>
        {t('public.enter')}
      </Button>
    </Form>
  );
}

/** The anonymous form: the design's fillable fields, submitted as a new record. */
function LinkForm({ ticket }: { ticket: LinkTicket }) {
  const { t } = useTranslation('shortLink');
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(0);
  const [round, setRound] = useState(0);
  const config = useQuery({
    queryKey: ['formShortLink', ticket, 'form'],
    queryFn: () => fetchLinkConfig(ticket, 'form'),
    retry: false,
  });
  const schema = useMemo(() => {
    if (!config.data) return null;
    const parsed = parseFormData(config.data.formData || '{"fields":[]}');
    return parsed.ok ? (parsed.form as FormSchema) : null;
  }, [config.data]);

  if (config.isError)
    return <Alert type="error" showIcon title={errorText(config.error, t('public.loadFailed'))} />;
  if (!schema) return <Spin />;
  if (sent)
    return (
      <div data-testid="short-link-sent">
        <Result
          status="success"
          title={t('public.sent')}
          subTitle={t('public.sentHint')}
          extra={
            <Button
              type="primary"
              onClick={() => {
                setSent(0);
                setRound((n) => n + 1);
              }}
            >
              {t('public.again')}
            </Button>
          }
        />
      </div>
    );

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = await submitValues(form);
    } catch {
      return; // the fields show their messages
    }
    setSending(true);
    try {
      await submitRecord(ticket, values);
      setSent((n) => n + 1);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSending(false);
    }
  };

  return (
    <div data-testid="short-link-form">
      <FormRenderer key={round} schema={schema} form={form} />
      <div className="form-short-link__actions">
        <Button onClick={() => form.resetFields()}>{t('public.reset')}</Button>
        <Button type="primary" loading={sending} onClick={submit} data-testid="short-link-submit">
          {String(schema.confirmButtonText || t('public.submit'))}
        </Button>
      </div>
    </div>
  );
}

/** The anonymous list: the columns and search fields the link's settings chose. */
function LinkList({ ticket }: { ticket: LinkTicket }) {
  const { t } = useTranslation('shortLink');
  const [searchForm] = Form.useForm();
  const [query, setQuery] = useState({ currentPage: 1, pageSize: 20, keyword: '', queryJson: '' });
  const [detail, setDetail] = useState<string | null>(null);
  const config = useQuery({
    queryKey: ['formShortLink', ticket, 'list'],
    queryFn: () => fetchLinkConfig(ticket, 'list'),
    retry: false,
  });
  const columnData = useMemo(() => {
    try {
      return JSON.parse(config.data?.columnData || '{}') as {
        columnList?: ColumnEntry[];
        searchList?: ColumnEntry[];
      };
    } catch {
      return {};
    }
  }, [config.data]);
  const list = useQuery({
    queryKey: ['formShortLink', ticket, 'rows', query],
    queryFn: () => fetchLinkList(ticket, query),
    enabled: config.isSuccess,
    placeholderData: keepPreviousData,
  });
  const record = useQuery({
    queryKey: ['formShortLink', ticket, 'record', detail],
    queryFn: () => fetchLinkRecord(ticket, detail ?? ''),
    enabled: detail !== null,
    gcTime: 0,
  });

  if (config.isError)
    return <Alert type="error" showIcon title={errorText(config.error, t('public.loadFailed'))} />;
  if (!config.data) return <Spin />;
  const shown = columnData.columnList ?? [];
  const searches = columnData.searchList ?? [];
  const columns: TableColumnsType<Record<string, unknown> & { id: string }> = [
    ...shown.map((c) => ({
      title: c.label || c.prop,
      dataIndex: c.prop,
      key: c.prop,
      ellipsis: true,
      render: (value: unknown) => cellText(value),
    })),
    {
      title: t('public.actions'),
      key: 'actions',
      width: 90,
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => setDetail(row.id)}>
          {t('public.detail')}
        </Button>
      ),
    },
  ];
  const search = () => {
    const values = searchForm.getFieldsValue() as Record<string, string | undefined>;
    const picked = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
    setQuery((q) => ({
      ...q,
      currentPage: 1,
      queryJson: Object.keys(picked).length ? JSON.stringify(picked) : '',
    }));
  };
  return (
    <div data-testid="short-link-list">
      {searches.length > 0 && (
        <Form form={searchForm} layout="inline" className="form-short-link__search" onFinish={search}>
          {searches.map((entry) => (
            <Form.Item key={entry.prop} name={entry.prop} label={entry.label || entry.prop}>
              <Input allowClear maxLength={100} placeholder={t('public.searchPlaceholder')} />
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" htmlType="submit">
              {t('public.search')}
            </Button>
            <Button
              onClick={() => {
                searchForm.resetFields();
                search();
              }}
            >
              {t('public.reset')}
            </Button>
          </Space>
        </Form>
      )}
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.currentPage,
          pageSize: query.pageSize,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('public.total', { total }),
          onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
        }}
      />
      <Modal
        open={detail !== null}
        title={t('public.detail')}
        footer={<Button onClick={() => setDetail(null)}>{t('public.close')}</Button>}
        onCancel={() => setDetail(null)}
        destroyOnHidden
      >
        {record.data ? (
          <Descriptions column={1} bordered size="small">
            {shown.map((c) => (
              <Descriptions.Item key={c.prop} label={c.label || c.prop}>
                {cellText(record.data[c.prop])}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <Spin />
        )}
      </Modal>
    </div>
  );
}

/**
 * The public page's own server state: it is outside the shell, whose client belongs to the
 * signed-in app and is cleared with the session.
 */
const publicClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * /formShortLink?modelId=…&type=form|list&encryption=… (console.md: a public route): the form or
 * list a web design's 外链设置 published, for people without an account.
 */
export default function FormShortLinkPage() {
  return (
    <QueryClientProvider client={publicClient}>
      <ShortLinkView />
    </QueryClientProvider>
  );
}

function ShortLinkView() {
  const { t } = useTranslation('shortLink');
  const [search] = useSearchParams();
  const modelId = search.get('modelId') ?? '';
  const encryption = search.get('encryption') ?? '';
  const channel: Channel = search.get('type') === 'list' ? 'list' : 'form';
  const [pass, setPass] = useState<string | null>(null);
  const info = useQuery({
    queryKey: ['formShortLink', modelId, encryption],
    queryFn: () => fetchLinkInfo(modelId, encryption),
    enabled: Boolean(modelId && encryption),
    retry: false,
  });

  let body: ReactNode;
  if (!modelId || !encryption) body = <Result status="warning" title={t('public.badLink')} />;
  else if (info.isError)
    body = (
      <div data-testid="short-link-error">
        <Result status="warning" title={errorText(info.error, t('public.badLink'))} />
      </div>
    );
  else if (!info.data) body = <Spin />;
  else {
    const on = channel === 'form' ? info.data.formUse === 1 : info.data.columnUse === 1;
    const needsPassword = channel === 'form' ? info.data.formPassUse === 1 : info.data.columnPassUse === 1;
    if (!on)
      body = (
        <div data-testid="short-link-off">
          <Result status="warning" title={channel === 'form' ? t('public.formOff') : t('public.listOff')} />
        </div>
      );
    else if (needsPassword && pass === null)
      body = <PasswordStep modelId={modelId} encryption={encryption} channel={channel} onPassed={setPass} />;
    else {
      const ticket: LinkTicket = { modelId, encryption, pass: pass ?? '' };
      body = channel === 'form' ? <LinkForm ticket={ticket} /> : <LinkList ticket={ticket} />;
    }
  }

  return (
    <div className="form-short-link" data-testid="form-short-link-page">
      <Card
        className={`form-short-link__card form-short-link__card--${channel}`}
        title={info.data?.fullName ?? t('public.title')}
      >
        {body}
      </Card>
    </div>
  );
}
