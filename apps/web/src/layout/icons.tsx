import {
  AimOutlined,
  AppstoreOutlined,
  BellOutlined,
  CarOutlined,
  CompassOutlined,
  DashboardOutlined,
  LinkOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The route table's icon names (packages/shared menu.ts) as antd icons. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  shipments: <CarOutlined />,
  user: <UserOutlined />,
  settings: <SettingOutlined />,
  link: <LinkOutlined />,
  question: <QuestionCircleOutlined />,
  wallet: <WalletOutlined />,
  tool: <ToolOutlined />,
  tracking: <AimOutlined />,
  zone: <CompassOutlined />,
  bell: <BellOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  return ICONS[name] ?? <AppstoreOutlined />;
}
