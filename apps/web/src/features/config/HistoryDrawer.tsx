import { listConfigChanges, SETTING_KEYS } from '@parcelport/shared/contracts/config/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { SettingChangeView } from '../../api/config';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE, shownSecond } from '../../utils/shown';

/**
 * The recorded changes of the settings, newest first: when, which setting, the old and the new value, and
 * who made it; of one setting or of all. A secret's change is shown as changed, never its value.
 */
export function HistoryDrawer({
  open,
  settingKey,
  onKeyChange,
  onClose,
}: {
  open: boolean;
  /** One setting's history (`group.name`), or every change when undefined. */
  settingKey: string | undefined;
  onKeyChange: (key: string | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { page, pageSize, setPage, pagination } = usePaging();
  // biome-ignore lint/correctness/useExhaustiveDependencies: another setting starts at its first page
  useEffect(() => setPage(1), [settingKey, setPage]);
  const changes = useQuery({
    queryKey: ['settingChanges', settingKey, page, pageSize],
    queryFn: () => call(listConfigChanges, { query: { key: settingKey, page, pageSize } }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const settingName = (key: string) => t(`sysConfig.setting.${key}`, { defaultValue: key });
  const value = (row: SettingChangeView, text: string | null) =>
    row.secret ? <Typography.Text type="secondary">{t('sysConfig.secretValue')}</Typography.Text> : (text ?? NO_VALUE);

  const columns: TableColumnsType<SettingChangeView> = [
    {
      title: t('sysConfig.col.time'),
      dataIndex: 'at',
      width: 170,
      render: shownSecond,
    },
    {
      title: t('sysConfig.col.setting'),
      dataIndex: 'key',
      width: 200,
      render: (key: string) => (
        <>
          {settingName(key)}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`sysConfig.group.${key.split('.')[0]}`, { defaultValue: '' })}
            </Typography.Text>
          </div>
        </>
      ),
    },
    { title: t('sysConfig.col.old'), key: 'old', render: (_v, row) => value(row, row.oldValue) },
    {
      title: t('sysConfig.col.new'),
      key: 'new',
      render: (_v, row) =>
        row.secret ? <Tag color="blue">{t('sysConfig.secretChanged')}</Tag> : value(row, row.newValue),
    },
    {
      title: t('sysConfig.col.actor'),
      dataIndex: 'actorName',
      width: 200,
      render: (name: string | null) => name ?? NO_VALUE,
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={860}
      title={
        settingKey ? t('sysConfig.historyTitleOf', { name: settingName(settingKey) }) : t('sysConfig.historyTitle')
      }
      destroyOnHidden
    >
      <div data-testid="sys-config-history">
        <Select
          allowClear
          style={{ width: 320, marginBottom: 16 }}
          placeholder={t('sysConfig.allSettings')}
          value={settingKey}
          onChange={(key?: string) => onKeyChange(key)}
          options={SETTING_KEYS.map((key) => ({ value: key, label: settingName(key) }))}
          data-testid="sys-config-history-key"
        />
        <Table<SettingChangeView>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={changes.data?.list ?? []}
          loading={changes.isFetching}
          onRow={(row) => ({ 'data-testid': `setting-change-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={pagination(changes.data?.total ?? 0)}
        />
      </div>
    </Drawer>
  );
}
