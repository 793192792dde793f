/** The sign-in and password-reset messages, word for word (the screens and their tests quote them). */
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
