import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { AccountStatusTag } from '../../components/StatusTag';
import { shownMinute } from '../../utils/shown';

/** An account's status and registration time, as the back office's account tables show them. */
export function accountStateColumns<Row extends { status: number; registrationDate: string }>(
  t: TFunction,
): TableColumnsType<Row> {
  return [
    {
      title: t('field.status'),
      dataIndex: 'status',
      width: 120,
      render: (status: number) => <AccountStatusTag status={status} />,
    },
    {
      title: t('field.registrationDate'),
      dataIndex: 'registrationDate',
      width: 150,
      render: shownMinute,
    },
  ];
}
