import type { Migrations } from '../platform/migrate.js';
import * as authOtp0 from './migrations/2026-11-21T0800_auth_otp.js';
import * as userCredentials0 from './migrations/2026-11-21T0900_user_credentials.js';
import * as otpCustomerPurposes0 from './migrations/2026-11-21T1100_otp_customer_purposes.js';
import * as otpOneLiveCode0 from './migrations/2026-11-26T0100_otp_one_live_code.js';
import * as loanConfirmations0 from './migrations/2026-11-26T0200_loan_confirmations.js';
import * as otpCustodyPurposes0 from './migrations/2026-11-27T0100_otp_custody_purposes.js';

/** One-time codes, loan confirmations and password hashes. */
export const identityMigrations: Migrations = {
  '2026-11-21T0800_auth_otp': authOtp0,
  '2026-11-21T0900_user_credentials': userCredentials0,
  '2026-11-21T1100_otp_customer_purposes': otpCustomerPurposes0,
  '2026-11-26T0100_otp_one_live_code': otpOneLiveCode0,
  '2026-11-26T0200_loan_confirmations': loanConfirmations0,
  '2026-11-27T0100_otp_custody_purposes': otpCustodyPurposes0,
};
