import {
  AUTHORIZE_TABS,
  type AuthorizeTab,
  type AuthorizeTreeNode,
  type GrantObjectType,
} from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Select, Space, Spin, Tabs, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toastSuccess } from '../../../base/api/feedback';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { PositionSelect, RoleSelect, UserSelect } from '../../../widgets/org-picker';
import { authorizeKeys, fetchAuthorizeValues, type GrantPayload, saveAuthorize } from './api';
import { branchIds, checkedLeaves, grantedIds, leafIds } from './tree';
import './authorize.css';

const ADDRESS = 'permission/authorize';
const OBJECT_TYPES: GrantObjectType[] = ['Role', 'Position', 'User'];
const PAYLOAD_KEY: Record<AuthorizeTab, keyof GrantPayload> = {
  system: 'systemIds',
  module: 'module',
  button: 'button',
  column: 'column',
  form: 'form',
  resource: 'resource',
};

interface TreeItem {
  key: string;
  title: string;
  children?: TreeItem[];
}
function toTreeData(nodes: readonly AuthorizeTreeNode[]): TreeItem[] {
  return nodes.map((node) => {
    const item: TreeItem = { key: node.id, title: node.fullName };
    if (node.children?.length) item.children = toTreeData(node.children);
    return item;
  });
}

/**
 * Per tab the admin changed: the checked leaves shown and the ids to save (leaves with their
 * ancestors). Untouched tabs show and keep the object's grants.
 */
type Edits = Partial<Record<AuthorizeTab, { leaves: string[]; granted: string[] }>>;

