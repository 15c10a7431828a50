import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal, Radio, Spin, Upload, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../base/api/feedback';
import { uploadAnnex } from '../../../widgets/list/files';
import { UserSelect, userIdsOf } from '../../../widgets/org-picker';
import type { MessageFile } from '../inbox/api';
import { fetchNotice, type NoticeForm, noticeKeys, saveNotice } from './api';
import './notice.css';
import { useEditorLabels } from '../../../widgets/rich-text/editor-labels';

const RichEditor = lazy(() => import('../../../widgets/rich-text/rich-editor'));

/** Limits of the notice form (packages/shared NoticeBody). */
const TITLE_MAX = 100;
const EXCERPT_MAX = 500;
const FILES_MAX = 20;
const FILE_MAX_BYTES = 5 * 1024 * 1024;

interface FormValues {
  title: string;
  scope: 'all' | 'users';
  toUserIds?: string[];
  excerpt?: string;
  bodyText?: string;
  expirationTime?: Dayjs | null;
}

type AnnexFile = UploadFile<{ name: string; url: string }>;

const toUploadFile = (file: MessageFile, index: number): AnnexFile => ({
  uid: file.fileId ?? `f${index}`,
  name: file.name,
  status: 'done',
  url: file.url,
  size: file.fileSize,
  response: { name: file.fileId ?? file.name, url: file.url ?? '' },
});

/** Create or edit a notice (system/notice); drafts only, a released notice is read-only. */
export function NoticeDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('notice');
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState<number | undefined>();
  const [cover, setCover] = useState<string | null>(null);
  const [files, setFiles] = useState<AnnexFile[]>([]);
  /** Bumped when the loaded body arrives, so the editor mounts with it. */
  const [editorKey, setEditorKey] = useState(0);
  const scope = Form.useWatch('scope', form);

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    setCover(null);
    setFiles([]);
    setEditorKey((key) => key + 1);
    if (!target.id) return;
    setLoading(true);
    fetchNotice(target.id)
      .then((notice) => {
        if (!current) return;
        setVersion(notice.version);
        setCover(notice.coverImage ?? null);
        setFiles((notice.files ?? []).map(toUploadFile));
        form.setFieldsValue({
          title: notice.title,
          scope: notice.toUserIds?.length ? 'users' : 'all',
          toUserIds: notice.toUserIds ?? [],
          excerpt: notice.excerpt ?? '',
          bodyText: notice.bodyText ?? '',
          expirationTime: notice.expirationTime ? dayjs(notice.expirationTime) : null,
        });
        setEditorKey((key) => key + 1);
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [target, form]);

  const { titles: toolbarTitles, pickerLabels } = useEditorLabels();

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (files.some((file) => file.status === 'uploading')) {
      toastError(t('uploading'));
      return;
    }
    const body: NoticeForm = {
      title: values.title.trim(),
      bodyText: values.bodyText ?? '',
      excerpt: values.excerpt?.trim() || null,
      coverImage: cover,
      files: files
        .filter((file) => file.status === 'done' && file.response)
        .map((file) => ({
          name: file.name,
          fileId: file.response?.name,
          url: file.response?.url,
          fileSize: file.size,
        })),
      expirationTime: values.expirationTime ? values.expirationTime.valueOf() : null,
      toUserIds: values.scope === 'users' ? userIdsOf(values.toUserIds ?? []) : [],
    };
    if (target.id) {
      body.id = target.id;
      if (version !== undefined) body.version = version;
    }
    setSaving(true);
    try {
      const msg = await saveNotice(body);
      toastSuccess(msg || t('saved'));
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      onClose();
    } catch {
      // The client showed the message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      width={900}
      title={target?.id ? t('dialog.editTitle') : t('dialog.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={submit}
      onCancel={onClose}
      className="notice-dialog"
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '90px' }}
        initialValues={{ scope: 'all', toUserIds: [] }}
        name="notice"
      >
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[
            { required: true, whitespace: true, message: t('rules.title') },
            { max: TITLE_MAX, message: t('rules.titleMax', { max: TITLE_MAX }) },
          ]}
        >
          <Input placeholder={t('rules.title')} maxLength={TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="scope" label={t('fields.scope')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('scope.all') },
              { value: 'users', label: t('scope.users') },
            ]}
          />
        </Form.Item>
        {scope === 'users' && (
          <Form.Item
            name="toUserIds"
            label={t('fields.toUserIds')}
            rules={[
              {
                validator: async (_, value: string[] | undefined) => {
                  const ids = value ?? [];
                  if (userIdsOf(ids).length === 0) throw new Error(t('rules.users'));
                  if (userIdsOf(ids).length !== ids.length) throw new Error(t('rules.usersOnly'));
                },
              },
            ]}
          >
            <UserSelect multiple placeholder={t('rules.users')} />
          </Form.Item>
        )}
        <Form.Item
          name="excerpt"
          label={t('fields.excerpt')}
          rules={[{ max: EXCERPT_MAX, message: t('rules.excerptMax', { max: EXCERPT_MAX }) }]}
        >
          <Input.TextArea rows={2} maxLength={EXCERPT_MAX} showCount />
        </Form.Item>
        <Form.Item label={t('fields.coverImage')}>
          <Upload
            listType="picture-card"
            accept="image/*"
            maxCount={1}
            fileList={cover ? [{ uid: 'cover', name: 'cover', status: 'done', url: cover }] : []}
            onRemove={() => setCover(null)}
            beforeUpload={(file) => {
              if (!file.type.startsWith('image/')) {
                toastError(t('rules.imageOnly'));
                return Upload.LIST_IGNORE;
              }
              if (file.size > FILE_MAX_BYTES) {
                toastError(t('rules.fileSize'));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              uploadAnnex(file as File)
                .then((answer) => {
                  setCover(answer.url);
                  onSuccess?.(answer);
                })
                .catch((error: Error) => onError?.(error));
            }}
          >
            {cover ? null : (
              <button type="button" className="notice-upload-button">
                <PlusOutlined />
                <span>{t('actions.upload')}</span>
              </button>
            )}
          </Upload>
        </Form.Item>
        <Form.Item name="bodyText" hidden>
          <Input />
        </Form.Item>
        <Form.Item label={t('fields.bodyText')}>
          <Suspense
            fallback={
              <div className="notice-editor notice-editor--loading">
                <Spin />
              </div>
            }
          >
            {!loading && (
              <RichEditor
                key={editorKey}
                value={form.getFieldValue('bodyText') ?? ''}
                onChange={(html) => form.setFieldValue('bodyText', html)}
                placeholder={t('editor.placeholder')}
                label={t('fields.bodyText')}
                titles={toolbarTitles}
                pickerLabels={pickerLabels}
              />
            )}
          </Suspense>
        </Form.Item>
        <Form.Item label={t('fields.files')}>
          <Upload<{ name: string; url: string }>
            fileList={files}
            maxCount={FILES_MAX}
            multiple
            onChange={({ fileList }) => setFiles(fileList.filter((file) => file.status !== 'error'))}
            beforeUpload={(file) => {
              if (file.size > FILE_MAX_BYTES) {
                toastError(t('rules.fileSize'));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              uploadAnnex(file as File)
                .then((answer) => onSuccess?.(answer))
                .catch((error: Error) => onError?.(error));
            }}
          >
            <Button icon={<UploadOutlined />} disabled={files.length >= FILES_MAX}>
              {t('actions.attach')}
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item name="expirationTime" label={t('fields.expirationTime')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            placeholder={t('expiryNone')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
