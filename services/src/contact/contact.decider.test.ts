import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { contactDecider } from './contact.decider.js';

const spec = deciderSpec(contactDecider);
const enquiry = {
  enquiryId: '2b1f0c3e-8a0d-4f5e-9c1a-0d2e3f4a5b6c',
  name: 'Meena Iyer',
  email: 'meena@example.com',
  goldMilligrams: 25_500,
  phone: '9876543210',
  message: 'I would like a loan against 25.5 g of jewellery.',
};

describe('an enquiry', () => {
  it('is received once', () => {
    spec
      .given([])
      .when({ type: 'ReceiveContactMessage', ...enquiry })
      .then([{ type: 'ContactMessageReceived', data: enquiry }]);
    spec
      .given([{ type: 'ContactMessageReceived', data: enquiry }])
      .when({ type: 'ReceiveContactMessage', ...enquiry })
      .thenThrows('This enquiry was already received');
  });

  it('refuses a negative weight, or one not in whole milligrams', () => {
    spec
      .given([])
      .when({ type: 'ReceiveContactMessage', ...enquiry, goldMilligrams: -10 })
      .thenThrows('Gold weight cannot be negative');
    spec
      .given([])
      .when({ type: 'ReceiveContactMessage', ...enquiry, goldMilligrams: 0.5 })
      .thenThrows('Gold weight must be a whole number of milligrams');
  });
});
