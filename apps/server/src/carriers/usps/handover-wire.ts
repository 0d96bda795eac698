/**
 * The parcels handed over to USPS as its APIs take them: a SCAN form (SCAN Forms 3.0, PS Form 5630) of the
 * day's labels and a Carrier Pickup (Carrier Pickup 3.0), both naming the shipper with the address nested.
 */
import { z } from 'zod';
import type { ManifestRequest } from '../contract/manifests.ts';
import type { PickupRequest } from '../contract/pickups.ts';
import type { Address } from '../contract/shipment.ts';
import { namesOf, zipOf } from './wire.ts';

const present = z.string().min(1);

/** The JSON part of SCAN Forms 3.0's multipart answer: the form's number and the labels on it. */
export const uspsScanForm = z.looseObject({ manifestNumber: present, trackingNumbers: z.array(present) });

/**
 * The form's PDF out of its part: USPS's published answer carries the PDF base64-encoded in the part typed
 * `application/pdf`; a part holding the PDF itself (`%PDF`) is taken as it is.
 */
export function scanFormPdfOf(bytes: Buffer): Buffer {
  if (bytes.subarray(0, 4).toString('latin1') === '%PDF') return bytes;
  return Buffer.from(bytes.toString('latin1').replace(/\s+/g, ''), 'base64');
}

/** A party as USPS's SCAN form and Carrier Pickup take it: names and firm, the address nested under `address`. */
function nestedAddressOf(
  party: Pick<Address, 'personName' | 'company' | 'addressLine1' | 'addressLine2' | 'city' | 'stateCode' | 'zipCode'>,
) {
  return {
    ...namesOf(party.personName),
    ...(party.company ? { firm: party.company } : {}),
    address: {
      streetAddress: party.addressLine1,
      ...(party.addressLine2 ? { secondaryAddress: party.addressLine2 } : {}),
      city: party.city,
      state: party.stateCode,
      ...zipOf(party.zipCode),
    },
  };
}

/**
 * A PS Form 5630 for the labels, handed over at the shipper's ZIP on the mailing date; the sender as USPS's
 * example sends it: names and firm, the address nested under `address`.
 */
export function scanFormRequestOf(request: ManifestRequest) {
  const { from } = request;
  return {
    form: '5630',
    imageType: 'PDF',
    labelType: '8.5x11LABEL',
    mailingDate: request.shipDate,
    overwriteMailingDate: false,
    entryFacilityZIPCode: zipOf(from.zipCode).ZIPCode,
    destinationEntryFacilityType: 'NONE',
    shipment: { trackingNumbers: request.labels.flatMap((label) => label.trackingNumbers) },
    fromAddress: nestedAddressOf(from),
  };
}

/**
 * A Carrier Pickup 3.0 schedule request (USPS's OpenAPI `SchedulePickupRequest`, shaped as USPS/api-examples'
 * "3.0 Carrier Pickup - Create" sends it): the shipper as the pickup address with a contact (its cell number,
 * else its e-mail: the shipper's, never a recipient's), the parcels counted as one package type, their weight in
 * pounds and where they wait. USPS takes no time window (it comes on its delivery round).
 */
export function pickupRequestOf(request: PickupRequest) {
  const { address } = request;
  const cell = (address.phone ?? '').replace(/\D/g, '').slice(-10);
  const contact = cell.length === 10 ? [{ cellNumber: cell }] : address.email ? [{ email: address.email }] : [];
  return {
    pickupDate: request.date,
    pickupAddress: { ...nestedAddressOf(address), contact },
    packages: [{ packageType: 'OTHER', packageCount: request.packageCount }],
    estimatedWeight: Math.max(1, Math.ceil(request.weightOz / 16)),
    pickupLocation: {
      packageLocation: request.location,
      ...(request.instructions ? { specialInstructions: request.instructions } : {}),
    },
  };
}

/** A Pickup Confirmation: USPS's confirmation number of the pickup and its date. */
export const uspsPickupConfirmation = z.looseObject({ confirmationNumber: present, pickupDate: z.string().nullish() });
