import { CustomerSavedResponse, type CustomerRow } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import type { StaffArea } from '@/lib/staff-area';
import type { CustomerFormValues } from '../customer-form';

/**
 * The path key of a customer (the Aadhar number). An employee sees only the
 * masked number, so their screen addresses the customer by its `_id`, which the server
 * accepts in the same place.
 */
export function customerKey(customer: Pick<CustomerRow, '_id' | 'aadharNumber'>): string {
  return /^\d{12}$/.test(customer.aadharNumber) ? customer.aadharNumber : customer._id;
}

/** `PUT /api/{area}/customers/{aadhar}`: the whole profile; answers the customer's new list row. */
export function updateCustomer(area: StaffArea, key: string, body: CustomerFormValues) {
  return api.put(`/api/${area}/customers/${encodeURIComponent(key)}`, body, CustomerSavedResponse);
}
