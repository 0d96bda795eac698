import { z } from 'zod';

/** An uploaded file; `url` (`/api/app/attachment/{id}`) needs the bearer token, so it is fetched as a blob. */
export const uploadedFileView = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
});
export type UploadedFile = z.output<typeof uploadedFileView>;
