import { useQuery } from '@tanstack/react-query';
import { Empty, Input, Skeleton, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuthorizeNode, getAuthorize, profileKeys } from '../api';

const GROUPS = ['button', 'column', 'form'] as const;
type Group = (typeof GROUPS)[number];
const COLORS: Record<Group, string> = { button: 'blue', column: 'green', form: 'purple' };

function matches(node: AuthorizeNode, keyword: string): boolean {
  if (!keyword) return true;
  const needle = keyword.toLowerCase();
  return (
    node.fullName.toLowerCase().includes(needle) ||
    (node.children ?? []).some((child) => matches(child, keyword))
  );
}

/** Authorisation: the menus granted to the user, each with its buttons, columns and forms. */
export function AuthorizeTab() {
  const { t } = useTranslation('profile');
  const query = useQuery({ queryKey: profileKeys.authorize, queryFn: getAuthorize });
  const [keyword, setKeyword] = useState('');

  const treeData = useMemo(() => {
    const build = (nodes: AuthorizeNode[]): DataNode[] =>
      nodes
        .filter((node) => matches(node, keyword.trim()))
        .map((node) => {
          const groups: DataNode[] = GROUPS.filter((group) => (node[group] ?? []).length > 0).map(
            (group) => ({
              key: `${node.id}:${group}`,
              selectable: false,
              isLeaf: true,
              title: (
                <span className="profile-tree-title">
                  <span className="profile-tree-title__meta">{t(`authorize.${group}`)}</span>
                  {(node[group] ?? []).map((item) => (
                    <Tag key={item.id} color={COLORS[group]} variant="filled">
                      {item.fullName}
                    </Tag>
                  ))}
                </span>
              ),
            }),
          );
          return {
            key: node.id,
            selectable: false,
            title: node.fullName,
            children: [...groups, ...build(node.children ?? [])],
          };
        });
    return build(query.data ?? []);
  }, [query.data, keyword, t]);

  const topKeys = useMemo(() => (query.data ?? []).map((node) => node.id), [query.data]);

  return (
    <>
      <h2 className="profile__section-title">{t('tabs.authorize')}</h2>
      <p className="profile__section-hint">{t('authorize.hint')}</p>
      <Input.Search
        allowClear
        placeholder={t('authorize.search')}
        aria-label={t('authorize.search')}
        style={{ maxWidth: 320, marginBottom: 16 }}
        onSearch={setKeyword}
        onChange={(event) => {
          if (!event.target.value) setKeyword('');
        }}
      />
      {query.isLoading ? (
        <Skeleton active />
      ) : treeData.length === 0 ? (
        <Empty description={t('authorize.empty')} />
      ) : (
        <Tree
          aria-label={t('tabs.authorize')}
          showLine
          blockNode
          treeData={treeData}
          defaultExpandedKeys={topKeys}
          key={keyword}
          defaultExpandAll={keyword.trim().length > 0}
          height={560}
        />
      )}
    </>
  );
}
