import { z } from 'zod';

export const configEntryView = z.object({ key: z.string(), value: z.string(), updatedAt: z.string().nullable() });
export const configUpdateBody = z.object({ key: z.string(), value: z.string().trim() });
