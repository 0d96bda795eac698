/** Work order states (docs/spec.md §4): being processed, closed, cancelled. */
export const WORK_ORDER_STATUS = { processing: 0, closed: 1, cancelled: 2 } as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUS)[keyof typeof WORK_ORDER_STATUS];

/** What a work order is about; the spec names the field, these are the kinds a shipping desk sorts by. */
export const WORK_ORDER_TYPES = ['tracking', 'claim', 'label', 'billing', 'account', 'other'] as const;
export type WorkOrderType = (typeof WORK_ORDER_TYPES)[number];

/** Who wrote a reply: the merchant or customer service. */
export type WorkOrderSide = 'customer' | 'service';
