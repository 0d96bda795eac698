import { type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { shownName } from '../../i18n';

/** Under what a row of the bills' lists is (a bill's file, a report's days): its channel, within the column. */
export function ChannelUnder({ name }: { name: string }) {
  return (
    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 196 }}>
      {shownName(name)}
    </Typography.Text>
  );
}

/** The id and the channel as columns of their own, hidden until chosen in the table settings. */
export const idAndChannelColumns = <Row extends { id: number; channelName: string }>(
  t: TFunction,
): TableColumnsType<Row> => [
  { title: t('bills.id'), dataIndex: 'id', width: 70, hidden: true },
  { title: t('bills.channel'), dataIndex: 'channelName', width: 150, ellipsis: true, hidden: true, render: shownName },
];
