import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@goldledger/contracts';
import { toAdminNotification } from './admin-notifications.projector.js';

const enquiry = {
  enquiryId: '2b1f0c3e-8a0d-4f5e-9c1a-0d2e3f4a5b6c',
  name: 'Meena Iyer',
  email: 'meena@example.com',
  goldMilligrams: 25_500,
  phone: '9876543210',
  message: 'Loan against jewellery, please call.',
};

const event = (over: Partial<RecordedEvent> = {}): RecordedEvent => ({
  eventId: '00000000-0000-4000-8000-000000000007',
  streamId: `contact-${enquiry.enquiryId}`,
  streamType: 'contact',
  streamPosition: 1,
  position: { transactionId: '7', globalPosition: '42' },
  type: 'ContactMessageReceived',
  schemaVersion: 1,
  data: enquiry,
  metadata: { clientIp: '10.1.1.1' },
  occurredAt: '2026-11-21T04:30:00.000Z',
  recordedAt: '2026-11-21T04:30:00.100Z',
  ...over,
});

describe('an admin notification', () => {
  it('is raised by an enquiry, unread, naming who asked and how to reach them', () => {
    expect(toAdminNotification(event())).toEqual({
      id: '00000000-0000-4000-8000-000000000007',
      type: 'contact_enquiry',
      title: 'New enquiry from Meena Iyer',
      message:
        'Phone: 9876543210\nEmail: meena@example.com\nGold: 25.5 g\nMessage: Loan against jewellery, please call.',
      customer_name: 'Meena Iyer',
      customer_mobile: '9876543210',
      amount_paise: null,
      is_read: false,
      read_at: null,
      created_at: '2026-11-21T04:30:00.000Z',
      source_event_id: '00000000-0000-4000-8000-000000000007',
    });
  });

  it('shows the first 200 characters of a long message, never half an emoji', () => {
    const long = `${'a'.repeat(199)}🪙${'b'.repeat(50)}`;
    const row = toAdminNotification(event({ data: { ...enquiry, message: long } }));
    expect(row?.message.split('Message: ')[1]).toBe(`${'a'.repeat(199)}🪙…`);
  });

  it('shows 0 grams and two-decimal weights as typed', () => {
    expect(toAdminNotification(event({ data: { ...enquiry, goldMilligrams: 0 } }))?.message).toContain(
      'Gold: 0 g',
    );
    expect(toAdminNotification(event({ data: { ...enquiry, goldMilligrams: 12_340 } }))?.message).toContain(
      'Gold: 12.34 g',
    );
  });

  it('is not raised by other events', () => {
    expect(toAdminNotification(event({ type: 'GoldRateUpdated', data: {} }))).toBeNull();
  });

  it('refuses an enquiry event that does not match its schema (the runner parks it)', () => {
    expect(() => toAdminNotification(event({ data: { name: 'x' } }))).toThrow();
  });
});
