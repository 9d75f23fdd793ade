import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Checks of what the page shows that ask again until they hold. The page renders after a
 * response arrives, so a value read once may be the one from a moment before; each helper
 * polls the locator (every 50 ms, up to `timeout`) and fails with the last value it saw.
 *
 *   await expectText(row).toContain('Rui Costa');
 *   await expectCount(page.getByTestId('order-row')).toBe(4);
 */
const DEFAULT_TIMEOUT = 10_000;

type Options = { timeout?: number };

const poll = <T>(read: () => Promise<T>, options: Options = {}) =>
  expect.poll(read, { timeout: options.timeout ?? DEFAULT_TIMEOUT });

/** The element's text content (hidden text included). */
export const expectText = (locator: Locator, options?: Options) => poll(() => locator.textContent(), options);

/** The element's rendered text, as a user reads it. */
export const expectInnerText = (locator: Locator, options?: Options) =>
  poll(() => locator.innerText(), options);

/** How many elements match. */
export const expectCount = (locator: Locator, options?: Options) => poll(() => locator.count(), options);

/** A form field's current value. */
export const expectValue = (locator: Locator, options?: Options) => poll(() => locator.inputValue(), options);

/** One attribute of the element (`null` when absent). */
export const expectAttribute = (locator: Locator, name: string, options?: Options) =>
  poll(() => locator.getAttribute(name), options);

/** Whether a checkbox or radio is checked. */
export const expectChecked = (locator: Locator, options?: Options) =>
  poll(() => locator.isChecked(), options);

/** Whether the element is visible. */
export const expectVisible = (locator: Locator, options?: Options) =>
  poll(() => locator.isVisible(), options);

/** Any value read from the page, asked again until the assertion holds. */
export const expectEventually = <T>(read: () => Promise<T>, options?: Options) => poll(read, options);

/**
 * Waits until the focus is in `locator`. A rich-text editor's buttons give the focus back to
 * the text a frame after they act (TipTap's `focus()`): typing before that frame would land on
 * the button.
 */
export const focusIn = (locator: Locator) =>
  poll(() => locator.evaluate((element) => element.contains(document.activeElement))).toBe(true);
