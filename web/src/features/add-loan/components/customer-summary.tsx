import type { CustomerDetails } from '@goldledger/contracts';
import { Card } from '@/components/ui/card';
import styles from './add-loan.module.css';

/** The customer the loan is for, as staff confirm it before the loan is made. */
export function CustomerSummary({ customer }: { customer: CustomerDetails }) {
  const rows: Array<[string, string]> = [
    ['Name', customer.name],
    ['Customer ID', customer.customerId],
    ['Aadhar', customer.aadharNumber],
    ['Primary mobile', customer.primaryMobile],
    ['Secondary mobile', customer.secondaryMobile ?? '—'],
    ['Email', customer.email ?? '—'],
    ['Emergency contact', `${customer.emergencyContact.mobile} (${customer.emergencyContact.relation})`],
    ['Present address', customer.presentAddress],
    ['Permanent address', customer.permanentAddress],
  ];
  return (
    <Card title="Customer" description={customer.verified ? 'Verified by OTP.' : undefined}>
      <dl className={styles.summary}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
