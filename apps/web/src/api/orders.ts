import { type KeyMode, LABEL_CREATE_DURATION_MS } from '@parcelport/shared';
import * as addressContracts from '@parcelport/shared/contracts/addresses/index';
import type { AddressView } from '@parcelport/shared/contracts/addresses/schemas';
import { type AnswerOf, IDEMPOTENCY_KEY_HEADER } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/orders/index';
import type { OrderListSort } from '@parcelport/shared/contracts/orders/schemas';
import type { z } from 'zod';
import { saveResponse } from '../utils/files';
import { call } from './call';

/**
 * The merchant's orders (/shipments): the shapes are the contracts' (packages/shared/src/contracts/orders),
 * what is sent their input, what comes back their output.
 */
export type {
  BulkResult,
  LabelNameBy,
  OrderMoney,
  OrderMoneyLine,
  ParcelView,
  QuoteLine,
  TimelineEntry,
} from '@parcelport/shared/contracts/orders/schemas';

/** An order as my list shows it (the staff's lists add its owner, see AdminOrder). */
export type OrderListItem = Omit<contracts.OrderListItem, 'userId'>;

/** One of my orders with its parties, parcels and timeline. */
export type OrderDetail = Omit<contracts.OrderDetail, 'userId'>;

/** An order party (docs/api.md, "Address"). */
export type AddressValue = AddressView;

/** A parcel of the create payload; insuredValue is the declared value, a money string. */
export type ParcelValue = z.input<typeof contracts.parcelInput>;

/** The order extra options the platform acts on; others pass through. */
export type OrderExtra = contracts.OrderDetail['extra'];

/** The order-create payload, as the draft and the estimate take it. */
export type OrderPayload = z.input<typeof contracts.orderInput>;
/** A draft as saved: what the order has so far (empty party fields and sizes allowed). */
export type DraftPayload = z.input<typeof contracts.draftInput>;

/** The columns every order list shows: the user's and the staff's (see AdminOrder). */
export type OrderListFields = Omit<OrderListItem, 'addressStatus' | 'addressNote'>;

export interface OrderFilter {
  status?: number;
  /** The merchant's tag (issue 30). */
  tagId?: number;
  keyword?: string;
  channelId?: number;
  batchNo?: string;
  /** 'return': return labels alone; 'label': outbound labels alone (issue 28). */
  kind?: 'label' | 'return';
  /** YYYY-MM-DD, both inclusive. */
  from?: string;
  to?: string;
  /** By creation time: newest first (undefined) or oldest first (issue 30). */
  sort?: OrderListSort;
  /** Test orders alone ('test'); live ones otherwise, the server's default for a session (issue 31). */
  mode?: KeyMode;
}

export type { MyService } from '@parcelport/shared/contracts/channels/schemas';

/** Rates of a saved order (or of an unsaved payload) from every service allotted to me. */
export const estimateRates = (body: { orderId: number } | OrderPayload) =>
  call(contracts.estimateRates, { body }) as Promise<AnswerOf<typeof contracts.estimateRates>>;

/**
 * Buys the label (docs/api.md: header duration 5000). The Idempotency-Key makes the server answer a retry
 * as it answered the first call, so transport failures are retried with the same key and never charge twice.
 */
export const createLabel = (body: { orderId: number; serviceId: number }, idempotencyKey: string) =>
  call(
    contracts.createLabel,
    { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
    { duration: LABEL_CREATE_DURATION_MS, isRetry: true },
  );

export type { AdjustmentRisk, AdjustmentRiskAnswer } from '@parcelport/shared/contracts/orders/adjustment-risk';

/**
 * The orders among `ids` whose declared weight or size the carrier is likely to correct (learnt from the
 * merchant's bills), with the extra each may cost; quiet on failure, as it only adds a warning to a purchase.
 */
export const checkAdjustmentRisk = (ids: number[]) =>
  call(contracts.checkAdjustmentRisk, { body: { ids } }, { isHideMsg: true });

/** City and state of a US ZIP (404 when unknown: no message, the form says so itself). */
export const getCity = (zip: string) => call(addressContracts.getCity, { query: { zip } }, { isHideMsg: true });

/**
 * Downloads an order's label (a 4x6 PDF, one page per parcel), named by order or tracking number. A refused
 * download answers the JSON envelope, which the request client shows and rejects with.
 */
export async function downloadLabel(
  order: Pick<contracts.OrderListItem, 'id' | 'orderNo' | 'tackNo'>,
  nameBy: contracts.LabelNameBy,
  format: 'pdf' | 'zpl' = 'pdf',
): Promise<string> {
  const response = await call(contracts.downloadLabel.app, { query: { id: order.id, nameBy, format } });
  const base = nameBy === 'trackingNo' && order.tackNo ? order.tackNo : order.orderNo;
  return saveResponse(response, `${base}.${format}`);
}
