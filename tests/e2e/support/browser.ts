import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from '../../system/support/processes.js';

/** Debian's Chromium (`apt-get install chromium`); playwright-core downloads no browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** STACK.md: the flags that make Debian's Chromium quiet and headless here. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Screenshots of every page a test visits, at both widths (git-ignored). */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'tests', 'e2e', 'artifacts');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Requests to any origin but the server's: must stay empty (nothing is loaded from other hosts). */
  foreignRequests: string[];
  /** Uncaught exceptions in the page, and Content-Security-Policy violations in any of its tabs. */
  pageErrors: string[];
  /** Every response, in order, for bundle and request checks. */
  responses: Array<{ url: string; status: number; type: string }>;
}

/**
 * A fresh browser profile on the server (axe needs pages made with newContext + newPage).
 * en-IN and Asia/Kolkata, as the lender's customers see it.
 */
export async function visit(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<Visit> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const page = await context.newPage();
  const origin = new URL(baseURL).origin;
  const v: Visit = { context, page, foreignRequests: [], pageErrors: [], responses: [] };
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin) {
      v.foreignRequests.push(url);
    }
  });
  page.on('pageerror', (error) => v.pageErrors.push(String(error)));
  // A Content-Security-Policy violation ("Refused to …") fails a test like an uncaught error, in any tab.
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) v.pageErrors.push(`CSP: ${message.text()}`);
  });
  page.on('response', (response) =>
    v.responses.push({
      url: response.url(),
      status: response.status(),
      type: response.request().resourceType(),
    }),
  );
  return v;
}

/**
 * Saves `<name>-390.png` and `<name>-1280.png` of the page as it is now (full length),
 * and fails when the page is wider than the screen at either width (every page fits a
 * screen from 360 px up; wide tables scroll inside their own region, never the page).
 */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    // Charts and tables measure their box and draw again after a resize; on a loaded
    // machine that can take a while, so the page gets a few seconds to settle to the width.
    let pageWidth = 0;
    for (let waited = 0; waited <= 5_000; waited += 250) {
      await page.waitForTimeout(waited === 0 ? 100 : 250);
      pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (pageWidth <= viewport.width + 1) break;
    }
    if (pageWidth > viewport.width + 1) {
      const wide = await page.evaluate((limit) => {
        const found: string[] = [];
        for (const el of Array.from(document.querySelectorAll('body *'))) {
          const box = el.getBoundingClientRect();
          if (box.right > limit + 1 && found.length < 5) {
            found.push(
              `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).slice(0, 40)} (right ${Math.round(box.right)})`,
            );
          }
        }
        return found;
      }, viewport.width);
      throw new Error(
        `${name}: the page is ${pageWidth}px wide at ${viewport.width}px; widest: ${wide.join(', ')}`,
      );
    }
    await page.screenshot({
      path: path.join(ARTIFACTS_DIR, `${name}-${viewport.width}.png`),
      fullPage: true,
    });
  }
  if (original) await page.setViewportSize(original);
}

/** The JavaScript a page downloaded, gzipped (level 9) as a server would send it, in bytes. */
export async function gzippedScriptBytes(
  v: Visit,
): Promise<{ total: number; files: Record<string, number> }> {
  const files: Record<string, number> = {};
  for (const r of v.responses.filter((x) => x.type === 'script')) {
    const body = await (await fetch(r.url)).arrayBuffer();
    files[new URL(r.url).pathname] = gzipSync(Buffer.from(body), { level: 9 }).length;
  }
  return { total: Object.values(files).reduce((a, b) => a + b, 0), files };
}

/** axe (WCAG 2.1 A and AA) on the page as it is now: the serious and critical findings, one line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