function Authorize() {
  const { t } = useTranslation('authorize');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const queryType = params.get('objectType');
  const objectType: GrantObjectType = OBJECT_TYPES.includes(queryType as GrantObjectType)
    ? (queryType as GrantObjectType)
    : 'Role';
  const objectId = params.get('objectId') ?? '';
  const [tab, setTab] = useState<AuthorizeTab>('system');
  const [edits, setEdits] = useState<Edits>({});
  const [expanded, setExpanded] = useState<Partial<Record<AuthorizeTab, string[]>>>({});
  const [saving, setSaving] = useState(false);

  // A different object starts from its own grants (state reset while rendering, not in an effect).
  const objectKey = `${objectType}:${objectId}`;
  const [shownKey, setShownKey] = useState(objectKey);
  if (shownKey !== objectKey) {
    setShownKey(objectKey);
    setEdits({});
    setExpanded({});
    setTab('system');
  }

  const choose = (type: GrantObjectType, id: string) => {
    const next = new URLSearchParams(params);
    next.set('objectType', type);
    if (id) next.set('objectId', id);
    else next.delete('objectId');
    setParams(next, { replace: true });
  };

  const systemQuery = useQuery({
    queryKey: authorizeKeys.values(objectType, objectId, 'system', ''),
    queryFn: () => fetchAuthorizeValues(objectType, objectId, 'system', []),
    enabled: Boolean(objectId),
  });
  const systemLeaves = systemQuery.data
    ? (edits.system?.leaves ?? checkedLeaves(systemQuery.data.list, systemQuery.data.ids))
    : [];
  const systemIds = systemQuery.data ? grantedIds(systemQuery.data.list, systemLeaves) : [];
  const moduleQuery = useQuery({
    queryKey: authorizeKeys.values(objectType, objectId, 'module', systemIds.join(',')),
    queryFn: () => fetchAuthorizeValues(objectType, objectId, 'module', systemIds),
    enabled: Boolean(objectId) && Boolean(systemQuery.data) && tab !== 'system',
  });
  const moduleLeaves = moduleQuery.data
    ? (edits.module?.leaves ?? checkedLeaves(moduleQuery.data.list, moduleQuery.data.ids))
    : [];
  const moduleIds = moduleQuery.data ? grantedIds(moduleQuery.data.list, moduleLeaves) : [];
  const itemTab = tab !== 'system' && tab !== 'module';
  const itemQuery = useQuery({
    queryKey: authorizeKeys.values(objectType, objectId, tab, moduleIds.join(',')),
    queryFn: () => fetchAuthorizeValues(objectType, objectId, tab, moduleIds),
    enabled: Boolean(objectId) && itemTab && Boolean(moduleQuery.data),
  });

  const current = tab === 'system' ? systemQuery : tab === 'module' ? moduleQuery : itemQuery;
  const tree = current.data?.list ?? [];
  const leaves = current.data ? (edits[tab]?.leaves ?? checkedLeaves(tree, current.data.ids)) : [];
  const treeData = useMemo(() => toTreeData(tree), [tree]);
  const expandedKeys = expanded[tab] ?? branchIds(tree);

  const setLeaves = (next: string[]) =>
    setEdits((old) => ({ ...old, [tab]: { leaves: next, granted: grantedIds(tree, next) } }));

  const save = async () => {
    const payload: GrantPayload = {};
    // Tabs the admin changed are sent; the others keep the object's grants.
    for (const name of AUTHORIZE_TABS) {
      const edit = edits[name];
      if (edit) payload[PAYLOAD_KEY[name]] = edit.granted;
    }
    setSaving(true);
    try {
      toastSuccess((await saveAuthorize(objectType, objectId, payload)) || t('saved'), 1.5);
      setEdits({});
      await queryClient.invalidateQueries({ queryKey: authorizeKeys.all });
    } catch {
      // message shown by the client
    } finally {
      setSaving(false);
    }
  };

  const index = AUTHORIZE_TABS.indexOf(tab);
  const picker = {
    value: objectId || undefined,
    onChange: (value: string | string[]) => choose(objectType, String(value ?? '')),
    placeholder: t('chooseObject'),
    allowClear: true,
  };

  return (
    <div className="authorize-page" data-testid="authorize-page">
      <Form layout="inline" className="authorize-page__object">
        <Form.Item label={t('objectType')}>
          <Select
            aria-label={t('objectType')}
            value={objectType}
            style={{ width: 120 }}
            onChange={(value) => choose(value, '')}
            options={OBJECT_TYPES.map((value) => ({ value, label: t(`objectTypes.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('object')}>
          <div style={{ width: 280 }}>
            {objectType === 'Role' && <RoleSelect {...picker} />}
            {objectType === 'Position' && <PositionSelect {...picker} />}
            {objectType === 'User' && <UserSelect {...picker} />}
          </div>
        </Form.Item>
      </Form>
      {!objectId ? (
        <Empty className="authorize-page__empty" description={t('noObject')} />
      ) : (
        <div className="authorize-page__body">
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as AuthorizeTab)}
            items={AUTHORIZE_TABS.map((name) => ({ key: name, label: t(`tabs.${name}`) }))}
          />
          <div className="authorize-page__toolbar">
            <Space wrap>
              <Button onClick={() => setLeaves(leafIds(tree))}>{t('actions.selectAll')}</Button>
              <Button onClick={() => setLeaves([])}>{t('actions.deselectAll')}</Button>
              <Button onClick={() => setExpanded((old) => ({ ...old, [tab]: branchIds(tree) }))}>
                {t('actions.expandAll')}
              </Button>
              <Button onClick={() => setExpanded((old) => ({ ...old, [tab]: [] }))}>
                {t('actions.foldAll')}
              </Button>
            </Space>
            <Space>
              <Button disabled={index === 0} onClick={() => setTab(AUTHORIZE_TABS[index - 1] ?? 'system')}>
                {t('actions.previous')}
              </Button>
              <Button
                disabled={index === AUTHORIZE_TABS.length - 1}
                onClick={() => setTab(AUTHORIZE_TABS[index + 1] ?? 'resource')}
              >
                {t('actions.next')}
              </Button>
              <AuthButton code="btn_save" type="primary" loading={saving} onClick={save}>
                {t('actions.save')}
              </AuthButton>
            </Space>
          </div>
          <div className="authorize-page__tree" data-testid={`authorize-tree-${tab}`}>
            {current.isFetching && !current.data ? (
              <Spin />
            ) : tree.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(tab === 'system' ? 'emptySystem' : 'empty')}
              />
            ) : (
              <Tree
                checkable
                blockNode
                selectable={false}
                treeData={treeData}
                checkedKeys={leaves}
                expandedKeys={expandedKeys}
                onExpand={(keys) => setExpanded((old) => ({ ...old, [tab]: keys.map(String) }))}
                onCheck={(checked) => {
                  const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
                  const leafSet = new Set(leafIds(tree));
                  setLeaves(keys.filter((key) => leafSet.has(key)));
                }}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** Grants of a role, position or user over the six tabs of console.md 2.6, page 'permission/authorize'. */
export default function AuthorizePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <Authorize />
    </PermissionScope>
  );
}
