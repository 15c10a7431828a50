import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Empty, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSubordinates, profileKeys, type SubordinateNode } from '../api';

function toNode(item: SubordinateNode): DataNode {
  const meta = [item.department, item.position].filter(Boolean).join(' · ');
  return {
    key: item.id,
    isLeaf: item.isLeaf || !item.hasChildren,
    title: (
      <span className="profile-tree-title">
        <Avatar size={22} icon={<UserOutlined />} src={item.headIcon || undefined} />
        <span>
          {item.fullName}
          {item.account ? ` (${item.account})` : ''}
        </span>
        {meta && <span className="profile-tree-title__meta">{meta}</span>}
      </span>
    ),
  };
}

function replaceChildren(nodes: DataNode[], key: React.Key, children: DataNode[]): DataNode[] {
  return nodes.map((node) =>
    node.key === key
      ? { ...node, children }
      : node.children
        ? { ...node, children: replaceChildren(node.children, key, children) }
        : node,
  );
}

/** Subordinates: the people who report to the user, loaded level by level. */
export function SubordinatesTab() {
  const { t } = useTranslation('profile');
  const root = useQuery({ queryKey: profileKeys.subordinates('0'), queryFn: () => getSubordinates('0') });
  const [tree, setTree] = useState<DataNode[]>([]);

  useEffect(() => {
    if (root.data) setTree(root.data.map(toNode));
  }, [root.data]);

  return (
    <>
      <h2 className="profile__section-title">{t('tabs.subordinates')}</h2>
      <p className="profile__section-hint">{t('subordinates.hint')}</p>
      {root.isLoading ? (
        <Skeleton active />
      ) : tree.length === 0 ? (
        <Empty description={t('subordinates.empty')} />
      ) : (
        <Tree
          aria-label={t('tabs.subordinates')}
          showLine
          blockNode
          treeData={tree}
          loadData={async (node) => {
            if (node.children) return;
            const children = (await getSubordinates(String(node.key))).map(toNode);
            setTree((current) => replaceChildren(current, node.key, children));
          }}
        />
      )}
    </>
  );
}
