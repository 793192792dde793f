import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { registerVerifiedCustomer } from '../customers/customer-commands.js';
import { issueToken, sessionOfUser } from '../identity/access.plugin.js';
import { loadUser } from '../identity/user-commands.js';
import { createLoan } from '../lending/loan-commands.js';
import type { TestApi } from './test-api.js';
import { BANK_PAYOUT } from './gold-prices-kit.js';

/** Helpers for the photo and document tests: images, multipart bodies, loans and a second customer. */

export const jpeg = (width = 1200, height = 900, background = '#c9a227') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 90 })
    .toBuffer();

export const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 160, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();

/** Noise does not compress: a photo well over 500 KB, like a phone camera's. */
export const largeJpeg = (width = 1200, height = 900) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

export interface FilePart {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser would send it (fields first, then the files). */
export async function multipart(fields: Record<string, string>, files: FilePart[], fileField = 'photos') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const f of files) {
    form.append(fileField, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** Every file under a folder (the blob store's root). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((entry) => path.join(dir, String(entry)))
    .filter((file) => statSync(file).isFile());
}

export const GOLD_ITEMS = [
  { description: 'Necklace', grossWeightMg: 12_345, netWeightMg: 11_500, purityKarat: 22 },
  { description: 'Bangle pair', grossWeightMg: 8_500, netWeightMg: 8_005, purityKarat: 22 },
];

/** A loan on GOLD_ITEMS (₹1,25,191 at the seeded prices); a file opening many for one borrower asks for less each. */
export async function makeLoan(api: TestApi, customerRef = api.customers.demo, principalPaise = 1_00_000_00) {
  return createLoan(
    { store: api.store, clock: api.clock },
    {
      customerRef,
      goldItems: GOLD_ITEMS,
      ...BANK_PAYOUT,
      principalPaise,
      annualRateBps: 1800,
      termMonths: 6,
      loanDate: '2026-11-02',
      createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
    },
  );
}

/** Another customer with a sign-in account, and a token for them. */
export async function otherCustomer(api: TestApi) {
  const deps = { store: api.store, clock: api.clock };
  const { customerUuid, userId } = await registerVerifiedCustomer(deps, {
    aadharNumber: '500000000099',
    name: 'Meena Other',
    email: 'meena@demo.local',
    primaryMobile: '9000000099',
    secondaryMobile: null,
    emergencyContact: { mobile: '9000000098', relation: 'Sister' },
    presentAddress: '4 Lake Road, Madurai 625001',
    permanentAddress: '4 Lake Road, Madurai 625001',
  });
  const { state, version } = await loadUser(api.store, userId);
  const token = issueToken(api.app, sessionOfUser(userId, state, version));
  return { customerUuid, userId, token };
}
