import { PlusOutlined } from '@ant-design/icons';
import { DATA_MODEL_TYPES, IDENTIFIER_PATTERN } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import { AuthButton } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import {
  type CommonField,
  type CommonFieldBody,
  createCommonField,
  dataModelKeys,
  fetchCommonFieldList,
  removeCommonField,
  updateCommonField,
} from './api';

type Editing = { mode: 'add' } | { mode: 'edit'; row: CommonField } | null;

const LENGTH_TYPES = new Set(['varchar', 'decimal']);
const defaultLength = (dataType: string) =>
  dataType === 'varchar' ? '50' : dataType === 'decimal' ? '18,2' : '';

/** Add or edit one field of the library; an edit sends the version it read (a stale one is refused). */
function CommonFieldForm({ editing, onClose }: { editing: Editing; onClose(): void }) {
  const { t } = useTranslation('systemData');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CommonFieldBody>();
  const [saving, setSaving] = useState(false);
  const f = (key: string) => t(`dataModel.fields.${key}`);
  const dataType = Form.useWatch('dataType', form) ?? 'varchar';

  const save = async () => {
    let values: CommonFieldBody;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body: CommonFieldBody = {
      ...values,
      dataLength: values.dataLength ?? '',
      allowNull: (values.allowNull ? 1 : 0) as CommonFieldBody['allowNull'],
    };
    setSaving(true);
    try {
      const msg =
        editing?.mode === 'edit'
          ? await updateCommonField(editing.row.id, { ...body, version: editing.row.version })
          : await createCommonField(body);
      toastSuccess(msg);
      await queryClient.invalidateQueries({ queryKey: dataModelKeys.commonFields });
      onClose();
    } catch (error) {
      // The server's message (a stale version, a name taken) is shown by the client; the form stays open.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  };

  const initial =
    editing?.mode === 'edit'
      ? { ...editing.row, dataLength: String(editing.row.dataLength ?? '') }
      : { field: '', fieldName: '', dataType: 'varchar', dataLength: '50', allowNull: 1 };

  return (
    <Modal
      open={editing !== null}
      title={t(
        editing?.mode === 'edit' ? 'dataModel.commonFields.editTitle' : 'dataModel.commonFields.newTitle',
      )}
      width={520}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        initialValues={{ ...initial, allowNull: initial.allowNull === 1 }}
        onFinish={save}
      >
        <Form.Item
          name="field"
          label={f('field')}
          rules={[
            { required: true, whitespace: true, message: t('dataModel.rules.fieldName') },
            { pattern: IDENTIFIER_PATTERN, message: t('dataModel.rules.name') },
          ]}
        >
          <Input maxLength={63} />
        </Form.Item>
        <Form.Item
          name="fieldName"
          label={f('fieldName')}
          rules={[
            { required: true, whitespace: true, message: t('dataModel.rules.fieldComment') },
            { max: 100, message: t('dataModel.rules.fieldCommentLong') },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="dataType" label={f('dataType')} rules={[{ required: true }]}>
          <Select
            options={DATA_MODEL_TYPES.map((v) => ({ value: v, label: t(`dataModel.types.${v}`) }))}
            onChange={(next: string) => form.setFieldValue('dataLength', defaultLength(next))}
          />
        </Form.Item>
        <Form.Item name="dataLength" label={f('dataLength')}>
          <Input disabled={!LENGTH_TYPES.has(dataType)} maxLength={10} />
        </Form.Item>
        <Form.Item name="allowNull" label={f('allowNull')} valuePropName="checked">
          <Checkbox />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 常用字段 (system-data.md 2): the library the table designer picks fields from, kept here with
 * keyword search (Enter), add, edit and delete (confirmed); buttons as the data model page grants them.
 */
export function CommonFieldsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('systemData');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const f = (key: string) => t(`dataModel.fields.${key}`);
  const list = useQuery({
    queryKey: [...dataModelKeys.commonFields, 'library', keyword],
    queryFn: () => fetchCommonFieldList(keyword),
    enabled: open,
  });

  const remove = (row: CommonField) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('dataModel.commonFields.deleteConfirm', { field: row.field }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess(await removeCommonField(row.id));
        await queryClient.invalidateQueries({ queryKey: dataModelKeys.commonFields });
      },
    });

  return (
    <>
      <Modal
        open={open}
        title={t('dataModel.commonFields.title')}
        width={860}
        footer={<Button onClick={onClose}>{t('actions.close')}</Button>}
        onCancel={onClose}
        destroyOnHidden
      >
        <div className="list-page__toolbar" data-testid="common-fields">
          <Space>
            <Input
              allowClear
              style={{ width: 260 }}
              aria-label={t('dataModel.commonFields.keyword')}
              placeholder={t('dataModel.commonFields.keyword')}
              value={input}
              onChange={(event) => {
                setInput(event.target.value);
                if (!event.target.value) setKeyword('');
              }}
              onPressEnter={() => setKeyword(input.trim())}
            />
            <AuthButton
              code="btn_add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'add' })}
            >
              {t('actions.add')}
            </AuthButton>
          </Space>
          <RefreshButton label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <Table<CommonField>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: t('dataModel.noCommonFields') }}
          columns={[
            { title: f('field'), dataIndex: 'field', key: 'field', ellipsis: true },
            { title: f('fieldName'), dataIndex: 'fieldName', key: 'fieldName', ellipsis: true },
            {
              title: f('dataType'),
              dataIndex: 'dataType',
              key: 'dataType',
              width: 110,
              render: (v: string) => t(`dataModel.types.${v}`, { defaultValue: v }),
            },
            { title: f('dataLength'), dataIndex: 'dataLength', key: 'dataLength', width: 80 },
            {
              title: f('allowNull'),
              dataIndex: 'allowNull',
              key: 'allowNull',
              width: 80,
              render: (v: number) => (v === 1 ? t('yes') : t('no')),
            },
            {
              title: t('actions.title'),
              key: 'actions',
              width: 130,
              render: (_, row) => (
                <RowActions
                  actions={[
                    {
                      code: 'btn_edit',
                      label: t('actions.edit'),
                      onClick: () => setEditing({ mode: 'edit', row }),
                    },
                    {
                      code: 'btn_remove',
                      label: t('actions.delete'),
                      danger: true,
                      onClick: () => remove(row),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </Modal>
      <CommonFieldForm editing={editing} onClose={() => setEditing(null)} />
      {modalHolder}
    </>
  );
}
