import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { waitingMails } from './modules/mail/index.ts';

/**
 * `npm run outbox [address]`: the newest mails that no SMTP server has taken (an install without
 * SMTP_URL), whole, codes and reset links included. The outbox API masks those; this reads the database
 * with the server's own settings (DATABASE_URL, DATA_DIR…), so only someone who runs the server sees them.
 */
const recipient = process.argv[2]?.trim().toLowerCase();
const { db } = openDatabase(loadConfig());
try {
  const mails = await waitingMails(db, recipient);
  for (const mail of mails) {
    console.log(
      `To: ${mail.recipient}\nDate: ${new Date(mail.created_at).toISOString()}\nSubject: ${mail.subject}\n\n${mail.body}\n`,
    );
  }
  if (mails.length === 0) console.log('No mail waiting.');
} finally {
  await db.destroy();
}
