import { UpstreamError } from '../../outbound/types.ts';
import type { Pickups } from '../contract/pickups.ts';
import { firstListed } from './lists.ts';
import { answerOf, centsOf, easypostPickup, easypostPickups as easypostPickupList, pickupRequestOf } from './wire.ts';

/*
 * EasyPost's Pickups: made for the first label's Shipment with their rates, the cheapest bought; one whose
 * answer was lost found again in EasyPost's list by its reference.
 */

/** The Pickup rate bought: the cheapest offered (its price is the booking's fee). */
const cheapestRate = <Rate extends { rate: string }>(rates: Rate[]) =>
  rates.toSorted((a, b) => centsOf(a.rate) - centsOf(b.rate))[0];

// A Pickup is created with its rates, then one rate (the cheapest) is bought: its price is the fee, known
// only then.
export const easypostPickups: Pickups = {
  feeBefore: () => null,
  async book(request, { http }) {
    const shipmentId = request.labels.flatMap((label) => (label.upstreamId ?? '').split(',').filter(Boolean))[0];
    if (!shipmentId) throw new UpstreamError('badRequest', 'EasyPost needs a shipment bought through it to pick up');
    const created = answerOf(
      easypostPickup,
      await http.send({
        operation: 'pickup',
        method: 'POST',
        path: '/v2/pickups',
        json: pickupRequestOf(request, shipmentId),
        orderNo: request.reference,
        // An unbought Pickup costs nothing and is not a booking: made again after a lost answer.
        repeatable: true,
      }),
      'pickup',
    );
    const cheapest = cheapestRate(created.pickup_rates);
    if (!cheapest) throw new UpstreamError('badRequest', `EasyPost offers no pickup for ${created.id}`);
    const bought = answerOf(
      easypostPickup,
      await http.send({
        operation: 'pickup',
        method: 'POST',
        path: `/v2/pickups/${encodeURIComponent(created.id)}/buy`,
        json: { carrier: cheapest.carrier, service: cheapest.service },
        orderNo: request.reference,
      }),
      'pickup',
    );
    return {
      confirmation: bought.confirmation ?? bought.id,
      upstreamId: bought.id,
      feeCents: centsOf(cheapest.rate),
    };
  },
  // A Pickup carries the reference it was made with (the booking's own): the one of a lost booking is the one
  // made since it was asked with that reference, booked when it was bought (`scheduled`).
  async find(request, { http }) {
    const made = await firstListed(
      http,
      { operation: 'pickup', path: '/v2/pickups', askedAt: request.askedAt, reference: request.reference },
      (answer) => {
        const page = answerOf(easypostPickupList, answer, 'pickup');
        return { items: page.pickups, hasMore: page.has_more };
      },
      (pickup) => pickup.reference === request.reference,
    );
    if (made?.status !== 'scheduled') return null;
    const cheapest = cheapestRate(made.pickup_rates);
    return {
      confirmation: made.confirmation ?? made.id,
      upstreamId: made.id,
      feeCents: centsOf(cheapest?.rate ?? '0'),
    };
  },
  async cancel(request, { http }) {
    answerOf(
      easypostPickup,
      await http.send({
        operation: 'pickup',
        method: 'POST',
        path: `/v2/pickups/${encodeURIComponent(request.upstreamId)}/cancel`,
        json: {},
        orderNo: request.reference,
      }),
      'pickup',
    );
  },
};
