import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Modal, Spin, Tabs } from 'antd';
import { type UIEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AbleIds,
  fetchGroupTree,
  fetchOrganizationUsers,
  fetchOrganizeTree,
  fetchPositionTree,
  fetchRoleTree,
  fetchSubordinates,
  fetchUserConditionPage,
  fetchUserPage,
  fetchUsersByIds,
  fetchUserTree,
  type Paged,
  pickerKeys,
} from './api';
import { KeywordBox, NodeLabel, NodeTree, PickerField, PickerPanes, SelectedPane } from './picker-parts';
import {
  addPick,
  attachChildren,
  CURRENT_USER,
  canPick,
  emittedValue,
  filterNodes,
  indexTree,
  keysOf,
  PAGE_SIZE,
  type Picked,
  type PickerNode,
  resolveKeys,
  selectableKinds,
  shouldLoadMore,
  splitTypedId,
  toPicked,
} from './selection';

export interface PickerProps<V = string | string[]> {
  value?: V;
  onChange?: (value: V) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  allowClear?: boolean;
}

export interface UserSelectProps extends PickerProps {
  /** 'all': the four tabs; 'custom': a flat list limited to the allowed ids. */
  selectType?: 'all' | 'custom';
  ableIds?: AbleIds;
}

const TREE_STALE = 60_000;

/**
 * Names for a stored user-picker value: users by id, units, roles, positions and groups (id--type)
 * through their selector trees, and the 'current user' variable.
 */
function useResolvedUsers(keys: readonly string[]): Picked[] {
  const { t } = useTranslation('orgPicker');
  const types = new Set(keys.map((key) => splitTypedId(key).type).filter(Boolean));
  const userIds = keys.filter((key) => key !== CURRENT_USER && !splitTypedId(key).type);
  const users = useQuery({
    queryKey: pickerKeys.usersByIds(userIds),
    queryFn: () => fetchUsersByIds(userIds),
    enabled: userIds.length > 0,
    staleTime: TREE_STALE,
  });
  const units = useQuery({
    queryKey: pickerKeys.organize(false),
    queryFn: () => fetchOrganizeTree(false),
    enabled: types.has('company') || types.has('department'),
    staleTime: TREE_STALE,
  });
  const roles = useQuery({
    queryKey: pickerKeys.role(),
    queryFn: fetchRoleTree,
    enabled: types.has('role'),
    staleTime: TREE_STALE,
  });
  const positions = useQuery({
    queryKey: pickerKeys.position(),
    queryFn: fetchPositionTree,
    enabled: types.has('position'),
    staleTime: TREE_STALE,
  });
  const groups = useQuery({
    queryKey: pickerKeys.group(),
    queryFn: fetchGroupTree,
    enabled: types.has('group'),
    staleTime: TREE_STALE,
  });
  const currentUser = t('currentUser');
  return useMemo(() => {
    const index = new Map<string, PickerNode>();
    for (const tree of [users.data, units.data, roles.data, positions.data, groups.data])
      indexTree(tree, index);
    index.set(CURRENT_USER, { id: CURRENT_USER, fullName: currentUser, type: 'user' });
    return resolveKeys(keys, index);
  }, [keys, users.data, units.data, roles.data, positions.data, groups.data, currentUser]);
}

/**
 * User picker of widgets.md: a field with the chosen names that opens an 800 px dialog. Selection
 * type 'all' has four tabs (all data: the organisation tree, or a paged list while a keyword is
 * entered; current organisation; my subordinates; system variables); 'custom' lists only the
 * allowed users. Single mode takes users only; multiple mode also takes units, roles, positions
 * and groups, stored as id--type (users stay plain ids).
 */
