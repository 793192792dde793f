import { ContactRequest } from '@goldledger/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError, NetworkError, errorMessage } from '@/lib/api-client';
import { sendEnquiry, type EnquiryInput } from './send-enquiry';

/** The contact form's messages, word for word. */
export const CONTACT_MESSAGES = {
  success: 'Message sent successfully!',
  failed: 'Failed to send message. Please try again.',
  networkError: 'An error occurred. Please try again later.',
} as const;

export type EnquiryField = keyof EnquiryInput;
export type FieldErrors = Partial<Record<EnquiryField, string>>;

const ServerFieldErrors = z.object({ errors: z.array(z.object({ msg: z.string(), path: z.string() })) });

function firstIssuePerField(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as EnquiryField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A typed number field: empty is "not given" (the contract's "please enter" message), not 0. */
export function numberOrUndefined(text: string): number | undefined {
  const t = text.trim().replace(/,/g, '');
  return t === '' ? undefined : Number(t);
}

/**
 * Sends one enquiry (POST /api/contact): checks it against the contract first, so the
 * visitor sees every field's problem at once, then shows the server's word or the form's own.
 */
export function useEnquiry() {
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  /** `blocked`: the form found a problem of its own (shown by it); check the rest, send nothing. */
  const submit = async (input: EnquiryInput, blocked = false): Promise<boolean> => {
    setFailure(null);
    const parsed = ContactRequest.safeParse(input);
    setErrors(parsed.success ? {} : firstIssuePerField(parsed.error.issues));
    if (!parsed.success || blocked) return false;
    setStatus('sending');
    try {
      await sendEnquiry(input);
      setStatus('sent');
      return true;
    } catch (error) {
      setStatus('idle');
      if (error instanceof NetworkError) {
        setFailure(CONTACT_MESSAGES.networkError);
      } else {
        const fields = error instanceof ApiError ? ServerFieldErrors.safeParse(error.body) : null;
        if (fields?.success) {
          setErrors(Object.fromEntries(fields.data.errors.map((e) => [e.path, e.msg])) as FieldErrors);
        }
        setFailure(errorMessage(error, CONTACT_MESSAGES.failed));
      }
      return false;
    }
  };

  const reset = () => {
    setStatus('idle');
    setErrors({});
    setFailure(null);
  };

  return { status, errors, failure, submit, reset };
}
