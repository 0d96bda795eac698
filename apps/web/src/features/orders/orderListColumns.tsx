import type { OrderListSort } from '@parcelport/shared/contracts/orders/schemas';
import { Space, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { LabelNameBy, OrderListItem } from '../../api/orders';
import { AddressStatusTag } from '../../components/AddressStatusTag';
import { Money } from '../../components/Money';
import { OrderStatusTag } from '../../components/OrderStatusTag';
import {
  actionsColumn,
  createdAtColumn,
  orderNoColumn,
  Stacked,
  SubLine,
  serviceColumn,
} from '../../components/orderColumns';
import { TrackingText } from '../../components/TrackingText';
import { detailPath } from '../../utils/orderPaths';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { HeldTag } from './HeldTag';
import type { ListConfig } from './OrderList';
import { OrderNote } from './OrderNote';
import { OrderTags } from './OrderTags';
import { OrderActions } from './orderActions';
import { ReturnTag } from './ReturnTag';

/**
 * The merchant's order list's columns, for the list route's `config`; the creation time's column sorts by
 * `sort`, and the actions name labels by `nameBy`.
 */
export function orderListColumns(
  t: TFunction,
  config: ListConfig,
  sort: OrderListSort | undefined,
  nameBy: LabelNameBy,
): TableColumnsType<OrderListItem> {
  // Issue 14: the columns a merchant reads first fit a 1440 px screen with the menu open (FITS_1440); the
  // tracking number stands under the order number, the stop reason under the status, the address check's mark
  // under the recipient; the sender, references and the own columns of the tracking number and address check
  // are offered in the table settings.
  return [
    orderNoColumn<OrderListItem>(t('orderList.orderNo'), 190, (order) => (
      <Stacked>
        <Space size={4}>
          <Link to={detailPath(order.id)} data-testid="order-no">
            {order.orderNo}
          </Link>
          {order.isTest && <Tag color="purple">{t('orderList.test')}</Tag>}
          <ReturnTag order={order} />
          <HeldTag order={order} />
        </Space>
        {order.tackNo && <TrackingText carrierCode={order.carrierCode} value={order.tackNo} line />}
        {order.batchNo && (
          <SubLine>
            {t('orderList.batchNo')}
            {t('common.colon')}
            {order.batchNo}
          </SubLine>
        )}
        {order.tags.length > 0 && <OrderTags tags={order.tags} />}
      </Stacked>
    )),
    {
      title: t('orderList.trackingNo'),
      dataIndex: 'tackNo',
      width: 230,
      hidden: true,
      render: (value: string | null, order) => <TrackingText carrierCode={order.carrierCode} value={value} />,
    },
    ...(config.status === null
      ? [
          {
            title: t('field.status'),
            dataIndex: 'status',
            width: 120,
            render: (status: number, order: OrderListItem) => (
              <Stacked>
                <OrderStatusTag status={status} />
                {(order.failReason || order.auditInfo) && <OrderNote order={order} />}
              </Stacked>
            ),
          },
        ]
      : []),
    serviceColumn<OrderListItem>({ title: t('orderList.service'), dataIndex: 'serviceName', width: 160 }, (order) => (
      <>
        {order.carrierCode}
        {order.zone !== null ? ` · ${t('orderList.zone', { zone: order.zone })}` : ''}
      </>
    )),
    {
      title: t('orderList.recipient'),
      key: 'recipient',
      width: 180,
      render: (_value, order) => (
        <Stacked>
          <span>
            {order.toPersonName} · {order.toZipCode}
          </span>
          <Typography.Text type="secondary" ellipsis={{ tooltip: order.toAddress }} style={{ maxWidth: 160 }}>
            {order.toAddress}
          </Typography.Text>
          {/* The address check's mark, once checked (the column of its own says "not checked" too). */}
          {order.addressStatus !== 0 && <AddressStatusTag status={order.addressStatus} note={order.addressNote} />}
        </Stacked>
      ),
    },
    {
      title: t('address.column'),
      key: 'addressStatus',
      width: 130,
      hidden: true,
      render: (_value, order) => <AddressStatusTag status={order.addressStatus} note={order.addressNote} />,
    },
    {
      title: t('orderList.sender'),
      key: 'sender',
      width: 160,
      hidden: true,
      render: (_value, order) => (
        <span>
          {order.fromPersonName} · {order.fromZipCode}
        </span>
      ),
    },
    { title: t('orderList.reference1'), dataIndex: 'reference1', width: 120, ellipsis: true, hidden: true },
    {
      title: t('orderList.charges'),
      key: 'charges',
      width: 100,
      align: 'right',
      render: (_value, order) =>
        order.rate === null ? (
          NO_VALUE
        ) : (
          <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
            <Money amount={order.rate} />
            {Number(order.insuranceFee) > 0 && (
              <SubLine>
                {t('orderList.insuranceFee')} <Money amount={order.insuranceFee} />
              </SubLine>
            )}
          </Space>
        ),
    },
    {
      // The all-statuses list says why an order stopped under its status; a one-status list here, wider
      // where the route has no actions (failed, voided: the reason is what the merchant came for).
      title: t('orderList.note'),
      key: 'note',
      width: config.operations ? 120 : 260,
      hidden: config.status === null,
      render: (_value, order) => <OrderNote order={order} />,
    },
    {
      ...createdAtColumn<OrderListItem>(t('orderList.createdAt'), 130, (value, order) => (
        <Stacked>
          <span>{shownMinute(value)}</span>
          {order.createdTime && (
            <SubLine>
              {t('orderList.labelTime')} {dayjs(order.createdTime).format('MM-DD HH:mm')}
            </SubLine>
          )}
        </Stacked>
      )),
      // Newest first or oldest first, never unsorted: each click turns the order round.
      sorter: true,
      sortOrder: sort === 'oldest' ? 'ascend' : 'descend',
      sortDirections: ['ascend', 'descend', 'ascend'],
    },
    ...(config.operations
      ? [
          actionsColumn<OrderListItem>(t('common.actions'), 190, (order) => (
            <OrderActions order={order} nameBy={nameBy} />
          )),
        ]
      : []),
  ];
}
