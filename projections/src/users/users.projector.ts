import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@goldledger/contracts';
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
    const relevant = events.filter((e) => e.streamType === 'user');
    if (relevant.length === 0) return;
    const ids = [...new Set(relevant.map(userIdOf))];
    const existing = await db.selectFrom('users').selectAll().where('user_id', 'in', ids).execute();
    const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
    const rows = new Map<string, UserRow>(
      existing.map((r) => [
        r.user_id,
        {
          ...r,
          created_at: iso(r.created_at)!,
          updated_at: iso(r.updated_at)!,
          last_sign_in_at: iso(r.last_sign_in_at),
        },
      ]),
    );
    for (const e of relevant) {
      const next = evolveUserRow(rows.get(userIdOf(e)), e);
      if (next) rows.set(next.user_id, next);
    }
    await db
      .insertInto('users')
      .values([...rows.values()])
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          role: eb.ref('excluded.role'),
          name: eb.ref('excluded.name'),
          primary_mobile: eb.ref('excluded.primary_mobile'),
          secondary_mobile: eb.ref('excluded.secondary_mobile'),
          must_reset_password: eb.ref('excluded.must_reset_password'),
          removed: eb.ref('excluded.removed'),
          updated_at: eb.ref('excluded.updated_at'),
          last_sign_in_at: eb.ref('excluded.last_sign_in_at'),
        })),
      )
      .execute();
  },
};
