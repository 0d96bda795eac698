import { HistoryOutlined } from '@ant-design/icons';
import { listConfig, SETTING_GROUPS, type SettingGroup } from '@parcelport/shared/contracts/config/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Skeleton, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { SettingsView } from '../../api/config';
import { GroupForm } from './GroupForm';
import { HistoryDrawer } from './HistoryDrawer';

/**
 * /adminSettings/sysConfig: the platform's run-time settings (configList), a tab per group (exchange rate,
 * registration, earnest and deposits, penalty, zone query fee, order review, label defaults, SMTP with a test
 * mail, tracking, API log), each group saved on its own; every change is recorded and listed in the
 * history drawer, per setting or overall. A saved value is used by every app instance on its next use.
 */
export default function SysConfig() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['sysConfig'], queryFn: () => call(listConfig, {}) });
  const [dirty, setDirty] = useState<Partial<Record<SettingGroup, boolean>>>({});
  const [history, setHistory] = useState<{ open: boolean; key: string | undefined }>({ open: false, key: undefined });

  const onDirtyChange = useCallback(
    (group: SettingGroup, value: boolean) =>
      setDirty((known) => (Boolean(known[group]) === value ? known : { ...known, [group]: value })),
    [],
  );
  const onSaved = (view: SettingsView) => {
    queryClient.setQueryData(['sysConfig'], view);
    void queryClient.invalidateQueries({ queryKey: ['settingChanges'] });
    void queryClient.invalidateQueries({ queryKey: ['platformValues'] });
  };
  const openHistory = useCallback((key?: string) => setHistory({ open: true, key }), []);

  return (
    <Card
      title={t('menu.adminSettings.sysConfig')}
      data-testid="sys-config-page"
      extra={
        <Button icon={<HistoryOutlined />} onClick={() => openHistory()} data-testid="sys-config-history-all">
          {t('sysConfig.historyTitle')}
        </Button>
      }
    >
      {settings.data ? (
        <Tabs
          tabPlacement="start"
          items={SETTING_GROUPS.map((group) => ({
            key: group,
            label: (
              <span data-testid={`sys-config-tab-${group}`}>
                <Badge dot={Boolean(dirty[group])} offset={[6, 0]}>
                  {t(`sysConfig.group.${group}`)}
                </Badge>
              </span>
            ),
            children: (
              <GroupForm
                group={group}
                view={settings.data}
                onSaved={onSaved}
                onDirtyChange={onDirtyChange}
                onHistory={openHistory}
              />
            ),
          }))}
        />
      ) : (
        <Skeleton active />
      )}
      <HistoryDrawer
        open={history.open}
        settingKey={history.key}
        onKeyChange={(key) => setHistory({ open: true, key })}
        onClose={() => setHistory((state) => ({ ...state, open: false }))}
      />
    </Card>
  );
}
