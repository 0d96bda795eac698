import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'users')
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nick_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('wechat', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('invitation_code', 'text', (c) => c.unique())
    .addColumn('owner_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('customer'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('member_type', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('account_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('certification', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_owner_idx').on('users').column('owner_id').execute();

  await createTableWithId(db, 'roles')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'resources')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('role_resources')
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('resource_id', 'bigint', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_resources_pk', ['role_id', 'resource_id'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await createTableWithId(db, 'sessions')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await createTableWithId(db, 'verification_codes')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_codes_email_idx')
    .on('verification_codes')
    .columns(['email', 'purpose'])
    .execute();

  await createTableWithId(db, 'password_resets')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'mail_outbox')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('error', 'text')
    .execute();

  await createTableWithId(db, 'user_logs')
    .addColumn('actor_id', 'bigint')
    .addColumn('subject_id', 'bigint')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_logs_subject_idx').on('user_logs').columns(['subject_id', 'id']).execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'wallets')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('earnest_balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deposit_balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_limit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('wallets_user_currency_uq', ['user_id', 'currency'])
    .execute();

  await createTableWithId(db, 'user_messages')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_messages_user_idx').on('user_messages').columns(['user_id', 'status']).execute();
}
