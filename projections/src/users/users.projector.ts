import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@goldledger/contracts';
import { evolveRows } from '../runtime/evolve-rows.js';
import type { Projection } from '../runtime/projection.js';

/** One row per account, for staff lists and look-ups (sign-in reads the streams). */
export interface UserRow {
  user_id: string;
  role: string;
  name: string;
  email: string | null;
  primary_mobile: string | null;
  secondary_mobile: string | null;
  aadhar_number: string | null;
  customer_id: string | null;
  must_reset_password: boolean;
  removed: boolean;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
}

export interface UsersTables {
  users: UserRow;
}

const userIdOf = (e: RecordedEvent) => e.streamId.replace(/^user-/, '');

/** Pure: the row after one event of a `user` stream (undefined: not an account yet). */
export function evolveUserRow(row: UserRow | undefined, e: RecordedEvent): UserRow | undefined {
  const d = e.data as Record<string, unknown>;
  const at = e.occurredAt;
  switch (e.type) {
    case 'StaffRegistered':
    case 'CustomerAccountOpened':
      return {
        user_id: userIdOf(e),
        role: e.type === 'StaffRegistered' ? String(d.role) : 'customer',
        name: String(d.name),
        email: (d.email as string | null) ?? null,
        primary_mobile: (d.primaryMobile as string | null) ?? null,
        secondary_mobile: (d.secondaryMobile as string | null) ?? null,
        aadhar_number: (d.aadharNumber as string | null) ?? null,
        customer_id: (d.customerId as string | null) ?? null,
        must_reset_password: Boolean(d.mustResetPassword),
        removed: false,
        created_at: at,
        updated_at: at,
        last_sign_in_at: null,
      };
    case 'StaffUpdated':
      return (
        row && {
          ...row,
          name: String(d.name),
          primary_mobile: String(d.primaryMobile),
          secondary_mobile: (d.secondaryMobile as string | null) ?? null,
          updated_at: at,
        }
      );
    case 'RoleChanged':
      return row && { ...row, role: String(d.to), updated_at: at };
    case 'PasswordSet':
      return row && { ...row, must_reset_password: false, updated_at: at };
    case 'StaffRemoved':
      return row && { ...row, removed: true, updated_at: at };
    case 'SignedIn':
      return row && { ...row, last_sign_in_at: at };
    default:
      return row;
  }
}

export const usersProjection: Projection<UsersTables> = {
  name: 'users',
  version: 1,
  schema: 'rm_users',

  async createTables(db: Kysely<any>, schema: string) {
    await db.schema
      .withSchema(schema)
      .createTable('users')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('primary_mobile', 'text')
      .addColumn('secondary_mobile', 'text')
      .addColumn('aadhar_number', 'text')
      .addColumn('customer_id', 'text')
      .addColumn('must_reset_password', 'boolean', (c) => c.notNull())
      .addColumn('removed', 'boolean', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_sign_in_at', 'timestamptz')
      .execute();
    await db.schema
      .withSchema(schema)
      .createIndex('users_role_idx')
      .on('users')
      .columns(['role', 'removed', 'name'])
      .execute();
    await db.schema.withSchema(schema).createIndex('users_email_idx').on('users').column('email').execute();
    await db.schema
      .withSchema(schema)
      .createIndex('users_mobile_idx')
      .on('users')
      .column('primary_mobile')
      .execute();
  },

  async apply({ db }, events) {
    await evolveRows<UserRow>(
      db,
      {
        table: 'users',
        key: 'user_id',
        dateColumns: ['created_at', 'updated_at', 'last_sign_in_at'],
        keyOf: (e) => (e.streamType === 'user' ? userIdOf(e) : undefined),
        evolve: evolveUserRow,
      },
      events,
    );
  },
};
