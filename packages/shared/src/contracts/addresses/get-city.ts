import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { cityQuery } from './schemas.ts';

/** For filling the order screen's addresses from the ZIP; a ZIP that is not known answers the 404 envelope. */
export const getCity = defineContract({
  method: 'GET',
  path: '/app/user/address/getCity',
  summary: 'City and state of a US ZIP code (ZIP or ZIP+4)',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  query: cityQuery,
  answer: z.object({ city: z.string(), stateCode: z.string(), countryCode: z.string() }),
});
