import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Select, Space, Switch, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { sortCodeColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RecordModal, useRecordDialog } from '../../../widgets/list/record-dialog';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import {
  type CommonWord,
  type CommonWordsQuery,
  commonWordsKeys,
  deleteCommonWord,
  fetchApps,
  fetchCommonWord,
  fetchCommonWords,
  saveCommonWord,
} from './api';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'system/commonWords';

interface FormValues {
  commonWordsText: string;
  systemIds: string[];
  sortCode: number;
  enabled: boolean;
}

const DEFAULTS: FormValues = { commonWordsText: '', systemIds: [], sortCode: 0, enabled: true };

function CommonWordsDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('commonWords');
  const [form] = Form.useForm<FormValues>();
  const apps = useQuery({ queryKey: commonWordsKeys.systems, queryFn: fetchApps, enabled: target !== null });
  const dialog = useRecordDialog<FormValues, CommonWord>({
    form,
    target,
    defaults: DEFAULTS,
    load: fetchCommonWord,
    toValues: (row) => ({
      commonWordsText: row.commonWordsText,
      systemIds: row.systemIds,
      sortCode: row.sortCode,
      enabled: Number(row.enabledMark) === 1,
    }),
    save: (values, version) =>
      saveCommonWord(target?.id, {
        commonWordsText: values.commonWordsText.trim(),
        systemIds: values.systemIds ?? [],
        commonWordsType: 0,
        sortCode: values.sortCode ?? 0,
        enabledMark: values.enabled ? 1 : 0,
        version,
      }),
    invalidate: [commonWordsKeys.all],
    onClose,
  });
  return (
    <RecordModal<FormValues>
      open={target !== null}
      title={target?.id ? t('dialog.editTitle') : t('dialog.newTitle')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="commonWords"
      initialValues={DEFAULTS}
    >
      <Form.Item
        name="commonWordsText"
        label={t('fields.commonWordsText')}
        rules={[
          { required: true, whitespace: true, message: t('rules.textRequired') },
          { max: 200, message: t('rules.textMax') },
        ]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('placeholders.commonWordsText')} />
      </Form.Item>
      <Form.Item name="systemIds" label={t('fields.systemIds')} extra={t('hints.systemIds')}>
        <Select
          mode="multiple"
          allowClear
          loading={apps.isFetching}
          placeholder={t('placeholders.systemIds')}
          options={(apps.data ?? []).map((a) => ({ value: a.id, label: a.fullName }))}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="sortCode" label={t('fields.sortCode')}>
        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </RecordModal>
  );
}

function CommonWordsList() {
  const { t } = useTranslation('commonWords');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const { keyword, search, list, tableProps } = usePagedList<CommonWord, CommonWordsQuery>({
    queryKey: commonWordsKeys.list,
    queryFn: fetchCommonWords,
  });

  const remove = (row: CommonWord) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess((await deleteCommonWord(row.id)) || t('deleted'));
        await queryClient.invalidateQueries({ queryKey: commonWordsKeys.all });
      },
    });

  const columns: TableColumnsType<CommonWord> = [
    {
      title: t('fields.commonWordsText'),
      dataIndex: 'commonWordsText',
      key: 'commonWordsText',
      ellipsis: true,
    },
    {
      title: t('fields.systemIds'),
      dataIndex: 'systemNames',
      key: 'systemNames',
      width: 280,
      render: (names: string[]) => (names.length ? names.join('、') : t('allApps')),
    },
    sortCodeColumn(t('fields.sortCode')),
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 90,
      render: (v: number) =>
        Number(v) === 1 ? (
          <Tag color="success">{t('enabled')}</Tag>
        ) : (
          <Tag color="error">{t('disabled')}</Tag>
        ),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="common-words-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
              {t('actions.add')}
            </AuthButton>
          </Space>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<CommonWord> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 800 }} />
      </div>
      <CommonWordsDialog target={dialog} onClose={() => setDialog(null)} />
      {modalHolder}
    </div>
  );
}

/** Approval common words (system-wide), page 'system/commonWords'. */
export default function CommonWordsPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <CommonWordsList />
    </PermissionScope>
  );
}
