import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Spin, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import {
  type DesignerForm,
  designProblems,
  emptyForm,
  toDesignerForm,
} from '../../../widgets/designer/state';
import type { FormSchema } from '../../../widgets/form/types';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import {
  deleteFlowForm,
  type FlowForm,
  type FlowFormQuery,
  fetchFlowForm,
  fetchFlowForms,
  flowFormKeys,
  releaseFlowForm,
  saveFlowForm,
} from './api';
import '../../../widgets/list/list-page.css';

const FormDesigner = lazy(() => import('../../../widgets/designer/form-designer'));

function readDesign(text: string | null | undefined): DesignerForm {
  if (!text) return emptyForm();
  try {
    return toDesignerForm(JSON.parse(text) as FormSchema);
  } catch {
    return emptyForm();
  }
}

interface Basics {
  fullName: string;
  enCode: string;
  description: string;
}

/** Full-screen editor of a flow form: name and code, and the design in the form designer. */
function FlowFormEditor({ id, onClose }: { id?: string | undefined; onClose(): void }) {
  const { t } = useTranslation('workflowEntrust');
  const queryClient = useQueryClient();
  const [basics] = Form.useForm<Basics>();
  const [saving, setSaving] = useState(false);
  const existing = useQuery({
    queryKey: flowFormKeys.one(id ?? ''),
    queryFn: () => fetchFlowForm(id ?? ''),
    enabled: Boolean(id),
  });
  const design = useRef<DesignerForm | null>(null);

  const save = async () => {
    const values = await basics.validateFields();
    const form = design.current ?? readDesign(existing.data?.draftJson);
    if (designProblems(form).length > 0) {
      Modal.warning({ title: t('forms.title'), content: t('forms.noFields') });
      return;
    }
    setSaving(true);
    try {
      const answer = await saveFlowForm(id, {
        fullName: values.fullName.trim(),
        enCode: values.enCode.trim(),
        description: values.description?.trim() ?? '',
        draftJson: JSON.stringify(form),
      });
      toastSuccess(answer.msg || t('done'), 1.5);
      await queryClient.invalidateQueries({ queryKey: flowFormKeys.all });
      onClose();
    } catch {
      // the toast names the problem; the editor stays open
    } finally {
      setSaving(false);
    }
  };

  const ready = !id || existing.data;
  return (
    <Modal
      open
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      title={id ? t('forms.editTitle') : t('forms.newTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('forms.save')}
          </Button>
        </Space>
      }
    >
      {ready ? (
        <>
          <Form
            form={basics}
            layout="inline"
            name="flowFormBasics"
            initialValues={{
              fullName: existing.data?.fullName ?? '',
              enCode: existing.data?.enCode ?? '',
              description: existing.data?.description ?? '',
            }}
            style={{ marginBottom: 12 }}
          >
            <Form.Item
              name="fullName"
              label={t('forms.fullName')}
              rules={[
                { required: true, whitespace: true, message: t('forms.fullNameRequired') },
                { max: 50 },
              ]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="enCode"
              label={t('forms.enCode')}
              rules={[
                { required: true, whitespace: true, message: t('forms.enCodeRequired') },
                { pattern: /^\w+$/, message: t('forms.enCodePattern') },
                { max: 50 },
              ]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="description" label={t('forms.description')}>
              <Input maxLength={500} />
            </Form.Item>
          </Form>
          <Suspense fallback={<Spin spinning style={{ display: 'block', padding: 48 }} />}>
            <FormDesigner
              value={readDesign(existing.data?.draftJson)}
              onChange={(form) => {
                design.current = form;
              }}
            />
          </Suspense>
        </>
      ) : (
        <Spin spinning style={{ display: 'block', padding: 48 }} />
      )}
    </Modal>
  );
}

function FlowFormList() {
  const { t } = useTranslation('workflowEntrust');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const { keyword, search, list, tableProps } = usePagedList<FlowForm, FlowFormQuery>({
    queryKey: flowFormKeys.list,
    queryFn: fetchFlowForms,
  });

  const confirm = (content: string, action: () => Promise<string>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess((await action()) || t('done'), 1.5);
        await queryClient.invalidateQueries({ queryKey: flowFormKeys.all });
      },
    });

  const columns: TableColumnsType<FlowForm> = [
    { title: t('forms.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('forms.enCode'), dataIndex: 'enCode', key: 'enCode', width: 180, ellipsis: true },
    {
      title: t('forms.formType'),
      dataIndex: 'formType',
      key: 'formType',
      width: 120,
      render: (value: number) => t(value === 1 ? 'forms.systemForm' : 'forms.designedForm'),
    },
    {
      title: t('forms.state'),
      key: 'state',
      width: 110,
      render: (_, row) =>
        row.propertyJson || row.formType === 1 ? (
          <Tag color="success">{t('forms.released')}</Tag>
        ) : (
          <Tag>{t('forms.draft')}</Tag>
        ),
    },
    {
      title: t('forms.modified'),
      key: 'modified',
      width: 150,
      render: (_, row) => dayjs(row.lastModifyTime ?? row.creatorTime).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            ...(row.formType === 2
              ? [
                  { code: 'btn_edit', label: t('forms.design'), onClick: () => setEditing({ id: row.id }) },
                  {
                    code: 'btn_edit',
                    label: t('forms.release'),
                    onClick: () => confirm(t('forms.confirmRelease'), () => releaseFlowForm(row.id)),
                  },
                ]
              : []),
            {
              code: 'btn_remove',
              label: t('actions.delete'),
              danger: true,
              onClick: () => confirm(t('forms.confirmDelete'), () => deleteFlowForm(row.id)),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="workflow-form-design-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('forms.keyword')} onSearch={search} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('actions.add')}
          </AuthButton>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<FlowForm> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 900 }} />
      </div>
      {editing ? <FlowFormEditor id={editing.id} onClose={() => setEditing(null)} /> : null}
      {modalHolder}
    </div>
  );
}

/** Page 'workFlow/formDesign' (流程表单): designed flow forms, saved as drafts and released. */
export default function FormDesignPage() {
  return (
    <PermissionScope address="workFlow/formDesign">
      <FlowFormList />
    </PermissionScope>
  );
}
