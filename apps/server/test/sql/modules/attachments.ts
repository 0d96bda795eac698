import * as blobs from '../../../src/modules/attachments/blobs-repo.ts';
import * as attachments from '../../../src/modules/attachments/repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT } from '../values.ts';

export default [
  repo('modules/attachments/repo.ts', attachments, {
    insertAttachment: [
      ex(
        'a file',
        (db) =>
          attachments.insertAttachment(db, {
            userId: MERCHANT,
            storedName: 'a1b2c3.pdf',
            originalName: 'invoice.pdf',
            mime: 'application/pdf',
            size: 2048,
          }),
        [[{ id: 12 }]],
      ),
    ],
    findAttachment: [ex('by id', (db) => attachments.findAttachment(db, 12))],
  }),
  repo('modules/attachments/blobs-repo.ts', blobs, {
    insertFileBlob: [ex('a file', (db) => blobs.insertFileBlob(db, 'a1b2c3.pdf', Buffer.from('%PDF')))],
    fileBlobBytes: [ex('by name', (db) => blobs.fileBlobBytes(db, 'a1b2c3.pdf'))],
    deleteFileBlob: [ex('by name', (db) => blobs.deleteFileBlob(db, 'a1b2c3.pdf'))],
  }),
];
