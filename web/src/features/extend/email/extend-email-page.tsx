import {
  DeleteOutlined,
  EditOutlined,
  SettingOutlined,
  StarFilled,
  StarOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { EmailFolder, EmailListItem } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Menu,
  Modal,
  Space,
  Spin,
  Switch,
  type TableColumnsType,
  Upload,
  type UploadFile,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { uploadAnnex } from '../../../widgets/list/files';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { SearchBar } from '../../../widgets/list/search-bar';
import { useEditorLabels } from '../../../widgets/rich-text/editor-labels';
import { safeHtml } from '../../../widgets/rich-text/rich-html';
import {
  checkEmailConfig,
  deleteEmail,
  type EmailQuery,
  emailKeys,
  fetchEmail,
  fetchEmailConfig,
  fetchEmails,
  markEmail,
  receiveEmails,
  saveEmailConfig,
  saveEmailDraft,
  sendEmail,
} from './api';
import '../../../widgets/list/list-page.css';

const RichEditor = lazy(() => import('../../../widgets/rich-text/rich-editor'));
const ADDRESS = 'extend/email';
const FOLDERS: EmailFolder[] = ['inBox', 'star', 'draft', 'sent'];

interface ConfigValues {
  account: string;
  password?: string;
  senderName?: string;
  pop3Host: string;
  pop3Port: number;
  smtpHost: string;
  smtpPort: number;
  emailSsl: boolean;
}

function ConfigDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('extendEmail');
  const [form] = Form.useForm<ConfigValues>();
  const [busy, setBusy] = useState(false);
  const config = useQuery({ queryKey: emailKeys.config, queryFn: fetchEmailConfig, enabled: open });
  const body = (values: ConfigValues) => ({
    ...values,
    password: values.password ?? '',
    emailSsl: (values.emailSsl ? 1 : 0) as 0 | 1,
    version: config.data?.version,
  });
  const run = async (action: 'check' | 'save') => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      if (action === 'check') toastSuccess(await checkEmailConfig(body(values)));
      else {
        toastSuccess(await saveEmailConfig(body(values)));
        await config.refetch();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('config.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="check" loading={busy} onClick={() => void run('check')}>
          {t('config.check')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('actions.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={busy} onClick={() => void run('save')}>
          {t('actions.save')}
        </Button>,
      ]}
    >
      {config.isLoading ? (
        <Spin />
      ) : (
        <Form
          form={form}
          layout="vertical"
          name="emailConfig"
          initialValues={
            config.data
              ? { ...config.data, emailSsl: config.data.emailSsl === 1 }
              : { pop3Port: 993, smtpPort: 465, emailSsl: true }
          }
        >
          <Form.Item name="account" label={t('config.account')} rules={[{ required: true, type: 'email' }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('config.password')}
            extra={config.data?.hasPassword ? t('config.passwordKept') : undefined}
            rules={[{ required: !config.data?.hasPassword, message: t('config.passwordRequired') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="senderName" label={t('config.senderName')}>
            <Input maxLength={50} />
          </Form.Item>
          <Space>
            <Form.Item name="pop3Host" label={t('config.imapHost')} rules={[{ required: true }]}>
              <Input />
            </Form.Item>
            <Form.Item name="pop3Port" label={t('config.port')} rules={[{ required: true }]}>
              <InputNumber min={1} max={65535} precision={0} />
            </Form.Item>
          </Space>
          <Space>
            <Form.Item name="smtpHost" label={t('config.smtpHost')} rules={[{ required: true }]}>
              <Input />
            </Form.Item>
            <Form.Item name="smtpPort" label={t('config.port')} rules={[{ required: true }]}>
              <InputNumber min={1} max={65535} precision={0} />
            </Form.Item>
          </Space>
          <Form.Item name="emailSsl" label={t('config.ssl')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

interface ComposeValues {
  recipient: string;
  cc?: string;
  bcc?: string;
  subject?: string;
  bodyText?: string;
}

type AnnexFile = UploadFile<{ name: string; url: string }>;

function ComposeDialog({
  draft,
  onClose,
}: {
  draft: { id?: string; version?: number; values: ComposeValues } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('extendEmail');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ComposeValues>();
  const [files, setFiles] = useState<AnnexFile[]>([]);
  const [busy, setBusy] = useState(false);
  const { titles, pickerLabels } = useEditorLabels();
  const submit = async (as: 'send' | 'draft') => {
    const values = as === 'send' ? await form.validateFields() : form.getFieldsValue();
    const body = {
      id: draft?.id,
      version: draft?.version,
      recipient: values.recipient ?? '',
      cc: values.cc ?? '',
      bcc: values.bcc ?? '',
      subject: values.subject ?? '',
      bodyText: values.bodyText ?? '',
      attachment: files
        .filter((f) => f.status === 'done' && f.response)
        .map((f) => ({ fileId: f.response!.name, fullName: f.name, fileSize: f.size ?? 0 })),
    };
    setBusy(true);
    try {
      toastSuccess(await (as === 'send' ? sendEmail(body) : saveEmailDraft(body)));
      await queryClient.invalidateQueries({ queryKey: emailKeys.all });
      setFiles([]);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={draft !== null}
      title={t('compose.title')}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="draft" loading={busy} onClick={() => void submit('draft')}>
          {t('compose.saveDraft')}
        </Button>,
        <Button key="send" type="primary" loading={busy} onClick={() => void submit('send')}>
          {t('compose.send')}
        </Button>,
      ]}
    >
      {draft && (
        <Form form={form} layout="vertical" name="emailCompose" initialValues={draft.values}>
          <Form.Item
            name="recipient"
            label={t('fields.recipient')}
            rules={[{ required: true, message: t('compose.recipientRequired') }]}
          >
            <Input placeholder={t('compose.addresses')} />
          </Form.Item>
          <Form.Item name="cc" label={t('fields.cc')}>
            <Input placeholder={t('compose.addresses')} />
          </Form.Item>
          <Form.Item name="bcc" label={t('fields.bcc')}>
            <Input placeholder={t('compose.addresses')} />
          </Form.Item>
          <Form.Item name="subject" label={t('fields.subject')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="bodyText" hidden>
            <Input />
          </Form.Item>
          <Form.Item label={t('fields.bodyText')}>
            <Suspense fallback={<Spin />}>
              <RichEditor
                value={draft.values.bodyText ?? ''}
                onChange={(html) => form.setFieldValue('bodyText', html)}
                label={t('fields.bodyText')}
                titles={titles}
                pickerLabels={pickerLabels}
              />
            </Suspense>
          </Form.Item>
          <Form.Item label={t('fields.attachment')}>
            <Upload<{ name: string; url: string }>
              fileList={files}
              maxCount={10}
              multiple
              onChange={({ fileList }) => setFiles(fileList)}
              customRequest={({ file, onSuccess, onError }) => {
                uploadAnnex(file as File)
                  .then((answer) => onSuccess?.(answer))
                  .catch((error: Error) => onError?.(error));
              }}
            >
              <Button>{t('compose.upload')}</Button>
            </Upload>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function ReadingPane({ id, onEditDraft }: { id: string; onEditDraft(): void }) {
  const { t } = useTranslation('extendEmail');
  const mail = useQuery({ queryKey: emailKeys.info(id), queryFn: () => fetchEmail(id) });
  if (mail.isLoading) return <Spin />;
  if (!mail.data) return <Empty />;
  const m = mail.data;
  return (
    <article className="email-reading" data-testid="email-reading" aria-label={m.subject || t('noSubject')}>
      <h3>{m.subject || t('noSubject')}</h3>
      <p>
        {t('fields.sender')}: {m.senderName ? `${m.senderName} <${m.sender}>` : m.sender}
      </p>
      <p>
        {t('fields.recipient')}: {m.recipient}
        {m.cc ? ` · ${t('fields.cc')}: ${m.cc}` : ''}
      </p>
      <p>{new Date(m.fdate).toLocaleString()}</p>
      {m.folder === 'draft' && (
        <AuthButton code="btn_add" icon={<EditOutlined />} onClick={onEditDraft}>
          {t('compose.editDraft')}
        </AuthButton>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify (safeHtml) */}
      <div className="email-body" dangerouslySetInnerHTML={{ __html: safeHtml(m.bodyText) }} />
      {m.attachment.length > 0 && (
        <ul aria-label={t('fields.attachment')}>
          {m.attachment.map((a) => (
            <li key={`${a.fileId}${a.fullName}`}>
              {(a as { url?: string }).url ? (
                <a href={(a as { url?: string }).url} download={a.fullName}>
                  {a.fullName}
                </a>
              ) : (
                `${a.fullName} (${t('notStored')})`
              )}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function Mailbox() {
  const { t } = useTranslation('extendEmail');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [folder, setFolder] = useState<EmailFolder>('inBox');
  const [selected, setSelected] = useState<string | null>(null);
  const [configOpen, setConfigOpen] = useState(false);
  const [compose, setCompose] = useState<{ id?: string; version?: number; values: ComposeValues } | null>(
    null,
  );
  const [receiving, setReceiving] = useState(false);
  const { keyword, search, firstPage, list, tableProps } = usePagedList<EmailListItem, EmailQuery>({
    filters: { type: folder },
    queryKey: emailKeys.list,
    queryFn: fetchEmails,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: emailKeys.all });

  const receive = async () => {
    setReceiving(true);
    try {
      toastSuccess(await receiveEmails());
      await refresh();
    } finally {
      setReceiving(false);
    }
  };
  const toggleStar = async (row: EmailListItem) => {
    await markEmail(row.id, row.starred ? 'Unstar' : 'Star');
    await refresh();
  };
  const remove = (row: EmailListItem) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess(await deleteEmail(row.id));
        if (selected === row.id) setSelected(null);
        await refresh();
      },
    });
  const editDraft = async (id: string) => {
    const draft = await fetchEmail(id);
    setCompose({
      id,
      version: draft.version,
      values: {
        recipient: draft.recipient,
        cc: draft.cc,
        bcc: draft.bcc,
        subject: draft.subject,
        bodyText: draft.bodyText,
      },
    });
  };

  const columns: TableColumnsType<EmailListItem> = [
    {
      key: 'star',
      width: 48,
      render: (_, row) => (
        <Button
          type="text"
          size="small"
          aria-label={row.starred ? t('actions.unstar') : t('actions.star')}
          icon={row.starred ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            void toggleStar(row);
          }}
        />
      ),
    },
    {
      title: folder === 'sent' || folder === 'draft' ? t('fields.recipient') : t('fields.sender'),
      key: 'who',
      width: 200,
      ellipsis: true,
      render: (_, row) =>
        folder === 'sent' || folder === 'draft' ? row.recipient : row.senderName || row.sender,
    },
    {
      title: t('fields.subject'),
      key: 'subject',
      ellipsis: true,
      render: (_, row) => (
        <span style={{ fontWeight: row.isRead ? undefined : 600 }}>{row.subject || t('noSubject')}</span>
      ),
    },
    {
      title: t('fields.fdate'),
      key: 'fdate',
      width: 170,
      render: (_, row) => new Date(row.fdate).toLocaleString(),
    },
    {
      key: 'actions',
      width: 60,
      render: (_, row) => (
        <AuthButton
          code="btn_remove"
          type="text"
          danger
          size="small"
          aria-label={t('actions.delete')}
          icon={<DeleteOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            remove(row);
          }}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="extend-email-page" style={{ display: 'flex', gap: 16 }}>
      <nav aria-label={t('folders.label')} style={{ width: 180 }}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <AuthButton
            code="btn_add"
            type="primary"
            block
            icon={<EditOutlined />}
            onClick={() => setCompose({ values: { recipient: '' } })}
          >
            {t('compose.title')}
          </AuthButton>
          <Button block icon={<SyncOutlined />} loading={receiving} onClick={() => void receive()}>
            {t('actions.receive')}
          </Button>
          <Button block icon={<SettingOutlined />} onClick={() => setConfigOpen(true)}>
            {t('config.title')}
          </Button>
        </Space>
        <Menu
          selectedKeys={[folder]}
          items={FOLDERS.map((f) => ({ key: f, label: t(`folders.${f}`) }))}
          onClick={({ key }) => {
            setFolder(key as EmailFolder);
            setSelected(null);
            firstPage();
          }}
        />
      </nav>
      <div className="list-page__body" style={{ flex: 1, minWidth: 0 }}>
        <div className="list-page__search">
          <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search} />
        </div>
        <PagedTable<EmailListItem>
          rowKey="id"
          columns={columns}
          {...tableProps}
          onRow={(row) => ({
            onClick: () => {
              setSelected(row.id);
              if (!row.isRead) void refresh();
            },
            style: { cursor: 'pointer' },
          })}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
        />
        {list.isFetched && selected && (
          <ReadingPane id={selected} onEditDraft={() => void editDraft(selected)} />
        )}
      </div>
      <ConfigDialog open={configOpen} onClose={() => setConfigOpen(false)} />
      <ComposeDialog draft={compose} onClose={() => setCompose(null)} />
      {modalHolder}
    </div>
  );
}

/** extend/email: the user's mailbox over their own IMAP and SMTP account. */
export default function ExtendEmailPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <Mailbox />
    </PermissionScope>
  );
}
