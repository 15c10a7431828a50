import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Switch, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { creatorTimeColumn, stateColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton } from '../../../widgets/list/permission';
import { RecordModal, useRecordDialog } from '../../../widgets/list/record-dialog';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { deleteQa, fetchQa, knowledgeKeys, type QaPair, saveQa } from './api';
import type { Confirm } from './confirm';

interface QaValues {
  question: string;
  answer: string;
  enabled: boolean;
}

/** Adds or edits a curated pair (`pair` absent: a new one). */
function QaDialog({
  baseId,
  target,
  onClose,
}: {
  baseId: string;
  target: { id?: string; pair?: QaPair } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('knowledgeBase');
  const [form] = Form.useForm<QaValues>();
  const dialog = useRecordDialog<QaValues, QaPair>({
    form,
    target,
    load: async () => target?.pair as QaPair,
    toValues: (pair) => ({
      question: pair.question,
      answer: pair.answer,
      enabled: Number(pair.enabledMark) === 1,
    }),
    save: (values, version) =>
      saveQa(
        baseId,
        {
          question: values.question.trim(),
          answer: values.answer.trim(),
          enabledMark: values.enabled ? 1 : 0,
          ...(version !== undefined ? { version } : {}),
        },
        target?.id,
      ),
    invalidate: [knowledgeKeys.all],
    onClose,
  });
  return (
    <RecordModal<QaValues>
      open={target !== null}
      title={target?.id ? t('qa.edit') : t('qa.add')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="knowledgeQa"
      initialValues={{ question: '', answer: '', enabled: true }}
      width={700}
    >
      <Form.Item
        name="question"
        label={t('qa.question')}
        rules={[
          { required: true, whitespace: true, message: t('rules.question') },
          { max: 500, message: t('rules.questionMax') },
        ]}
      >
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item
        name="answer"
        label={t('qa.answer')}
        rules={[
          { required: true, whitespace: true, message: t('rules.answer') },
          { max: 5000, message: t('rules.answerMax') },
        ]}
      >
        <Input.TextArea rows={8} maxLength={5000} showCount />
      </Form.Item>
      <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </RecordModal>
  );
}

/** Curated question and answer pairs of a base: they answer directly above the base's threshold. */
export function QaTab({ baseId, confirm }: { baseId: string; confirm: Confirm }) {
  const { t } = useTranslation('knowledgeBase');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ id?: string; pair?: QaPair } | null>(null);
  const { keyword, search, tableProps } = usePagedList({
    filters: { baseId },
    queryKey: knowledgeKeys.qa,
    queryFn: fetchQa,
  });

  const columns: TableColumnsType<QaPair> = [
    { title: t('qa.question'), dataIndex: 'question', key: 'question', width: 260, ellipsis: true },
    { title: t('qa.answer'), dataIndex: 'answer', key: 'answer', ellipsis: true },
    stateColumn({ title: t('fields.enabledMark'), enabledText: t('enabled'), disabledText: t('disabled') }),
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 120,
      render: (_, pair) => (
        <RowActions
          actions={[
            { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: pair.id, pair }) },
            {
              code: 'btn_remove',
              label: t('actions.delete'),
              danger: true,
              onClick: () =>
                confirm(t('confirm.deleteQa'), async () => {
                  toastSuccess((await deleteQa(baseId, pair.id)) || t('deleted'));
                  await queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div data-testid="kb-qa">
      <div className="kb-tab__toolbar">
        <SearchBar keyword={keyword} onSearch={search} placeholder={t('qa.keyword')} />
        <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
          {t('qa.add')}
        </AuthButton>
      </div>
      <PagedTable<QaPair>
        rowKey="id"
        columns={columns}
        {...tableProps}
        scroll={{ x: 800 }}
        locale={{ emptyText: t('qa.empty') }}
      />
      <QaDialog baseId={baseId} target={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
