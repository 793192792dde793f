import { MessageResponse, type ContactRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type EnquiryInput = z.input<typeof ContactRequest>;

/**
 * POST /api/contact: the contact form, and the loan application and account
 * enquiries that travel as contact messages. Staff see each as an enquiry in the
 * admin notifications; the sender gets an acknowledgement by email.
 */
export function sendEnquiry(input: EnquiryInput) {
  return api.post('/api/contact', input, MessageResponse, { token: null });
}
