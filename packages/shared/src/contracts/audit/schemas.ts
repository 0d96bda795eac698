import { z } from 'zod';
import { KEY_MODES } from '../../api-keys.ts';
import { pageQuery, queryId } from '../common.ts';
import { periodQuery } from '../customers/schemas.ts';

export const userLogView = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actor: z.string().nullable(),
  subjectId: z.number().nullable(),
  subject: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  statusCode: z.number(),
  ip: z.string(),
  actingAs: z.boolean().describe('made by the actor while signed in as the subject (acting as)'),
  keyMode: z.enum(KEY_MODES).nullable().describe('made with a test or a live API key; null: a signed-in session'),
  time: z.string(),
});

export const userLogQuery = pageQuery.extend({
  subjectId: queryId().optional(),
  actorId: queryId().optional(),
  path: z.string().trim().max(200).optional(),
  /** When the call was made: `from` inclusive, `to` exclusive. */
  ...periodQuery,
});
