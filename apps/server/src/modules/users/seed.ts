import { randomBytes } from 'node:crypto';
import { ACCOUNT_STATUS, ROLE } from '@parcelport/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { countActiveAdministrators, seedAccess } from '../access/index.ts';
import { allotDefaultChannels } from '../channels/index.ts';
import { activateWithPassword, findUserByUsername, grantRole, insertUser } from './repo.ts';

/**
 * Makes sure every resource code and built-in role exists (new codes appear on upgrade, modules/access) and
 * that there is a first administrator. Returns the generated password when one had to be made, so main can print it once.
 */
export async function seed(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<{ generatedPassword?: string }> {
  await seedAccess(db);
  if ((await countActiveAdministrators(db)) > 0) return {};
  return restoreAdministrator(db, config);
}

/**
 * With no active administrator left (a first start, or roles and statuses edited in the database), the
 * ADMIN_EMAIL account becomes one again: made if it does not exist, otherwise activated and given the
 * administrator role (and ADMIN_PASSWORD, when set), so the server always starts with a way into the back
 * office, whatever the roles table holds.
 */
async function restoreAdministrator(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<{ generatedPassword?: string }> {
  const now = Date.now();
  const existing = await findUserByUsername(db, config.adminEmail);
  if (existing) {
    const passwordHash = config.adminPassword ? await hashPassword(config.adminPassword) : existing.password_hash;
    await db.transaction().execute(async (trx) => {
      await activateWithPassword(trx, existing.id, passwordHash, now);
      await grantRole(trx, existing.id, ROLE.administrator);
    });
    return {};
  }
  const generatedPassword = config.adminPassword ? undefined : randomBytes(9).toString('base64url');
  const password = config.adminPassword || (generatedPassword as string);
  await db.transaction().execute(async (trx) => {
    const adminId = await insertUser(
      trx,
      {
        username: config.adminEmail,
        email: config.adminEmail.toLowerCase(),
        name: 'Administrator',
        nick_name: 'admin',
        kind: 'staff',
        password_hash: await hashPassword(password),
        status: ACCOUNT_STATUS.active,
        account_id: 'A00000001',
        created_at: now,
        updated_at: now,
      },
      [ROLE.administrator],
    );
    await allotDefaultChannels(trx, adminId);
  });
  return { generatedPassword };
}
