import { env } from './env';

/**
 * The lender's own details, shown in the header, footer, contact and location pages.
 * The seeds leave the numbers and the address out ({phone}, {email}); these defaults
 * are the demo installation's. A real installation sets VITE_CONTACT_* and
 * VITE_BRANCH_* when it builds the app.
 */
const phone = env.VITE_CONTACT_PHONE ?? '+91 90000 00100';
const whatsapp = env.VITE_CONTACT_WHATSAPP ?? phone;

export const site = Object.freeze({
  name: env.VITE_COMPANY_NAME ?? 'GoldLedger',
  tagline: 'Gold loans since 2011',
  phone,
  /** `tel:` link target: digits and a leading plus only. */
  phoneHref: `tel:${phone.replace(/[^\d+]/g, '')}`,
  whatsapp,
  /** wa.me wants the number with its country code and no plus, spaces or dashes. */
  whatsappHref: `https://wa.me/${whatsapp.replace(/\D/g, '')}`,
  email: env.VITE_CONTACT_EMAIL ?? 'support@goldledger.local',
  branch: {
    name: env.VITE_BRANCH_NAME ?? 'GoldLedger Main Branch',
    address: env.VITE_BRANCH_ADDRESS ?? 'Main Road, Bengaluru, Karnataka 560001',
  },
  /** The hours are given two ways (the branch's and customer support's); each screen shows the one that fits it. */
  businessHours: 'Monday to Saturday, 9:00 AM to 6:00 PM',
  supportHours: 'Monday to Friday, 9:00 AM to 6:00 PM',
});
