import type { CustomerProfile } from '@goldledger/contracts';
import type { Rng } from './rng.js';

/**
 * Made-up but plausible customers for the demo loan book. Identity numbers come from
 * the customer's index through bijections (index × an odd constant, modulo the range),
 * so they are unique without a look-up and the same index always gives the same person.
 */

const FIRST_NAMES = (
  'Lakshmi Meenakshi Priya Kavitha Anitha Revathi Saraswathi Deepa Sunita Geetha Padma ' +
  'Shalini Farzana Mary Selvi Bhavani Radha Usha Nirmala Ramesh Suresh Murugan Arjun Karthik ' +
  'Venkatesh Rajesh Srinivas Prakash Mohammed Imran Joseph Anil Sunil Ganesh Balaji Senthil ' +
  'Manoj Vijay Harish Naveen Ravi Gopal Sanjay Abdul Thomas Kumar Dinesh Mahesh'
).split(' ');

const SURNAMES = (
  'Iyer Nair Reddy Rao Pillai Menon Naidu Sharma Patel Kulkarni Deshpande Gowda Shetty ' +
  'Krishnan Subramanian Raman Chettiar Mudaliar Khan Sheikh Fernandes DSouza Joshi Verma ' +
  'Gupta Singh Banerjee Das Hegde Bhat Varghese Thomas Yadav Jain Agarwal Murthy'
).split(' ');

const PLACES = [
  { area: 'Mylapore', city: 'Chennai', pin: 600004 },
  { area: 'T. Nagar', city: 'Chennai', pin: 600017 },
  { area: 'Tambaram', city: 'Chennai', pin: 600045 },
  { area: 'Jayanagar', city: 'Bengaluru', pin: 560041 },
  { area: 'Malleswaram', city: 'Bengaluru', pin: 560003 },
  { area: 'Ameerpet', city: 'Hyderabad', pin: 500016 },
  { area: 'Gandhipuram', city: 'Coimbatore', pin: 641012 },
  { area: 'Anna Nagar', city: 'Madurai', pin: 625020 },
  { area: 'Edappally', city: 'Kochi', pin: 682024 },
  { area: 'Dadar', city: 'Mumbai', pin: 400014 },
  { area: 'Kothrud', city: 'Pune', pin: 411038 },
  { area: 'Srirangam', city: 'Tiruchirappalli', pin: 620006 },
  { area: 'Benz Circle', city: 'Vijayawada', pin: 520010 },
  { area: 'Hampankatta', city: 'Mangaluru', pin: 575001 },
] as const;

const STREETS = (
  'Temple Street|Gandhi Road|Nehru Street|Market Road|Station Road|Church Street|Main Road|' +
  '2nd Cross|4th Main|Pillaiyar Koil Street|Mosque Road|Lake View Road'
).split('|');

const RELATIONS = ['Son', 'Daughter', 'Spouse', 'Brother', 'Sister', 'Father', 'Mother'] as const;

/** Aadhar numbers never start with 0 or 1; these are held by the demo and test accounts. */
const RESERVED_AADHAR = new Set([
  '400000000001',
  '400000000002',
  '400000000005',
  '500000000003',
  '123412341234',
]);
const AADHAR_RANGE = 800_000_000_000n;
const AADHAR_STEP = 387_420_489n; // 3^18: coprime to the range

/** The 12-digit Aadhar number of customer `index` (unique per index). */
export function aadharFor(index: number): string {
  for (let k = BigInt(index); ; k += 1_000_000_007n) {
    const n = String(200_000_000_000n + ((k * AADHAR_STEP + 12_345n) % AADHAR_RANGE));
    if (!RESERVED_AADHAR.has(n)) return n;
  }
}

/**
 * Mobiles 6000000000-9999999999 without the block 9000000000-9000000099 (the demo
 * accounts' numbers live there). Slot `3i`, `3i+1`, `3i+2` are customer i's primary,
 * secondary and emergency-contact numbers.
 */
const MOBILE_RANGE = 4_000_000_000n - 100n;
const MOBILE_STEP = 2_654_435_761n; // a prime that does not divide the range

export function mobileFor(slot: number): string {
  const v = (BigInt(slot) * MOBILE_STEP + 7_777n) % MOBILE_RANGE;
  return String(6_000_000_000n + (v < 3_000_000_000n ? v : v + 100n));
}

/** A customer's profile; about a third have an email. */
export function customerProfile(index: number, rng: Rng): CustomerProfile {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(SURNAMES);
  const place = rng.pick(PLACES);
  const address = `${rng.int(1, 240)}, ${rng.pick(STREETS)}, ${place.area}, ${place.city} ${place.pin}`;
  const moved = rng.chance(0.2);
  const other = rng.pick(PLACES);
  return {
    aadharNumber: aadharFor(index),
    name: `${first} ${last}`,
    email: rng.chance(0.35) ? `${first}.${last}.${index}@example.in`.toLowerCase() : null,
    primaryMobile: mobileFor(3 * index),
    secondaryMobile: rng.chance(0.3) ? mobileFor(3 * index + 1) : null,
    emergencyContact: { mobile: mobileFor(3 * index + 2), relation: rng.pick(RELATIONS) },
    presentAddress: address,
    permanentAddress: moved
      ? `${rng.int(1, 240)}, ${rng.pick(STREETS)}, ${other.area}, ${other.city} ${other.pin}`
      : address,
  };
}

export const BANKS = [
  'State Bank of India',
  'Indian Bank',
  'Canara Bank',
  'Indian Overseas Bank',
  'HDFC Bank',
  'ICICI Bank',
  'Karur Vysya Bank',
  'Federal Bank',
] as const;

export const REVERSAL_REASONS = [
  'Cheque bounced',
  'Entered against the wrong loan',
  'Duplicate entry of the same receipt',
  'Counterfeit notes found when the cash was counted',
] as const;

export const DELETION_REASONS = [
  'Entered twice by mistake',
  'Created for the wrong customer',
  'Customer withdrew before disbursement',
] as const;
