/**
 * The SMS the reminders, notices and tests send, by purpose, with their DLT template
 * variables in order. Fast2SMS sends only registered templates: an operator registers
 * each text with the DLT platform and puts its id in FAST2SMS_TEMPLATES under the purpose.
 */
export const SMS_PURPOSES = {
  login_otp: { description: 'Sign-in code (staff and customers)', variables: ['code'] },
  customer_verification_otp: { description: 'Customer mobile verification code', variables: ['code'] },
  loan_otp: { description: 'Loan consent code', variables: ['code'] },
  payment_reminder: {
    description: 'Installment due in the next few days',
    variables: ['name', 'amount', 'loanId', 'dueDate'],
  },
  payment_overdue: {
    description: 'Installment overdue',
    variables: ['name', 'amount', 'loanId', 'dueDate', 'daysOverdue'],
  },
  payment_approved: {
    description: 'Online payment approved',
    variables: ['name', 'amount', 'loanId', 'receiptNumber'],
  },
  payment_due_simple: { description: 'Short payment-due notice', variables: ['amount', 'dueDate'] },
  // Sent by the auctions and gold-returns slices; listed here so the settings show them all.
  auction_ready: {
    description: 'Loan past its final date: the gold will be auctioned unless repaid',
    variables: ['name', 'loanId', 'outstanding'],
  },
  auction_notice: {
    description: 'Notice of auction: the gold is sold on or after a date unless repaid',
    variables: ['name', 'loanId', 'outstanding', 'notBefore'],
  },
  auction_scheduled: { description: 'Auction date set', variables: ['name', 'loanId', 'auctionDate'] },
  auctioned: { description: 'Gold auctioned', variables: ['name', 'loanId', 'saleAmount', 'surplus'] },
  auction_cancelled: { description: 'Auction cancelled', variables: ['name', 'loanId'] },
  gold_return_reminder: {
    description: 'Repaid loan: please collect the gold',
    variables: ['name', 'loanId', 'daysSinceClosed'],
  },
  unclaimed_gold_notice: {
    description: 'Repaid loan: gold still not collected months after closure (unclaimed gold)',
    variables: ['name', 'loanId', 'monthsAfterClosure'],
  },
  test_sms: { description: 'Test message from the SMS settings', variables: [] },
} as const satisfies Record<string, { description: string; variables: readonly string[] }>;

export type SmsPurpose = keyof typeof SMS_PURPOSES;

export type SmsTemplates = Readonly<Record<string, string>>;

/** The DLT template for a purpose, with its variables, when one is configured. */
export function smsTemplate(
  templates: SmsTemplates,
  purpose: SmsPurpose,
  variables: readonly string[],
): { template: { id: string; variables: string[] } } | Record<string, never> {
  const id = templates[purpose];
  // Fast2SMS joins the variables with '|': one containing it would shift the rest.
  return id ? { template: { id, variables: variables.map((v) => v.replaceAll('|', '/')) } } : {};
}
