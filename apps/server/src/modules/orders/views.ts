import { formatCents } from '@parcelport/shared';
import type { OrderDetail, OrderListItem, OrderMoney, ParcelView } from '@parcelport/shared/contracts/orders/schemas';
import { isoTime } from '../../core/time.ts';
import type { eventsOf } from './events-repo.ts';
import { type OrderListRow, type OrderRow, type parcelsOf, parseAddress } from './repo.ts';

type ParcelRow = Awaited<ReturnType<typeof parcelsOf>>[number];
type EventRow = Awaited<ReturnType<typeof eventsOf>>[number];

const money = (cents: number | null) => (cents === null ? null : formatCents(cents));

/**
 * An order as its merchant sees it: what the carrier billed the platform for the label is the operator's
 * cost (its margin beside the merchant's rate), never shown to the merchant; a carrier bill reaches the
 * merchant as its own deductions, with their evidence (modules/bills).
 */
export function withoutCarrierCost<T extends { billedCost: string | null }>(order: T): T {
  return { ...order, billedCost: null };
}

type OrderTag = OrderListItem['tags'][number];

/** An order as the lists show it (docs/spec.md §3 Order field names), with its tags when the caller read them. */
export function orderListItem(order: OrderListRow, tags: readonly OrderTag[] = []) {
  const to = parseAddress(order.to_address);
  const from = parseAddress(order.from_address);
  return {
    id: order.id,
    orderId: order.id,
    orderNo: order.order_no,
    tackNo: order.tracking_no,
    batchNo: order.batch_no,
    status: order.status,
    userId: order.user_id,
    channelId: order.channel_id,
    serviceId: order.service_id,
    serviceName: order.service_name,
    carrierCode: order.carrier_code,
    serviceCode: order.service_code,
    rate: money(order.rate),
    insuranceFee: formatCents(order.insurance_fee),
    insurance: formatCents(order.insurance_cents),
    earnest: formatCents(order.earnest),
    zone: order.zone,
    toPersonName: to.personName,
    toZipCode: to.zipCode,
    toAddress: [to.addressLine1, to.addressLine2, to.city, to.stateCode].filter(Boolean).join(', '),
    fromPersonName: from.personName,
    fromZipCode: from.zipCode,
    fromAddress: [from.addressLine1, from.addressLine2, from.city, from.stateCode].filter(Boolean).join(', '),
    reference1: order.reference1,
    reference2: order.reference2,
    remark: order.remark,
    auditInfo: order.audit_info,
    failReason: order.fail_reason,
    /** The last batch address check (0 not checked, 1 valid, 2 valid with corrections, 3 invalid) and its note. */
    addressStatus: order.address_status,
    addressNote: order.address_note,
    isTest: order.is_test === 1,
    kind: order.kind,
    labelSize: order.label_size as OrderListItem['labelSize'],
    createdAt: isoTime(order.created_at) as string,
    createdTime: isoTime(order.label_created_at),
    shipDate: order.ship_date,
    billedCost: money(order.billed_cost),
    billedAt: isoTime(order.billed_at),
    earnestReleasedAt: isoTime(order.earnest_released_at),
    refundedAt: isoTime(order.refunded_at),
    carrierRefund: order.carrier_refund,
    carrierRefundNote: order.carrier_refund_note,
    tags: [...tags],
    heldForReview: order.held_for_review === 1,
  };
}

export function parcelView(parcel: ParcelRow) {
  return {
    id: parcel.id,
    seq: parcel.seq,
    length: parcel.length,
    width: parcel.width,
    height: parcel.height,
    weight: parcel.weight,
    massUnit: parcel.mass_unit as ParcelView['massUnit'],
    distanceUnit: parcel.distance_unit as ParcelView['distanceUnit'],
    packageCode: parcel.package_code,
    packageNum: parcel.package_num,
    packageAmount: parcel.package_amount,
    insuredValue: formatCents(parcel.insured_cents),
    reference: parcel.reference,
    reference2: parcel.reference2,
    trackingNo: parcel.tracking_no,
    trackingStatus: parcel.tracking_status,
  };
}

/** Everything the order detail page shows, with the timeline and the money its ledger rows moved (money.ts). */
export function orderDetail(
  order: OrderRow,
  parcels: ParcelRow[],
  events: EventRow[],
  eventLabel: (event: string) => string,
  money: OrderMoney | null,
  tags: readonly OrderTag[] = [],
) {
  const items = JSON.parse(order.items) as { sku: string; name: string; quantity: number; price: number }[];
  return {
    ...orderListItem(order, tags),
    items: items.map((item) => ({ ...item, price: formatCents(item.price) })),
    preferredServiceId: order.preferred_service_id,
    rateChoice: order.rate_choice ? (JSON.parse(order.rate_choice) as OrderDetail['rateChoice']) : null,
    ruleTrail: JSON.parse(order.rule_trail) as OrderDetail['ruleTrail'],
    from: parseAddress(order.from_address),
    to: parseAddress(order.to_address),
    residential: order.residential === 1,
    batteryType: order.battery_type as OrderDetail['batteryType'],
    extra: JSON.parse(order.extra) as OrderDetail['extra'],
    parcels: parcels.map(parcelView),
    baseInfo: order.estimate ? (JSON.parse(order.estimate) as Record<string, unknown>) : null,
    timeline: events.map((event) => ({
      status: event.status,
      event: event.event,
      title: eventLabel(event.event),
      detail: event.detail,
      time: isoTime(event.created_at) as string,
    })),
    money,
  };
}
