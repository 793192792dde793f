import type { ColumnType, Generated } from 'kysely';
import type { OtpPurpose } from './otp.js';

/** One issued one-time code; the code itself is kept only as an HMAC. */
export interface AuthOtpChallengesTable {
  id: string;
  purpose: OtpPurpose;
  identifier: string;
  user_id: string | null;
  code_hash: Buffer;
  attempts: Generated<number>;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
  voided_at: Date | null;
  consumed_at: Date | null;
  client_ip: string | null;
  /** The member of staff who asked for a customer's loan code; only they can enter it. */
  requested_by: string | null;
}

/** A customer's confirmation of a loan (the loan gate's code, entered): used up by one loan. */
export interface LoanConfirmationsTable {
  id: string;
  customer_uuid: string;
  staff_user_id: string;
  verified_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  loan_uuid: string | null;
}

/** A user's password hash, kept out of the permanent event log. */
export interface UserCredentialsTable {
  user_id: string;
  password_hash: string;
  updated_at: Date;
}

export interface IdentityDatabase {
  auth_otp_challenges: AuthOtpChallengesTable;
  user_credentials: UserCredentialsTable;
  loan_confirmations: LoanConfirmationsTable;
}
