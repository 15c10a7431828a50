import { ClearOutlined, DeleteOutlined, DownloadOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DatePicker,
  Form,
  InputNumber,
  Modal,
  Space,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { downloadUrl } from '../../../widgets/list/files';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import {
  clearLogs,
  deleteLogs,
  exportLogs,
  fetchLogs,
  fetchRetention,
  type LogCategory,
  type LogQuery,
  type LogRow,
  logKeys,
  saveRetention,
} from './api';
import '../../../widgets/list/list-page.css';
import './system-log.css';
import { placeName } from '../../../base/i18n';

const ADDRESS = 'system/log';
const CATEGORIES: readonly LogCategory[] = [1, 5, 3];
const time = (value: number) => dayjs(value).format('YYYY-MM-DD HH:mm:ss');
const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

/** Pretty-printed operation detail; anything unreadable is shown as it is. */
function prettyJson(text: string | null): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function RetentionDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('systemLog');
  const [form] = Form.useForm<{ days: number }>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: logKeys.retention, queryFn: fetchRetention, enabled: open });
  const submit = async () => {
    const { days } = await form.validateFields();
    setSaving(true);
    try {
      toastSuccess((await saveRetention(days)) || t('retention.saved'));
      await queryClient.invalidateQueries({ queryKey: logKeys.retention });
      onClose();
    } catch {
      // toast shown
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={t('retention.title')}
      open={open}
      width={600}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      {current.data && (
        <Form form={form} layout="vertical" initialValues={current.data} preserve={false}>
          <Form.Item
            name="days"
            label={t('retention.days')}
            extra={t('retention.hint')}
            rules={[{ required: true, message: t('retention.required') }]}
          >
            <InputNumber
              min={0}
              max={3650}
              precision={0}
              suffix={t('retention.unit')}
              style={{ width: 240 }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function LogList({ category }: { category: LogCategory }) {
  const { t } = useTranslation('systemLog');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [detail, setDetail] = useState<LogRow | null>(null);
  const [retention, setRetention] = useState(false);
  const [exporting, setExporting] = useState(false);
  const filters = {
    category,
    startTime: range?.[0]?.startOf('day').valueOf(),
    endTime: range?.[1]?.endOf('day').valueOf(),
  };
  const { keyword, search, firstPage, list, tableProps } = usePagedList<LogRow, LogQuery>({
    filters,
    queryKey: logKeys.list,
    queryFn: fetchLogs,
  });

  const refresh = async () => {
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: logKeys.all });
  };
  const confirm = (content: string, action: () => Promise<string>, done: string) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess((await action()) || done);
        await refresh();
      },
    });

  const exportRows = async () => {
    setExporting(true);
    try {
      const file = await exportLogs({ ...filters, keyword, currentPage: 1, pageSize: 1 });
      if (file?.url) downloadUrl(file.url, file.name);
    } catch {
      // toast shown
    } finally {
      setExporting(false);
    }
  };

  const who = {
    title: t(`fields.userName.${category}`),
    dataIndex: 'userName',
    key: 'userName',
    width: 180,
    ellipsis: true,
  };
  const when = {
    title: t(`fields.creatorTime.${category}`),
    dataIndex: 'creatorTime',
    key: 'creatorTime',
    width: 170,
    render: time,
  };
  const ip = {
    title: t(`fields.ipaddress.${category}`),
    dataIndex: 'ipaddress',
    key: 'ipaddress',
    width: 150,
  };
  const method = {
    title: t(`fields.requestMethod.${category}`),
    dataIndex: 'requestMethod',
    key: 'requestMethod',
    width: 100,
    render: (value: string | null) => (value ? <Tag color={METHOD_COLORS[value]}>{value}</Tag> : ''),
  };
  const duration = {
    title: t('fields.requestDuration'),
    dataIndex: 'requestDuration',
    key: 'requestDuration',
    width: 120,
    align: 'right' as const,
    render: (value: number | null) => (value === null ? '' : t('ms', { value })),
  };
  const columns: TableColumnsType<LogRow> =
    category === 1
      ? [
          when,
          who,
          ip,
          {
            title: t('fields.ipAddressName'),
            dataIndex: 'ipAddressName',
            key: 'ipAddressName',
            width: 120,
            render: (value: string | null) => placeName(value),
          },
          {
            title: t('fields.platForm.1'),
            dataIndex: 'platForm',
            key: 'platForm',
            width: 160,
            ellipsis: true,
          },
          { title: t('fields.browser'), dataIndex: 'browser', key: 'browser', width: 160, ellipsis: true },
          {
            title: t('fields.loginMark'),
            dataIndex: 'loginMark',
            key: 'loginMark',
            width: 100,
            render: (value: number | null) =>
              value === 0 ? (
                <Tag color="red">{t('loginFailed')}</Tag>
              ) : (
                <Tag color="green">{t('loginOk')}</Tag>
              ),
          },
          { title: t('fields.abstracts'), dataIndex: 'abstracts', key: 'abstracts', ellipsis: true },
        ]
      : category === 5
        ? [
            when,
            who,
            ip,
            {
              title: t('fields.platForm.5'),
              dataIndex: 'platForm',
              key: 'platForm',
              width: 140,
              ellipsis: true,
            },
            { title: t('fields.requestURL'), dataIndex: 'requestURL', key: 'requestURL', ellipsis: true },
            method,
            duration,
          ]
        : [
            when,
            who,
            ip,
            {
              title: t('fields.moduleName'),
              dataIndex: 'moduleName',
              key: 'moduleName',
              width: 140,
              ellipsis: true,
            },
            method,
            { title: t('fields.requestURL'), dataIndex: 'requestURL', key: 'requestURL', ellipsis: true },
            duration,
            {
              title: t('actions.title'),
              key: 'actions',
              width: 90,
              fixed: 'right',
              render: (_, row) => (
                <Typography.Link onClick={() => setDetail(row)} aria-label={t('actions.detail')}>
                  {t('actions.detail')}
                </Typography.Link>
              ),
            },
          ];

  return (
    <PagedListPage<LogRow>
      testId={`system-log-${category}`}
      keyword={keyword}
      placeholder={t('keyword')}
      onSearch={(next) => {
        if (!next) setRange(null);
        setSelected([]);
        search(next);
      }}
      filters={
        <DatePicker.RangePicker
          value={range}
          aria-label={t('dateRange')}
          onChange={(value) => {
            setRange(value);
            setSelected([]);
            firstPage();
          }}
        />
      }
      toolbar={
        <Space wrap>
          <AuthButton
            code="btn_remove"
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={() =>
              confirm(
                t('confirm.delete', { count: selected.length }),
                () => deleteLogs(selected),
                t('deleted'),
              )
            }
          >
            {t('actions.delete')}
          </AuthButton>
          <AuthButton
            code="btn_clear"
            icon={<ClearOutlined />}
            onClick={() => confirm(t(`confirm.clear.${category}`), () => clearLogs(category), t('cleared'))}
          >
            {t('actions.clear')}
          </AuthButton>
          <AuthButton
            code="btn_export"
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void exportRows()}
          >
            {t('actions.export')}
          </AuthButton>
          <AuthButton code="btn_clear" icon={<FieldTimeOutlined />} onClick={() => setRetention(true)}>
            {t('actions.retention')}
          </AuthButton>
        </Space>
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={columns}
      tableProps={{
        ...tableProps,
        onPageChange: (next) => {
          setSelected([]);
          tableProps.onPageChange(next);
        },
        rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) },
      }}
      scrollX={1100}
    >
      <Modal
        title={t('detail.title')}
        open={detail !== null}
        width={800}
        footer={null}
        onCancel={() => setDetail(null)}
      >
        {detail && (
          <>
            <Typography.Paragraph type="secondary">
              {`${time(detail.creatorTime)} · ${detail.userName ?? ''} · ${detail.moduleName ?? ''} · ${detail.requestMethod ?? ''} ${detail.requestURL ?? ''}`}
            </Typography.Paragraph>
            <pre className="system-log__json" data-testid="system-log-json">
              {prettyJson(detail.json)}
            </pre>
          </>
        )}
      </Modal>
      <RetentionDialog open={retention} onClose={() => setRetention(false)} />
      {modalHolder}
    </PagedListPage>
  );
}

function LogTabs() {
  const { t } = useTranslation('systemLog');
  const [category, setCategory] = useState<LogCategory>(1);
  return (
    <Tabs
      className="system-log"
      activeKey={String(category)}
      onChange={(key) => setCategory(Number(key) as LogCategory)}
      destroyOnHidden
      items={CATEGORIES.map((value) => ({
        key: String(value),
        label: t(`tabs.${value}`),
        children: <LogList category={value} />,
      }))}
    />
  );
}

/** Sign-in, request and operation logs, page 'system/log'. */
export default function SystemLogPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <LogTabs />
    </PermissionScope>
  );
}
