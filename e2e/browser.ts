import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { E2eStack } from './global-setup';

/**
 * The stack of the worker running this file: vitest numbers its workers from 1
 * (`VITEST_POOL_ID`), and global setup started one stack each.
 */
export function myStack(): E2eStack {
  const stacks = inject('stacks');
  const id = Number(process.env.VITEST_POOL_ID ?? 1);
  const stack = stacks[(id - 1) % stacks.length];
  if (!stack) throw new Error('no e2e stack was started');
  return stack;
}

export const baseUrl = (): string => myStack().baseUrl;

/**
 * The system Chromium, headless, with the flags this machine needs (no background networking);
 * `extraArgs` for journeys that need more, such as a fake camera.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/** A page in a fresh context that records console errors and page crashes. */
export async function openPage(
  browser: Browser,
  options: { locale?: string; cookies?: Record<string, string>; timezoneId?: string } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: options.locale ?? 'en-US',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  if (options.cookies) {
    const url = new URL(baseUrl());
    await context.addCookies(
      Object.entries(options.cookies).map(([name, value]) => ({
        name,
        value,
        domain: url.hostname,
        path: '/',
      })),
    );
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Waits for running CSS transitions and animations (a modal fading in or out, a toast sliding)
 * to end: text caught half-transparent fails the contrast rule though users never read it so.
 */
async function settled(page: Page): Promise<void> {
  let quiet = 0;
  for (let round = 0; round < 10 && quiet < 2; round += 1) {
    const running = await page.evaluate(async () => {
      // A transition starts a frame or two after its element mounts (a dialog fades in from
      // the frame after it opens): waiting two frames first catches one about to begin.
      for (let frame = 0; frame < 2; frame += 1) await new Promise(requestAnimationFrame);
      // Spinners and skeletons loop for ever; only what ends is waited for.
      const animations = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.all(animations.map((a) => a.finished.catch(() => undefined)));
      return animations.length;
    });
    quiet = running === 0 ? quiet + 1 : 0;
  }
}

/**
 * Every finding of axe's default rules on the current page, whatever its impact: moderate ones
 * such as a page without a first-level heading or a dialog that adds a second banner landmark
 * are real problems for screen reader users too.
 */
export async function axeViolations(
  page: Page,
  { frames = true }: { frames?: boolean } = {},
): Promise<string[]> {
  await settled(page);
  const builder = new AxeBuilder({ page });
  // `frames: false`: the page alone, run inside it. For a page holding a designer's preview in
  // a frame sandboxed without scripts (a page checked on its own): there, the opening of the
  // blank page axe finishes its run in never returned (Chromium, @axe-core/playwright 4.14).
  const results = await (frames
    ? builder
    : builder.options({ iframes: false }).setLegacyMode(true)
  ).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** Saves a screenshot under test-results/ for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/**
 * A file's accessibility check: `expectAccessible(page, name)` leaves a screenshot
 * `{prefix}-{name}` under test-results/ for people to look at and fails on any axe finding.
 */
export function accessibilityCheck(prefix: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    // axe waits for animations to end, so the screenshot shows the page at rest, and is taken
    // whatever axe found.
    const found = await axeViolations(page);
    await screenshot(page, `${prefix}-${name}`);
    expect(found, name).toEqual([]);
  };
}

const WIDTHS = [
  ['wide', { width: 1280, height: 900 }],
  ['narrow', { width: 390, height: 844 }],
] as const;

/**
 * The same at desktop and at phone width (`{prefix}-{name}-wide` and `-narrow`). With
 * `backToWide` the page ends at desktop width again; otherwise it stays at phone width.
 */
export function accessibilityCheckAtWidths(
  prefix: string,
  options: { backToWide?: boolean; frames?: boolean } = {},
): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    for (const [size, viewport] of WIDTHS) {
      await page.setViewportSize(viewport);
      const found = await axeViolations(page, { frames: options.frames ?? true });
      await screenshot(page, `${prefix}-${name}-${size}`);
      expect(found, `${name} (${size})`).toEqual([]);
    }
    if (options.backToWide) await page.setViewportSize(WIDTHS[0][1]);
  };
}

/**
 * Waits until the toasts are gone. They sit bottom right, over row actions, and stay while the
 * pointer rests on them, so the pointer moves away first, as a user's would.
 */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => !document.querySelector('.ui-toast'), null, {
    timeout: 10_000,
  });
}
