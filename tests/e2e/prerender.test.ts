import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotBothWidths, visit, VIEWPORTS } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

/**
 * Issue 19, point 9: the public pages are prerendered at build, so their content is in
 * the HTML before any script runs; the script then hydrates them (no mismatch, no
 * inline script: the Content-Security-Policy allows none), and the console pages still
 * get the empty shell.
 */

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer('e2e: prerendered pages');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PAGES = [
  {
    path: '/',
    heading: 'Gold loans you can trust',
    text: 'Why families choose us',
    title: 'Gold loans you can trust',
  },
  { path: '/about', heading: 'About us', text: '1,463', title: 'About' },
  {
    path: '/interest-rates',
    heading: 'Interest Rates',
    text: '₹50,000 – ₹1,00,00,000',
    title: 'Interest Rates',
  },
  {
    path: '/contact',
    heading: 'Contact Us',
    text: 'Monday to Saturday, 9:00 AM to 6:00 PM',
    title: 'Contact',
  },
  {
    path: '/loan-eligibility',
    heading: 'Loan eligibility',
    text: 'Up to ₹2,50,000: 85%',
    title: 'eligibility',
  },
] as const;

describe('prerendered public pages', () => {
  it.each(PAGES)('$path shows its heading and text with JavaScript off', async (p) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: VIEWPORTS.desktop,
      javaScriptEnabled: false,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    const page = await context.newPage();
    const response = await page.goto(p.path);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: p.heading, exact: true }).waitFor({ timeout: 5_000 });
    await page.getByRole('main').getByText(p.text).first().waitFor({ timeout: 5_000 });
    expect(await page.title()).toContain(p.title);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Interest Rates' }).count()).toBe(1);
    if (p.path === '/') {
      // Styled before any script: the page's own stylesheets are in the head, so at a desk the
      // calculator stands beside the hero's words, where it stays once the code arrives.
      const hero = await page.getByRole('heading', { level: 1, name: p.heading }).boundingBox();
      const calculator = await page.getByRole('heading', { name: 'Gold loan calculator' }).boundingBox();
      expect(calculator!.x).toBeGreaterThan(hero!.x + hero!.width / 2);
      await screenshotBothWidths(page, 'prerendered-home-no-js');
    }
    await context.close();
  });

  it('sends / with its content, the CSP and no inline script; console pages get the empty shell', async () => {
    const home = await fetch(`${server.url}/`);
    const html = await home.text();
    expect(html).toContain('Gold loans you can trust</h1>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const shell = await (await fetch(`${server.url}/admin/loans`)).text();
    expect(shell).toContain('<div id="root"></div>');
    const unknown = await fetch(`${server.url}/no-such-page`);
    expect(await unknown.text()).toContain('<div id="root"></div>');
  });

  it('hydrates / without a mismatch: the menu opens, the calculator and the footer rate answer', async () => {
    const v = await visit(browser, server.url, VIEWPORTS.mobile);
    const logged: string[] = [];
    v.page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') logged.push(m.text());
    });
    await v.page.goto('/');
    const rate = (await (await fetch(`${server.url}/api/settings/gold-rate`)).json()) as { rate: number };
    const shown = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    }).format(rate.rate);
    await v.page.getByTestId('footer-gold-rate').getByText(`${shown} / gram`).waitFor();
    await v.page
      .getByTestId('calculator-principal')
      .getByText(/₹[\d,]+/)
      .waitFor();
    const menu = v.page.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(logged.filter((line) => /hydrat|did not match|#418|#423|#425/i.test(line))).toEqual([]);
    expect(v.pageErrors).toEqual([]);
    const scripts = v.responses.filter((r) => r.type === 'script').map((r) => new URL(r.url).pathname);
    expect(
      scripts.filter((s) => /\/(zod|swr|session)-/.test(s)),
      'zod, SWR or session code on /',
    ).toEqual([]);
    await v.context.close();
  });
});
