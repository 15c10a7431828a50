import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  LayoutOutlined,
  LinkOutlined,
  MessageOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ThunderboltOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import type { MenuNode } from '../../base/session/session-types';

export type MenuItem = Required<MenuProps>['items'][number];

/**
 * Icons by the menu's code: the server names icon-font classes of the 3.4.7 client (icon-ym ...),
 * which this console does not ship; known sections get a matching Ant Design icon, others one by type.
 */
const BY_CODE: Record<string, ReactNode> = {
  home: <HomeOutlined aria-hidden />,
  dashboard: <DashboardOutlined aria-hidden />,
  questionAnswering: <RobotOutlined aria-hidden />,
  onlineDev: <CodeOutlined aria-hidden />,
  generator: <ThunderboltOutlined aria-hidden />,
  system: <SettingOutlined aria-hidden />,
  systemData: <DatabaseOutlined aria-hidden />,
  permission: <SafetyCertificateOutlined aria-hidden />,
  workFlow: <ApartmentOutlined aria-hidden />,
  msgCenter: <MessageOutlined aria-hidden />,
  extend: <ExperimentOutlined aria-hidden />,
  demo: <FormOutlined aria-hidden />,
  weChat: <WechatOutlined aria-hidden />,
};

const BY_TYPE: Record<number, ReactNode> = {
  0: <FolderOutlined aria-hidden />,
  1: <AppstoreOutlined aria-hidden />,
  2: <FileTextOutlined aria-hidden />,
  3: <FormOutlined aria-hidden />,
  4: <BookOutlined aria-hidden />,
  5: <BarChartOutlined aria-hidden />,
  6: <FundProjectionScreenOutlined aria-hidden />,
  7: <LinkOutlined aria-hidden />,
  8: <LayoutOutlined aria-hidden />,
};

export function menuIcon(node: MenuNode): ReactNode {
  return BY_CODE[node.enCode] ?? BY_TYPE[node.type] ?? <AppstoreOutlined aria-hidden />;
}

/** antd menu items from menu nodes; icons on the top level only (children stay light). */
export function toItems(
  nodes: readonly MenuNode[],
  options: { depth?: number; flat?: boolean } = {},
): MenuItem[] {
  const depth = options.depth ?? 0;
  return nodes.map((node) => {
    const children = node.children ?? [];
    const icon = depth === 0 ? menuIcon(node) : undefined;
    // antd wraps an item's label in .ant-menu-title-content but uses a submenu's span label as it
    // is: the class lets the top menu cut both kinds of label inside their place.
    const label = (
      <span key={node.id} title={node.fullName} className="menu-label">
        {node.fullName}
      </span>
    );
    if (children.length > 0 && !options.flat) {
      return { key: node.id, icon, label, children: toItems(children, { depth: depth + 1 }) };
    }
    return { key: node.id, icon, label };
  });
}
