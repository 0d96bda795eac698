/** Work orders: the merchant's desk (its own tickets) and customer service's (every merchant's). */
export * from './cancel-work-order.ts';
export * from './close-work-order.ts';
export * from './get-work-order.ts';
export * from './list-work-orders.ts';
export * from './open-work-order.ts';
export * from './reopen-work-order.ts';
export * from './reply-to-work-order.ts';
export * from './schemas.ts';
