import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import {
  launchChromium,
  screenshotBothWidths as screenshotAsIs,
  seriousAxeViolations,
  VIEWPORTS,
  type Visit,
} from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, DEMO, signInByApi, visitSignedIn, type Session } from './support/staff.js';

/**
 * Employees Management in Debian's Chromium against the real
 * server: an admin adds, edits and deletes an employee and adds an admin; admins
 * cannot be deleted; employees are kept out of the page and its API.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let console_: Visit;

// Numbers from the block the demo accounts keep for themselves (9000000000-9000000099).
const NEW_EMPLOYEE = {
  name: 'Ravi Shankar',
  email: 'ravi.shankar@e2e.local',
  aadharNumber: '400000000051',
  mobile: '9000000051',
  alternateMobile: '9000000061',
};
const NEW_ADMIN = {
  name: 'Meera Iyer',
  email: 'meera.iyer@e2e.local',
  aadharNumber: '400000000052',
  mobile: '9000000052',
};

beforeAll(async () => {
  server = await startServer('e2e: console employees');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
});

afterAll(async () => {
  await console_?.context.close();
  await browser?.close();
  await server?.stop();
});

/** Full-page screenshots from the top, so the sticky top bar sits where it belongs. */
async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAsIs(page, name);
}

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

const row = (page: Page, email: string): Locator =>
  page.locator(`[data-testid="staff-row"][data-email="${email}"]`);

/** The staff list as the API gives it to the admin, once it agrees with `until`. */
async function staffList(until: (members: any[]) => boolean): Promise<any[]> {
  let members: any[] = [];
  await waitUntil(
    async () => {
      const res = await apiGet(server, '/api/admin/employees', admin.token);
      expect(res.status).toBe(200);
      members = res.body.data;
      return until(members);
    },
    { timeoutMs: 15_000, intervalMs: 200, describe: () => JSON.stringify(members.map((m) => m.email)) },
  );
  return members;
}

/** A dialog's text field by its label (the required mark is not part of the name). */
const field = (scope: Locator, name: string): Locator => scope.getByRole('textbox', { name, exact: true });
/** The page header, where the Add buttons are (the dialogs' submit buttons share their names). */
const header = (page: Page): Locator =>
  page.locator('header', { has: page.getByRole('heading', { level: 1 }) });

async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').getByText(text, { exact: true }).waitFor();
}

