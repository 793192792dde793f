import { CreateCustomerResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import type { StaffArea } from '@/lib/staff-area';
import type { CustomerRequestBody } from '../customer-form';

/** `POST /{area}/customers`: registers the customer; the server texts them an OTP (purpose customer_verification). */
export function createCustomer(area: StaffArea, body: CustomerRequestBody) {
  return api.post(`/api/${area}/customers`, body, CreateCustomerResponse);
}
