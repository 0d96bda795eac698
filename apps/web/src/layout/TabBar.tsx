import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tabs, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../stores/app';

/** The optional tab bar of visited routes; reload goes through the /redirect helper route. */
export function TabBar() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = useAppStore((state) => state.tabs);
  const closeTab = useAppStore((state) => state.closeTab);
  const active = tabs.find((tab) => tab.path === `${location.pathname}${location.search}`)?.path;

  return (
    <div data-testid="tab-bar" style={{ background: token.colorBgContainer, padding: '6px 20px 0' }}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(path) => navigate(path)}
        onEdit={(path, action) => {
          if (action !== 'remove' || typeof path !== 'string') return;
          const index = tabs.findIndex((tab) => tab.path === path);
          closeTab(path);
          if (path === active) {
            const next = tabs[index + 1] ?? tabs[index - 1];
            navigate(next?.path ?? '/dashboard/workplace');
          }
        }}
        tabBarExtraContent={
          <Tooltip title={t('tabBar.reload')}>
            <Button
              size="small"
              type="text"
              icon={<ReloadOutlined />}
              data-testid="tab-bar-reload"
              onClick={() => navigate(`/redirect${location.pathname}${location.search}`, { replace: true })}
            />
          </Tooltip>
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
