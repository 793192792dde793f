import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { E2eServer } from './server.js';
import { apiSend } from './staff.js';

/** What an admin types in the Add Employee dialog, and the password the new member sets. */
export interface NewStaff {
  name: string;
  email: string;
  mobile: string;
  aadharNumber: string;
  password: string;
}

/**
 * A new employee of the main branch (the default when none is chosen), registered by the
 * admin and signed in once with the code to their mobile to set their password, as the
 * first-login step asks: a second person of dual control with a credential of their own.
 */
export async function addStaffWithPassword(
  server: E2eServer,
  adminToken: string,
  staff: NewStaff,
): Promise<string> {
  const added = await apiSend(server, 'POST', '/api/admin/employees', adminToken, {
    name: staff.name,
    email: staff.email,
    mobile: staff.mobile,
    aadharNumber: staff.aadharNumber,
    role: 'employee',
  });
  if (added.status !== 201)
    throw new Error(`adding ${staff.name}: ${added.status} ${JSON.stringify(added.body)}`);
  const sent = await server.post('/api/auth/send-login-otp', { identifier: staff.mobile });
  if (sent.status !== 200) throw new Error(`send-login-otp: ${sent.status} ${JSON.stringify(sent.body)}`);
  const otp = await server.codeFor(staff.mobile, { purpose: 'login_otp' });
  const verified = await server.post('/api/auth/verify-otp', { identifier: staff.mobile, otp });
  if (verified.status !== 200)
    throw new Error(`verify-otp: ${verified.status} ${JSON.stringify(verified.body)}`);
  const set = await server.post(
    '/api/auth/reset-password/first-login',
    { password: staff.password },
    verified.body.token,
  );
  if (set.status !== 200) throw new Error(`first-login password: ${set.status} ${JSON.stringify(set.body)}`);
  return added.body.data._id as string;
}

/** Renders a PDF's first page with poppler (`pdftoppm`, 200 dpi) and reads the QR code on it. */
export async function qrCodeOfPdf(pdf: Buffer): Promise<string | undefined> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-qr-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      '200',
      '-png',
      '-singlefile',
      path.join(dir, 'doc.pdf'),
      path.join(dir, 'page'),
    ]);
    const { data, info } = await sharp(readFileSync(path.join(dir, 'page.png')))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
