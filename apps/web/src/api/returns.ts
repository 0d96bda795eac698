import { LABEL_CREATE_DURATION_MS } from '@parcelport/shared';
import { IDEMPOTENCY_KEY_HEADER } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/returns/index';
import type { z } from 'zod';
import { call } from './call';
import type { DraftPayload } from './orders';

/** Return labels (docs/api.md "Returns"): the shapes are the contracts' (packages/shared/src/contracts/returns). */
export type {
  OrderReturns,
  PublicReturn,
  ReturnRateLine,
  ReturnView,
} from '@parcelport/shared/contracts/returns/schemas';

/**
 * Drafts a return made on its own: who sends it back and its parcels (as the order form has them), to the
 * merchant's default sender address. The server checks them as any draft's, naming a failing field.
 */
export const createStandaloneReturn = (body: Pick<DraftPayload, 'from' | 'parcels'>) =>
  call(contracts.createReturn, { body: body as z.input<typeof contracts.returnCreateBody> });

/** Buys the return, paid on use or charged now; a retry with the same key never buys twice. */
export const buyReturn = (id: number, body: { serviceId: number; payOnUse: boolean }, idempotencyKey: string) =>
  call(
    contracts.buyReturn,
    { params: { id }, body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
    { duration: LABEL_CREATE_DURATION_MS, isRetry: true },
  );

/** Where the public return label downloads from. */
export const publicReturnLabelUrl = (link: string, format: 'pdf' | 'zpl') =>
  `/api/public/returns/${encodeURIComponent(link)}/label?format=${format}`;

/** Where the carrier's QR code of the return label loads from (where the carrier offers one). */
export const publicReturnQrUrl = (link: string) => `/api/public/returns/${encodeURIComponent(link)}/qr`;

/** The full address of a return link (`/r/<id>`), to send to the one who returns the parcel. */
export const returnLinkUrl = (path: string) => `${window.location.origin}${path}`;
