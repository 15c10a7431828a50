import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { refreshTranslations } from '../../../base/i18n';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import {
  fetchLanguageRows,
  type LanguageQuery,
  type LanguageRow,
  languageKeys,
  saveLanguageRow,
  UI_LANGUAGES,
  type UiLanguage,
} from './api';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'system/language';
const PLACEHOLDER = /\{\{\s*([^}\s]+)\s*\}\}/g;
const placeholdersOf = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);

function EditDialog({ row, onClose }: { row: LanguageRow | null; onClose(): void }) {
  const { t } = useTranslation('systemLanguage');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<UiLanguage, string>>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!row) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      toastSuccess((await saveLanguageRow(row, values)) || t('saved'));
      await refreshTranslations();
      await queryClient.invalidateQueries({ queryKey: languageKeys.all });
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={row !== null}
      title={t('dialog.title', { key: row ? `${row.namespace}.${row.key}` : '' })}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {row && (
        <Form form={form} layout="vertical" name="systemLanguage" initialValues={row.values}>
          {UI_LANGUAGES.map((language) => (
            <Form.Item
              key={language}
              name={language}
              label={t(`languages.${language}`)}
              extra={t('dialog.original', { text: row.original[language] })}
              rules={[
                { required: true, whitespace: true, message: t('rules.required') },
                {
                  validator: (_, value: string) => {
                    const kept = new Set(placeholdersOf(value ?? ''));
                    const missing = placeholdersOf(row.original[language] || row.original['zh-CN']).filter(
                      (p) => !kept.has(p),
                    );
                    return missing.length
                      ? Promise.reject(
                          new Error(
                            t('rules.placeholders', { list: missing.map((p) => `{{${p}}}`).join(' ') }),
                          ),
                        )
                      : Promise.resolve();
                  },
                },
              ]}
            >
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={2000} />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}

function LanguageList() {
  const { t } = useTranslation('systemLanguage');
  const [namespace, setNamespace] = useState('');
  const [editing, setEditing] = useState<LanguageRow | null>(null);
  const { keyword, search, firstPage, list, tableProps } = usePagedList<LanguageRow, LanguageQuery>({
    filters: { namespace },
    queryKey: languageKeys.list,
    queryFn: fetchLanguageRows,
  });
  const namespaces = (list.data as { namespaces?: string[] } | undefined)?.namespaces ?? [];

  const textColumn = (language: UiLanguage) => ({
    title: t(`languages.${language}`),
    key: language,
    ellipsis: true,
    render: (_: unknown, row: LanguageRow) => (
      <>
        {row.values[language]}
        {row.versions[language] !== undefined && (
          <Tag color="processing" style={{ marginInlineStart: 8 }}>
            {t('edited')}
          </Tag>
        )}
      </>
    ),
  });

  const columns: TableColumnsType<LanguageRow> = [
    { title: t('fields.namespace'), dataIndex: 'namespace', key: 'namespace', width: 140 },
    { title: t('fields.key'), dataIndex: 'key', key: 'key', width: 220, ellipsis: true },
    textColumn('zh-CN'),
    textColumn('zh-TW'),
    textColumn('en-US'),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[{ code: 'btn_edit', label: t('actions.edit'), onClick: () => setEditing(row) }]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="system-language-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search}>
          <Select
            allowClear
            showSearch
            value={namespace || undefined}
            placeholder={t('fields.namespace')}
            aria-label={t('fields.namespace')}
            style={{ width: 180 }}
            options={namespaces.map((n) => ({ value: n, label: n }))}
            onChange={(value?: string) => {
              setNamespace(value ?? '');
              firstPage();
            }}
          />
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <span>{t('hint')}</span>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<LanguageRow>
          rowKey={(row) => `${row.namespace}.${row.key}`}
          columns={columns}
          {...tableProps}
          scroll={{ x: 1000 }}
        />
      </div>
      <EditDialog row={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** Translation management, page 'system/language': the web client's texts in three languages. */
export default function SystemLanguagePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <LanguageList />
    </PermissionScope>
  );
}
