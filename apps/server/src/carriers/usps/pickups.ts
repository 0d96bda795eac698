import { UpstreamError } from '../../outbound/types.ts';
import type { Pickups } from '../contract/pickups.ts';
import { readAnswer } from '../upstream/answers.ts';
import { pickupRequestOf, uspsPickupConfirmation } from './handover-wire.ts';

// Carrier Pickup 3.0 (free): scheduled by one POST; cancelled by a DELETE that must send back, as If-Match,
// the ETag of a GET of the pickup made just before.
export const uspsPickups: Pickups = {
  feeBefore: () => 0,
  async book(request, { http }) {
    const answer = await http.send({
      operation: 'pickup',
      method: 'POST',
      path: '/pickup/v3/carrier-pickup',
      json: pickupRequestOf(request),
      orderNo: request.reference,
    });
    const made = readAnswer(uspsPickupConfirmation, answer.json, { provider: 'usps', operation: 'pickup' });
    return { confirmation: made.confirmationNumber, upstreamId: made.confirmationNumber, feeCents: 0 };
  },
  async cancel(request, { http }) {
    const path = `/pickup/v3/carrier-pickup/${encodeURIComponent(request.upstreamId)}`;
    const found = await http.send({ operation: 'pickup', method: 'GET', path, orderNo: request.reference });
    const etag = found.headers.get('etag');
    if (!etag) throw new UpstreamError('transient', 'usps pickup: answer changed shape at the ETag header: missing');
    await http.send({
      operation: 'pickup',
      method: 'DELETE',
      path,
      headers: { 'If-Match': etag },
      orderNo: request.reference,
    });
  },
};
