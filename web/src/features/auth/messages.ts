/** The sign-in and reset wording of 000 §8 and 001 §5.8, word for word. */
export const AUTH_MESSAGES = {
  sendFailed: 'Failed to send OTP',
  invalidOtp: 'Invalid OTP',
  wrongOtp: 'Wrong OTP. Please check and try again. ❌',
  networkError: 'Network error. Please try again. ❌',
  expired: 'OTP has expired. Please request a new OTP.',
  waitBeforeResend: 'Please wait before requesting another OTP',
  resendFailed: 'Failed to resend OTP',
  invalidRole: 'Invalid user role',
  verifyResetFailed: 'Failed to verify OTP',
  resetFailed: 'Failed to reset password',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordsDiffer: 'Passwords do not match.',
} as const;
