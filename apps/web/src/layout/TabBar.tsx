import { DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tabs, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../stores/app';

/** Where closing every tab leaves the user (the default landing, docs/spec.md §2). */
const HOME = '/dashboard/workplace';

/**
 * The optional tab bar of visited routes: reload (through the /redirect helper route), and close this tab,
 * the others or all of them (all leaves the workplace open).
 */
export function TabBar() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = useAppStore((state) => state.tabs);
  const closeTab = useAppStore((state) => state.closeTab);
  const closeOtherTabs = useAppStore((state) => state.closeOtherTabs);
  const closeAllTabs = useAppStore((state) => state.closeAllTabs);
  const active = tabs.find((tab) => tab.path === `${location.pathname}${location.search}`)?.path;

  const close = (path: string) => {
    const index = tabs.findIndex((tab) => tab.path === path);
    closeTab(path);
    if (path === active) {
      const next = tabs[index + 1] ?? tabs[index - 1];
      navigate(next?.path ?? HOME);
    }
  };

  return (
    <div data-testid="tab-bar" style={{ background: token.colorBgContainer, padding: '6px 20px 0' }}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(path) => navigate(path)}
        onEdit={(path, action) => {
          if (action === 'remove' && typeof path === 'string') close(path);
        }}
        tabBarExtraContent={
          <Space size={0}>
            <Tooltip title={t('tabBar.reload')}>
              <Button
                size="small"
                type="text"
                icon={<ReloadOutlined />}
                data-testid="tab-bar-reload"
                onClick={() => navigate(`/redirect${location.pathname}${location.search}`, { replace: true })}
              />
            </Tooltip>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'close', label: t('tabBar.close'), disabled: !active || tabs.length < 2 },
                  { key: 'others', label: t('tabBar.closeOthers'), disabled: !active || tabs.length < 2 },
                  { key: 'all', label: t('tabBar.closeAll') },
                ].map((item) => ({ ...item, 'data-testid': `tab-bar-${item.key}` })),
                onClick: ({ key }) => {
                  if (key === 'close' && active) close(active);
                  else if (key === 'others' && active) closeOtherTabs(active);
                  else if (key === 'all') {
                    closeAllTabs();
                    navigate(HOME);
                  }
                },
              }}
            >
              <Button
                size="small"
                type="text"
                icon={<DownOutlined />}
                aria-label={t('tabBar.more')}
                data-testid="tab-bar-more"
              />
            </Dropdown>
          </Space>
        }
        items={tabs.map((tab) => ({
          key: tab.path,
          closable: tabs.length > 1,
          label: <span data-testid={`tab-${tab.name}`}>{t(tab.locale)}</span>,
        }))}
        style={{ marginBottom: 0 }}
      />
    </div>
  );
}