export function UserSelect({
  value,
  onChange,
  multiple = false,
  disabled,
  placeholder,
  allowClear = true,
  selectType = 'all',
  ableIds,
}: UserSelectProps) {
  const { t } = useTranslation('orgPicker');
  const keys = useMemo(() => keysOf(value), [value]);
  const picked = useResolvedUsers(keys);
  const [open, setOpen] = useState(false);
  const emit = (next: Picked[]) => onChange?.(emittedValue(next, multiple));
  return (
    <>
      <PickerField
        picked={picked}
        multiple={multiple}
        disabled={disabled}
        placeholder={placeholder ?? t('user.placeholder')}
        allowClear={allowClear}
        label={t('user.title')}
        iconType="user"
        testId="user-select"
        onOpen={() => setOpen(true)}
        onChange={emit}
      />
      {open && (
        <UserPickerDialog
          initial={picked}
          multiple={multiple}
          selectType={selectType}
          ableIds={ableIds ?? {}}
          onCancel={() => setOpen(false)}
          onConfirm={(next) => {
            emit(next);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function UserPickerDialog({
  initial,
  multiple,
  selectType,
  ableIds,
  onCancel,
  onConfirm,
}: {
  initial: Picked[];
  multiple: boolean;
  selectType: 'all' | 'custom';
  ableIds: AbleIds;
  onCancel(): void;
  onConfirm(list: Picked[]): void;
}) {
  const { t } = useTranslation('orgPicker');
  const [keyword, setKeyword] = useState('');
  const [tab, setTab] = useState('all');
  const [pending, setPending] = useState<Picked[]>(initial);
  const kinds = useMemo(() => selectableKinds('user', { multiple }), [multiple]);
  const pick = (node: PickerNode) => {
    if (canPick(node, kinds)) setPending((old) => addPick(old, toPicked(node, 'user', multiple), multiple));
  };

  const source =
    selectType === 'custom' ? (
      <PagedUsers
        queryKey={pickerKeys.userCondition(keyword, ableIds)}
        fetchPage={(page) => fetchUserConditionPage(keyword, page, ableIds)}
        onPick={pick}
      />
    ) : (
      <Tabs
        activeKey={tab}
        onChange={setTab}
        size="small"
        items={[
          {
            key: 'all',
            label: t('user.tabs.all'),
            children: keyword ? (
              <PagedUsers
                queryKey={pickerKeys.users(keyword)}
                fetchPage={(page) => fetchUserPage(keyword, page)}
                onPick={pick}
              />
            ) : (
              <LazyUserTree keyName="userTree" load={fetchUserTree} keyword="" kinds={kinds} onPick={pick} />
            ),
          },
          {
            key: 'organization',
            label: t('user.tabs.organization'),
            children: (
              <LazyUserTree
                keyName="organization"
                load={fetchOrganizationUsers}
                keyword={keyword}
                kinds={kinds}
                onPick={pick}
              />
            ),
          },
          {
            key: 'subordinates',
            label: t('user.tabs.subordinates'),
            children: <Subordinates keyword={keyword} onPick={pick} />,
          },
          {
            key: 'system',
            label: t('user.tabs.system'),
            children: (
              <div className="org-picker__scroll">
                <NodeList
                  nodes={[{ id: CURRENT_USER, fullName: t('currentUser'), type: 'user' }]}
                  onPick={pick}
                />
              </div>
            ),
          },
        ]}
      />
    );

  return (
    <Modal
      open
      width={800}
      title={t('user.title')}
      onCancel={onCancel}
      onOk={() => onConfirm(pending)}
      okText={t('confirm')}
      cancelText={t('cancel')}
      className="org-picker-dialog"
      data-testid="user-picker-dialog"
    >
      <PickerPanes right={<SelectedPane picked={pending} onChange={setPending} />}>
        <KeywordBox onSearch={setKeyword} />
        {source}
      </PickerPanes>
    </Modal>
  );
}

/**
 * A user tree loaded one unit at a time (child units and direct members); the keyword filters what
 * has been loaded.
 */
function LazyUserTree({
  keyName,
  load,
  keyword,
  kinds,
  onPick,
}: {
  keyName: 'userTree' | 'organization';
  load(organizeId?: string): Promise<PickerNode[]>;
  keyword: string;
  kinds: ReadonlySet<string>;
  onPick(node: PickerNode): void;
}) {
  const queryClient = useQueryClient();
  const root = useQuery({ queryKey: pickerKeys[keyName](''), queryFn: () => load(), staleTime: TREE_STALE });
  const [loaded, setLoaded] = useState<PickerNode[] | null>(null);
  const tree = loaded ?? root.data ?? [];
  const onLoad = useCallback(
    async (path: string[]) => {
      const id = path.at(-1) ?? '';
      const children = await queryClient.fetchQuery({
        queryKey: pickerKeys[keyName](id),
        queryFn: () => load(id),
        staleTime: TREE_STALE,
      });
      setLoaded((old) => attachChildren(old ?? root.data ?? [], path, children));
    },
    [queryClient, keyName, load, root.data],
  );
  const nodes = useMemo(() => filterNodes(tree, keyword), [tree, keyword]);
  return (
    <div className="org-picker__scroll">
      <NodeTree
        nodes={nodes}
        kinds={kinds}
        loading={root.isFetching}
        expandAll={keyword !== ''}
        onPick={onPick}
        onLoad={onLoad}
      />
    </div>
  );
}

function Subordinates({ keyword, onPick }: { keyword: string; onPick(node: PickerNode): void }) {
  const list = useQuery({
    queryKey: pickerKeys.subordinates(keyword),
    queryFn: () => fetchSubordinates(keyword),
  });
  return (
    <div className="org-picker__scroll">
      <Spin spinning={list.isFetching}>
        <NodeList nodes={list.data ?? []} loading={list.isFetching} onPick={onPick} />
      </Spin>
    </div>
  );
}

/** A paged list that loads the next 20 when scrolled within 200 px of its bottom. */
function PagedUsers({
  queryKey,
  fetchPage,
  onPick,
}: {
  queryKey: readonly unknown[];
  fetchPage(page: number): Promise<Paged<PickerNode>>;
  onPick(node: PickerNode): void;
}) {
  const { t } = useTranslation('orgPicker');
  const pages = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.list.length < PAGE_SIZE ? undefined : all.length + 1),
  });
  const nodes = useMemo(() => pages.data?.pages.flatMap((page) => page.list) ?? [], [pages.data]);
  const lastSize = pages.data?.pages.at(-1)?.list.length ?? 0;
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (shouldLoadMore(event.currentTarget, lastSize, pages.isFetching)) void pages.fetchNextPage();
  };
  return (
    <div className="org-picker__scroll" onScroll={onScroll} data-testid="org-picker-paged">
      <NodeList nodes={nodes} loading={pages.isFetching} onPick={onPick} />
      {pages.isFetchingNextPage && <div className="org-picker__more">{t('loading')}</div>}
    </div>
  );
}

/** Users (or the 'current user' variable) as a clickable list. */
function NodeList({
  nodes,
  loading = false,
  onPick,
}: {
  nodes: readonly PickerNode[];
  loading?: boolean;
  onPick(node: PickerNode): void;
}) {
  const { t } = useTranslation('orgPicker');
  if (nodes.length === 0)
    return loading ? (
      <div className="org-picker__more">{t('loading')}</div>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
    );
  return (
    <ul className="org-picker__list">
      {nodes.map((node) => (
        <li key={node.id}>
          <button
            type="button"
            className="org-picker__item org-picker__item--pickable"
            onClick={() => onPick(node)}
          >
            <NodeLabel item={node} />
          </button>
        </li>
      ))}
    </ul>
  );
}
