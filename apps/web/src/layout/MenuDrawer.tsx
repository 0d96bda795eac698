import { Drawer } from 'antd';
import { useAppStore } from '../stores/app';
import { AppMenu } from './AppMenu';

/** A phone's menu: the side menu in a drawer from the left, opened from the navbar's menu button. */
export default function MenuDrawer({ width }: { width: number }) {
  const menuDrawerOpen = useAppStore((state) => state.menuDrawerOpen);
  const setMenuDrawerOpen = useAppStore((state) => state.setMenuDrawerOpen);
  return (
    <Drawer
      placement="left"
      size={Math.min(width + 40, 300)}
      open={menuDrawerOpen}
      onClose={() => setMenuDrawerOpen(false)}
      styles={{ body: { padding: 0 } }}
      data-testid="menu-drawer"
    >
      <AppMenu mode="inline" />
    </Drawer>
  );
}
