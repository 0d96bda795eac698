import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { trackedParcelView, trackingQuery } from './schemas.ts';

export const trackParcels = defineContract({
  method: 'GET',
  path: '/app/tracking/query',
  summary: 'State and events of my parcels by tracking number (comma-separated, up to 40)',
  tags: ['tracking'],
  access: 'signedIn',
  scope: 'own',
  query: trackingQuery,
  answer: z.array(trackedParcelView),
});
