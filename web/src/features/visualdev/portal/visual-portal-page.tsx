import type { PortalItem } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, type TableColumnsType, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useDictionaryEntries } from '../../../widgets/dictionary-select/dictionary-select';
import {
  DesignListFrame,
  designTailColumns,
  useDesignActions,
  useDesignMenu,
} from '../../../widgets/list/design-list';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { fetchMenuTree, fetchSystems, menuKeys } from '../../system/menu/api';
import { directories } from '../webDesign/release-dialog';
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
import '../../../widgets/list/list-page.css';

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
  const [category, setCategory] = useState<string | undefined>();
  const [designing, setDesigning] = useState<{ id?: string } | null>(null);
  const [releasing, setReleasing] = useState<PortalItem | null>(null);
  const categories = useDictionaryEntries(PORTAL_CATEGORY);
  const paged = usePagedList<PortalItem, PortalQuery>({
    filters: { category: category ?? '' },
    queryKey: designKeys.list,
    queryFn: fetchPortals,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: designKeys.all });
  const actions = useDesignActions(t, t('saved'), refresh);
  const allowed = useButtonPermission();
  const designMenu = useDesignMenu();
  const more = (row: PortalItem) =>
    designMenu({
      t,
      actions,
      first: allowed('btn_release')
        ? [{ key: 'release', label: t('actions.release'), onClick: () => setReleasing(row) }]
        : [],
      copy: () => copyPortal(row.id),
      exportFile: () => exportPortal(row.id),
      exportCode: 'btn_export',
      remove: () => deletePortal(row.id),
      removeConfirm: t('confirm.delete', { name: row.fullName }),
    });

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
    ...designTailColumns<PortalItem>({
      t,
      state: {
        title: t('fields.enabledMark'),
        dataIndex: 'enabledMark',
        key: 'enabledMark',
        width: 80,
        render: (v: number) => (v === 1 ? t('enabled') : t('disabled')),
      },
      width: 150,
      actions: (row) => [
        { code: 'btn_edit', label: t('actions.design'), onClick: () => setDesigning({ id: row.id }) },
      ],
      menu: more,
    }),
  ];

  return (
    <DesignListFrame
      t={t}
      testId="visual-portal-page"
      paged={paged}
      category={[category, setCategory]}
      categories={categories.data}
      onAdd={() => setDesigning({})}
      importing={actions.importing}
      onImport={() => void actions.importFile('.vp', importPortal)}
      dialogs={
        <>
          <PortalDesigner target={designing} onClose={() => setDesigning(null)} />
          <ReleaseDialog portal={releasing} onClose={() => setReleasing(null)} />
          {actions.modalHolder}
        </>
      }
    >
      <PagedTable<PortalItem> rowKey="id" columns={columns} {...paged.tableProps} scroll={{ x: 1300 }} />
    </DesignListFrame>
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
