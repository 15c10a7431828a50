import { DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { PortalItem } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Form, Modal, Space, type TableColumnsType, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/feedback';
import { useDictionaryEntries } from '../../widgets/dictionary-select/dictionary-select';
import { creatorTimeColumn, sortCodeColumn } from '../../widgets/list/columns';
import { chooseFile, downloadUrl } from '../../widgets/list/files';
import { usePagedList } from '../../widgets/list/paged-list';
import { PagedTable } from '../../widgets/list/paged-table';
import { AuthButton, PermissionScope, useButtonPermission } from '../../widgets/list/permission';
import { RefreshButton } from '../../widgets/list/refresh-button';
import { RowActions } from '../../widgets/list/row-actions';
import { SearchBar } from '../../widgets/list/search-bar';
import { fetchMenuTree, fetchSystems, menuKeys } from '../system-menu/api';
import { directories } from '../web-design/release-dialog';
import {
  copyPortal,
  deletePortal,
  designKeys,
  exportPortal,
  fetchPortals,
  importPortal,
  type PortalQuery,
  releasePortal,
} from './api';
import { PORTAL_CATEGORY, PortalDesigner } from './portal-designer';
import '../../widgets/list/list-page.css';

/** Release to a menu of type 8 under a chosen directory of the first application. */
function ReleaseDialog({ portal, onClose }: { portal: PortalItem | null; onClose: () => void }) {
  const { t } = useTranslation('portal');
  const [form] = Form.useForm<{ parentId: string }>();
  const [saving, setSaving] = useState(false);
  const systems = useQuery({ queryKey: menuKeys.systems, queryFn: fetchSystems, enabled: portal !== null });
  const systemId = systems.data?.[0]?.id ?? '';
  const tree = useQuery({
    queryKey: menuKeys.tree(systemId, 'Web', ''),
    queryFn: () => fetchMenuTree(systemId, 'Web', ''),
    enabled: Boolean(systemId),
  });
  const submit = async () => {
    if (!portal) return;
    const { parentId } = await form.validateFields();
    setSaving(true);
    try {
      toastSuccess((await releasePortal(portal.id, parentId)) || t('saved'));
      onClose();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={portal !== null}
      title={t('release.title', { name: portal?.fullName ?? '' })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="parentId"
          label={t('release.parent')}
          rules={[{ required: true, message: t('release.parentRequired') }]}
        >
          <TreeSelect
            aria-label={t('release.parent')}
            treeData={directories(tree.data ?? [])}
            loading={tree.isFetching}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PortalList() {
  const { t } = useTranslation('portal');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const [category, setCategory] = useState<string | undefined>();
  const [designing, setDesigning] = useState<{ id?: string } | null>(null);
  const [releasing, setReleasing] = useState<PortalItem | null>(null);
  const [importing, setImporting] = useState(false);
  const categories = useDictionaryEntries(PORTAL_CATEGORY);
  const { keyword, search, firstPage, list, tableProps } = usePagedList<PortalItem, PortalQuery>({
    filters: { category: category ?? '' },
    queryKey: designKeys.list,
    queryFn: fetchPortals,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: designKeys.all });
  const run = (content: string, action: () => Promise<string | undefined>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess((await action()) || t('saved'));
        await refresh();
      },
    });
  const importFile = async () => {
    const file = await chooseFile('.vp');
    if (!file) return;
    setImporting(true);
    try {
      toastSuccess((await importPortal(file)) || t('saved'));
      await refresh();
    } catch {
      // the client showed the server's message
    } finally {
      setImporting(false);
    }
  };
  const more = (row: PortalItem) =>
    [
      allowed('btn_release') && {
        key: 'release',
        label: t('actions.release'),
        onClick: () => setReleasing(row),
      },
      allowed('btn_copy') && {
        key: 'copy',
        label: t('actions.copy'),
        onClick: () => run(t('confirm.copy'), () => copyPortal(row.id)),
      },
      allowed('btn_export') && {
        key: 'export',
        label: t('actions.export'),
        onClick: async () => {
          const file = await exportPortal(row.id);
          downloadUrl(file.url, file.name);
        },
      },
      allowed('btn_remove') && {
        key: 'delete',
        label: t('actions.delete'),
        danger: true,
        onClick: () => run(t('confirm.delete', { name: row.fullName }), () => deletePortal(row.id)),
      },
    ].filter((item) => !!item);

  const columns: TableColumnsType<PortalItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    {
      title: t('fields.category'),
      dataIndex: 'categoryName',
      key: 'category',
      width: 120,
      render: (value: string | null, row) => value ?? row.category,
    },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      key: 'type',
      width: 100,
      render: (v: number) => t(`types.${v}`),
    },
    {
      title: t('fields.enabledLock'),
      dataIndex: 'enabledLock',
      key: 'lock',
      width: 110,
      render: (v: number) => t(`locks.${v}`),
    },
    {
      title: t('fields.creatorUser'),
      dataIndex: 'creatorUser',
      key: 'creatorUser',
      width: 140,
      ellipsis: true,
    },
    creatorTimeColumn(t('fields.creatorTime')),
    sortCodeColumn(t('fields.sortCode')),
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 80,
      render: (v: number) => (v === 1 ? t('enabled') : t('disabled')),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <RowActions
            actions={[
              { code: 'btn_edit', label: t('actions.design'), onClick: () => setDesigning({ id: row.id }) },
            ]}
          />
          <Dropdown menu={{ items: more(row) }} trigger={['click']}>
            <Button type="link" size="small" aria-label={`${t('actions.more')} ${row.fullName}`}>
              {t('actions.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="visual-portal-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search}>
          <TreeSelect
            aria-label={t('fields.category')}
            style={{ width: 200 }}
            allowClear
            value={category}
            placeholder={t('allCategories')}
            treeData={categories.data ?? []}
            fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
            onChange={(value) => {
              setCategory(value ?? undefined);
              firstPage();
            }}
          />
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton
              code="btn_add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDesigning({})}
            >
              {t('actions.add')}
            </AuthButton>
            <AuthButton code="btn_import" icon={<UploadOutlined />} loading={importing} onClick={importFile}>
              {t('actions.import')}
            </AuthButton>
          </Space>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<PortalItem> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1300 }} />
      </div>
      <PortalDesigner target={designing} onClose={() => setDesigning(null)} />
      <ReleaseDialog portal={releasing} onClose={() => setReleasing(null)} />
      {modalHolder}
    </div>
  );
}

/** Portal design, page 'onlineDev/visualPortal' (other.md 3). */
export default function VisualPortalPage() {
  return (
    <PermissionScope address="onlineDev/visualPortal">
      <PortalList />
    </PermissionScope>
  );
}
