import { sql, type Kysely } from 'kysely';
import { DEFAULT_BRANCH_ID } from '@goldledger/contracts';
import { evolveRows } from '../runtime/evolve-rows.js';
import { eventReader, type UserStreamEvent } from '../runtime/known-events.js';
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
  /** The branches a member of staff works at (the default one until assigned); none for customers. */
  branch_ids: string[];
}

export interface UsersTables {
  users: UserRow;
}

const userIdOf = (streamId: string) => streamId.replace(/^user-/, '');

const readEvents = eventReader('user');

/** Pure: the row after one event of a `user` stream (undefined: not an account yet). */
export function evolveUserRow(row: UserRow | undefined, event: UserStreamEvent): UserRow | undefined {
  const at = event.occurredAt;
  const opened = {
    user_id: userIdOf(event.streamId),
    removed: false,
    created_at: at,
    updated_at: at,
    last_sign_in_at: null,
  };
  switch (event.type) {
    case 'StaffRegistered': {
      const d = event.data;
      return {
        ...opened,
        role: d.role,
        name: d.name,
        email: d.email,
        primary_mobile: d.primaryMobile,
        secondary_mobile: d.secondaryMobile,
        aadhar_number: d.aadharNumber,
        customer_id: null,
        must_reset_password: d.mustResetPassword,
        branch_ids: [DEFAULT_BRANCH_ID],
      };
    }
    case 'CustomerAccountOpened': {
      const d = event.data;
      return {
        ...opened,
        role: 'customer',
        name: d.name,
        email: d.email,
        primary_mobile: d.primaryMobile,
        secondary_mobile: null,
        aadhar_number: null,
        customer_id: d.customerId,
        must_reset_password: false,
        branch_ids: [],
      };
    }
    case 'StaffUpdated': {
      const d = event.data;
      return (
        row && {
          ...row,
          name: d.name,
          primary_mobile: d.primaryMobile,
          secondary_mobile: d.secondaryMobile,
          updated_at: at,
        }
      );
    }
    case 'RoleChanged':
      return row && { ...row, role: event.data.to, updated_at: at };
    case 'PasswordSet':
      return row && { ...row, must_reset_password: false, updated_at: at };
    case 'StaffRemoved':
      return row && { ...row, removed: true, updated_at: at };
    case 'SignedIn':
      return row && { ...row, last_sign_in_at: at };
    case 'StaffBranchesAssigned':
      return row && { ...row, branch_ids: [...event.data.branchIds], updated_at: at };
    case 'SignedOut':
      return row;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const usersProjection: Projection<UsersTables> = {
  name: 'users',
  version: 2,
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
      .addColumn('branch_ids', sql`uuid[]`, (c) => c.notNull())
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
    await evolveRows(
      db,
      {
        table: 'users',
        key: 'user_id',
        columns: { timestamp: ['created_at', 'updated_at', 'last_sign_in_at'] },
        keyOf: (e) => userIdOf(e.streamId),
        evolve: evolveUserRow,
      },
      readEvents(events),
    );
  },
};
