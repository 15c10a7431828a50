import { GRADE_RIGHTS, type GradeRight } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Modal, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../base/api/feedback';
import { pruneEmptyChildren } from '../../../widgets/list/tree';
import { UserSelect } from '../../../widgets/org-picker';
import { fetchGradeTree, type GradeTreeNode, gradeKeys, saveGradeAdmin } from './api';
import { adminList, type Rights, rightsOf, setRight } from './rights';

function collectRights(nodes: readonly GradeTreeNode[], into: Map<string, Rights>) {
  for (const node of nodes) {
    into.set(node.id, rightsOf(node));
    collectRights(node.children ?? [], into);
  }
  return into;
}

/**
 * Grade administrator dialog (600 px): the user (fixed when editing) and, per unit, the rights on
 * the unit itself and on the units below it (see, add, edit, delete).
 */
export function GradeDialog({ target, onClose }: { target: { userId?: string } | null; onClose(): void }) {
  const { t } = useTranslation('gradeManage');
  const queryClient = useQueryClient();
  const editing = Boolean(target?.userId);
  const [userId, setUserId] = useState('');
  const [rights, setRights] = useState<Map<string, Rights>>(new Map());
  const [saving, setSaving] = useState(false);
  useEffect(() => setUserId(target?.userId ?? ''), [target]);
  const tree = useQuery({
    queryKey: gradeKeys.tree(userId || '0'),
    queryFn: () => fetchGradeTree(userId),
    enabled: target !== null,
    gcTime: 0,
  });
  useEffect(() => setRights(collectRights(tree.data ?? [], new Map())), [tree.data]);
  const rows = useMemo(() => pruneEmptyChildren(tree.data), [tree.data]);

  const change = (unitId: string, key: GradeRight, checked: boolean) =>
    setRights((old) => new Map(old).set(unitId, setRight(old.get(unitId) ?? rightsOf({}), key, checked)));

  const save = async () => {
    if (!userId) {
      toastError(t('rules.userRequired'));
      return;
    }
    const list = adminList(rights);
    if (list.length === 0) {
      toastError(t('rules.unitRequired'));
      return;
    }
    setSaving(true);
    try {
      const { msg } = await saveGradeAdmin(userId, list, editing);
      toastSuccess(msg || t('organize:shared.saved'));
      await queryClient.invalidateQueries({ queryKey: gradeKeys.all });
      onClose();
    } catch {
      // The client showed the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  const rightColumn = (key: GradeRight) => ({
    title: t(`rights.${key.replace(/^(thisLayer|subLayer)/, '')}`),
    key,
    width: 48,
    align: 'center' as const,
    render: (_: unknown, row: GradeTreeNode) => (
      <Checkbox
        checked={rights.get(row.id)?.[key] === 1}
        aria-label={`${row.fullName} ${t(`rightNames.${key}`)}`}
        onChange={(event) => change(row.id, key, event.target.checked)}
      />
    ),
  });
  const columns: TableColumnsType<GradeTreeNode> = [
    { title: t('fields.organize'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('layers.this'), key: 'this', children: GRADE_RIGHTS.slice(0, 4).map(rightColumn) },
    { title: t('layers.sub'), key: 'sub', children: GRADE_RIGHTS.slice(4).map(rightColumn) },
  ];

  return (
    <Modal
      open={target !== null}
      width={600}
      title={editing ? t('dialog.edit') : t('dialog.new')}
      okText={t('organize:shared.actions.ok')}
      cancelText={t('organize:shared.actions.cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('fields.userId')} required>
          <UserSelect
            value={userId}
            disabled={editing}
            allowClear={false}
            onChange={(next) => setUserId(typeof next === 'string' ? next : '')}
          />
        </Form.Item>
        <Form.Item label={t('fields.organizeAdminList')} required>
          <Table<GradeTreeNode>
            // Remounted per answer so that the loaded tree opens fully.
            key={tree.dataUpdatedAt}
            rowKey="id"
            size="small"
            bordered
            className="permission-rights"
            columns={columns}
            dataSource={rows}
            loading={tree.isFetching}
            pagination={false}
            expandable={{ defaultExpandAllRows: true }}
            scroll={{ y: 320 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