describe('Employees Management', () => {
  it('lists the staff with their details; admins cannot be deleted', async () => {
    console_ = await visitSignedIn(browser, server, admin);
    const { page } = console_;
    await page.goto('/admin/employees');
    await page.getByRole('heading', { name: 'Employees Management', level: 1 }).waitFor();
    await row(page, DEMO.employee.email).waitFor();
    for (const column of [
      'Name',
      'Email',
      'Aadhar Number',
      'Mobile',
      'Alternate Mobile',
      'Role',
      'Actions',
    ]) {
      expect(await page.getByRole('columnheader', { name: column, exact: true }).count(), column).toBe(1);
    }
    const members = await staffList((m) => m.length >= 2);
    expect(await page.getByTestId('staff-row').count()).toBe(members.length);

    const adminRow = row(page, DEMO.admin.email);
    expect(await adminRow.getByText('Admin cannot be deleted', { exact: true }).isVisible()).toBe(true);
    expect(await adminRow.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(await adminRow.getByRole('cell').nth(5).innerText()).toBe('Admin');
    const employeeRow = row(page, DEMO.employee.email);
    expect(await employeeRow.getByRole('button', { name: /^Delete / }).count()).toBe(1);
    expect(await employeeRow.innerText()).toContain(DEMO.employee.mobile);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-employees');
    expectClean(console_);
  });

  it('adds an employee: the row appears and the welcome email is in the outbox', async () => {
    const { page } = console_;
    await header(page).getByRole('button', { name: 'Add Employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Employee' });
    await dialog.waitFor();
    // Aadhar at most 12 characters; a mobile is never cut short (issue 19): a pasted
    // `+91 98450 12345` becomes its 10 digits, not the first 10 characters.
    expect(await field(dialog, 'Aadhar Number').getAttribute('maxlength')).toBe('12');
    await field(dialog, 'Mobile').fill('+91 98450 12345');
    expect(await field(dialog, 'Mobile').inputValue()).toBe('9845012345');
    await field(dialog, 'Alternate Mobile').fill('098450-12346');
    expect(await field(dialog, 'Alternate Mobile').inputValue()).toBe('9845012346');

    // Required fields are checked before anything is sent.
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    await dialog.getByText('Name is required').waitFor();
    expect(await field(dialog, 'Name').evaluate((el) => el === document.activeElement)).toBe(true);

    await field(dialog, 'Name').fill(NEW_EMPLOYEE.name);
    await field(dialog, 'Email').fill(NEW_EMPLOYEE.email);
    await field(dialog, 'Aadhar Number').fill(NEW_EMPLOYEE.aadharNumber);
    await field(dialog, 'Mobile').fill(NEW_EMPLOYEE.mobile);
    await field(dialog, 'Alternate Mobile').fill(NEW_EMPLOYEE.alternateMobile);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-employees-add-employee');
    // Enter submits.
    await field(dialog, 'Alternate Mobile').press('Enter');
    await toast(page, 'Employee registered and email sent!');
    await dialog.waitFor({ state: 'hidden' });

    const added = row(page, NEW_EMPLOYEE.email);
    await added.waitFor();
    const text = await added.innerText();
    for (const value of [
      NEW_EMPLOYEE.name,
      NEW_EMPLOYEE.aadharNumber,
      NEW_EMPLOYEE.mobile,
      NEW_EMPLOYEE.alternateMobile,
    ]) {
      expect(text).toContain(value);
    }
    expect(await added.getByRole('cell').nth(5).innerText()).toBe('Employee');
    const members = await staffList((m) => m.some((x) => x.email === NEW_EMPLOYEE.email));
    expect(members.find((m) => m.email === NEW_EMPLOYEE.email)).toMatchObject({
      name: NEW_EMPLOYEE.name,
      role: 'employee',
      primaryMobile: NEW_EMPLOYEE.mobile,
      secondaryMobile: NEW_EMPLOYEE.alternateMobile,
    });

    let mail: any[] = [];
    await waitUntil(
      async () => {
        const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(NEW_EMPLOYEE.email)}`);
        mail = ((await res.json()) as { data: any[] }).data;
        return mail.some((m) => m.purpose === 'staff_welcome');
      },
      { timeoutMs: 15_000, intervalMs: 200, describe: () => `the welcome email: ${JSON.stringify(mail)}` },
    );
    expect(mail.find((m) => m.purpose === 'staff_welcome').text).toContain(`Dear ${NEW_EMPLOYEE.name}`);
    expectClean(console_);
  });

  it('refuses a second account with the same email, in the server’s words', async () => {
    const { page } = console_;
    await header(page).getByRole('button', { name: 'Add Employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Employee' });
    await field(dialog, 'Name').fill('Someone Else');
    await field(dialog, 'Email').fill(NEW_EMPLOYEE.email);
    await field(dialog, 'Aadhar Number').fill('400000000059');
    await field(dialog, 'Mobile').fill('9000000059');
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim().length).toBeGreaterThan(0);
    // Esc closes the dialog; nothing was added.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('staff-row').filter({ hasText: 'Someone Else' }).count()).toBe(0);
  });

  it('edits the employee’s name; the API reflects it', async () => {
    const { page } = console_;
    await row(page, NEW_EMPLOYEE.email)
      .getByRole('button', { name: `Edit ${NEW_EMPLOYEE.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Employee' });
    await dialog.waitFor();
    expect(await field(dialog, 'Name').inputValue()).toBe(NEW_EMPLOYEE.name);
    expect(await dialog.getByRole('combobox', { name: 'Role' }).inputValue()).toBe('employee');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-employees-edit');

    await field(dialog, 'Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required').waitFor();

    await field(dialog, 'Name').fill('Ravi Shankar K');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Employee updated successfully!');
    await dialog.waitFor({ state: 'hidden' });
    await row(page, NEW_EMPLOYEE.email).getByText('Ravi Shankar K', { exact: true }).waitFor();
    const members = await staffList((m) => m.some((x) => x.name === 'Ravi Shankar K'));
    expect(members.find((m) => m.email === NEW_EMPLOYEE.email)?.name).toBe('Ravi Shankar K');
  });

  it('deletes the employee through the confirmation; the API agrees', async () => {
    const { page } = console_;
    await row(page, NEW_EMPLOYEE.email).getByRole('button', { name: 'Delete Ravi Shankar K' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Employee' });
    await confirm.waitFor();
    await confirm
      .getByText("Are you sure you want to delete employee 'Ravi Shankar K'? This action cannot be undone.", {
        exact: true,
      })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-employees-delete');

    // Cancel keeps the employee.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row(page, NEW_EMPLOYEE.email).count()).toBe(1);

    await row(page, NEW_EMPLOYEE.email).getByRole('button', { name: 'Delete Ravi Shankar K' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Employee deleted successfully!');
    await row(page, NEW_EMPLOYEE.email).waitFor({ state: 'detached' });
    const members = await staffList((m) => !m.some((x) => x.email === NEW_EMPLOYEE.email));
    expect(members.some((m) => m.email === NEW_EMPLOYEE.email)).toBe(false);
    expectClean(console_);
  });

  it('adds an admin, who cannot be deleted', async () => {
    const { page } = console_;
    await header(page).getByRole('button', { name: 'Add Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin' });
    await dialog.waitFor();
    await field(dialog, 'Name').fill(NEW_ADMIN.name);
    await field(dialog, 'Email').fill(NEW_ADMIN.email);
    await field(dialog, 'Aadhar Number').fill(NEW_ADMIN.aadharNumber);
    await field(dialog, 'Mobile').fill(NEW_ADMIN.mobile);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-employees-add-admin');
    await dialog.getByRole('button', { name: 'Add Admin' }).click();
    await toast(page, 'Admin registered and email sent!');
    const added = row(page, NEW_ADMIN.email);
    await added.waitFor();
    expect(await added.getByRole('cell').nth(5).innerText()).toBe('Admin');
    expect(await added.getByText('Admin cannot be deleted', { exact: true }).isVisible()).toBe(true);
    expect(await added.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    const members = await staffList((m) => m.some((x) => x.email === NEW_ADMIN.email));
    expect(members.find((m) => m.email === NEW_ADMIN.email)?.role).toBe('admin');
    // The server refuses too.
    const id = members.find((m) => m.email === NEW_ADMIN.email)._id;
    const res = await fetch(`${server.url}/api/admin/employees/${id}`, {
      method: 'DELETE',
      headers: { 'x-auth-token': admin.token },
    });
    expect(res.status).toBe(409);
    expectClean(console_);
  });

  it('keeps employees out: the page sends them home and the API refuses them', async () => {
    const v = await visitSignedIn(browser, server, employee, VIEWPORTS.desktop);
    try {
      await v.page.goto('/admin/employees');
      await v.page.waitForURL((url) => url.pathname === '/');
      expect(await v.page.getByRole('heading', { name: 'Employees Management' }).count()).toBe(0);
      const res = await apiGet(server, '/api/admin/employees', employee.token);
      expect(res.status).toBe(403);
      expectClean(v);
    } finally {
      await v.context.close();
    }
  });
});
