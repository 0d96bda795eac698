import type { ChannelConfig } from './channel.ts';
import type { Address } from './shipment.ts';

/** An address to check for delivery, without the person (carriers check the place). */
export type PostalAddress = Pick<
  Address,
  'countryCode' | 'stateCode' | 'city' | 'addressLine1' | 'zipCode' | 'addressLine2' | 'company'
>;

export interface ValidateAddressRequest {
  channel: ChannelConfig;
  address: PostalAddress;
}

/**
 * What a carrier says of an address: whether it delivers there (its address database knows the place),
 * the address in its standard form (ZIP+4, abbreviations) when it has one, and its words when it does not
 * deliver (on our field when it names one).
 */
export interface AddressVerdict {
  deliverable: boolean;
  standardized?: Pick<PostalAddress, 'addressLine1' | 'addressLine2' | 'city' | 'stateCode' | 'zipCode'>;
  message?: string;
  field?: keyof PostalAddress;
  /** Whether the carrier knows the address as a home (UPS and FedEx price it); absent when it does not say. */
  residential?: boolean;
}
