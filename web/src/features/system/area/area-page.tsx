import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, type TableColumnsType, Tooltip } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { AddressPicker } from '../../../widgets/address-picker/address-picker';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { AREA_ROOT, type Area, areaKeys, deleteArea, fetchAreaChildren, isAreaLeaf, toggleArea } from './api';
import { AreaDialog, type AreaDialogTarget } from './area-dialog';
import '../../../widgets/list/list-page.css';
import './area.css';
import { StateCell } from '../../../widgets/list/state-cell';

const ADDRESS = 'system/area';

interface AreaRow extends Area {
  children?: AreaRow[];
}

/** Builds the table tree from the children loaded so far (lazy: unloaded parents get []). */
export function buildRows(
  list: readonly Area[],
  loaded: ReadonlyMap<string, readonly Area[]>,
  lazy: boolean,
): AreaRow[] {
  return list.map((area) => {
    if (!lazy || isAreaLeaf(area)) return { ...area };
    const children = loaded.get(area.id);
    return { ...area, children: children ? buildRows(children, loaded, lazy) : [] };
  });
}

function AreaList() {
  const { t } = useTranslation('area');
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const [keyword, setKeyword] = useState('');
  const [loaded, setLoaded] = useState<Map<string, Area[]>>(new Map());
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const [loadingRows, setLoadingRows] = useState(false);
  const [dialog, setDialog] = useState<AreaDialogTarget | null>(null);
  const [located, setLocated] = useState<string[]>([]);
  const root = useQuery({
    queryKey: areaKeys.children(AREA_ROOT, keyword),
    queryFn: () => fetchAreaChildren(AREA_ROOT, keyword),
  });
  // A keyword search answers matching areas, shown as a flat list.
  const rows = useMemo(() => buildRows(root.data ?? [], loaded, !keyword), [root.data, loaded, keyword]);

  const loadChildren = useCallback(async (parentIds: readonly string[]) => {
    setLoadingRows(true);
    try {
      const answers = await Promise.all(parentIds.map((id) => fetchAreaChildren(id)));
      setLoaded((old) => {
        const next = new Map(old);
        parentIds.forEach((id, index) => {
          next.set(id, answers[index] ?? []);
        });
        return next;
      });
    } finally {
      setLoadingRows(false);
    }
  }, []);

  /** Reloads the children of the given parents (the top level through its query). */
  const reload = async (parentIds: readonly string[]) => {
    const nested = parentIds.filter((id) => id !== AREA_ROOT && loaded.has(id));
    if (parentIds.includes(AREA_ROOT) || nested.length === 0) await root.refetch();
    if (nested.length > 0) await loadChildren(nested);
  };

  /** Opens the tree down to an area chosen with the address picker and marks its row. */
  const locate = async (path: string[]) => {
    setLocated(path);
    if (path.length === 0) return;
    if (keyword) setKeyword('');
    const parents = path.slice(0, -1);
    const missing = parents.filter((id) => !loaded.has(id));
    if (missing.length > 0) await loadChildren(missing);
    setExpanded((old) => [...new Set([...old, ...parents])]);
  };

  const refreshAll = () => {
    setLoaded(new Map());
    setExpanded([]);
    void root.refetch();
  };

  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });

  const toggle = (row: Area) =>
    confirm(Number(row.enabledMark) === 1 ? t('confirm.disable') : t('confirm.enable'), async () => {
      const msg = await toggleArea(row.id);
      toastSuccess(msg || t('toggled'), 1);
      await reload([row.parentId]);
    });

  const remove = (row: Area) =>
    confirm(t('confirm.delete'), async () => {
      const msg = await deleteArea(row.id);
      toastSuccess(msg || t('deleted'), 1.5);
      await reload([row.parentId]);
    });

  const columns: TableColumnsType<AreaRow> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 180 },
    { title: t('fields.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 90, align: 'center' },
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 100,
      align: 'center',
      render: (value: number, row) => (
        <StateCell
          enabled={Number(value) === 1}
          canToggle={allowed('btn_state')}
          label={t('fields.enabledMark')}
          enabledText={t('enabled')}
          disabledText={t('disabled')}
          onToggle={() => toggle(row)}
        />
      ),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 200,
      render: (_, row) => (
        <RowActions
          actions={[
            {
              code: 'btn_add',
              label: t('actions.addChild'),
              onClick: () => setDialog({ parentId: row.id, parentName: row.fullName }),
            },
            {
              code: 'btn_edit',
              label: t('actions.edit'),
              onClick: () => setDialog({ id: row.id, parentId: row.parentId }),
            },
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="area-page">
      <div className="list-page__search">
        <SearchBar
          keyword={keyword}
          placeholder={t('keyword')}
          onSearch={(next) => {
            setKeyword(next);
            setExpanded([]);
          }}
        >
          <div className="area-page__locate">
            <AddressPicker
              value={located}
              onChange={(value) => void locate(value as string[])}
              placeholder={t('locate')}
              title={t('locateTitle')}
            />
          </div>
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <AuthButton
            code="btn_add"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ parentId: AREA_ROOT })}
          >
            {t('actions.add')}
          </AuthButton>
          <Tooltip title={t('actions.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('actions.refresh')} onClick={refreshAll} />
          </Tooltip>
        </div>
        <Table<AreaRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={root.isFetching || loadingRows}
          pagination={false}
          rowClassName={(row) => (row.id === located.at(-1) ? 'area-page__located' : '')}
          scroll={{ y: 'calc(100vh - 330px)' }}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (open, row) => {
              if (open && !loaded.has(row.id)) void loadChildren([row.id]);
            },
            onExpandedRowsChange: (keys) => setExpanded(keys),
          }}
        />
      </div>
      <AreaDialog
        target={dialog}
        onClose={() => setDialog(null)}
        onSaved={(parents) => void reload(parents)}
      />
      {modalHolder}
    </div>
  );
}

/** Administrative areas, page 'system/area': a tree table loaded level by level. */
export default function AreaPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <AreaList />
    </PermissionScope>
  );
}
