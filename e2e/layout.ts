import type { Locator, Page } from 'playwright-core';

/**
 * Visible controls whose text does not fit them, as a reader would find them cut: a button's or
 * badge's label clipped, a field or select showing less than its value, a control sticking out
 * of its card. Long translations (German, French) show these first.
 */
export function cutControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const name = (el: Element) =>
      (el instanceof HTMLInputElement ? el.value : el.textContent)?.trim().slice(0, 60) ?? '';
    // Mantine's labels clip what does not fit (white-space: nowrap; overflow: hidden).
    for (const el of document.querySelectorAll('.mantine-Button-label, .mantine-Badge-label')) {
      if (visible(el) && el.scrollWidth > el.clientWidth + 1) found.push(`label cut: ${name(el)}`);
    }
    for (const el of document.querySelectorAll<HTMLInputElement>(
      'input:not([type]), input[type=text], input[type=search]',
    )) {
      if (visible(el) && el.value && el.scrollWidth > el.clientWidth + 1)
        found.push(`value cut: ${name(el)}`);
    }
    // A control wider than the card it sits in.
    for (const el of document.querySelectorAll('input, button, .mantine-Select-root')) {
      const card = el.closest('.mantine-Paper-root');
      if (!card || !visible(el)) continue;
      // Inside a part that scrolls sideways (a wide table on a phone), it is meant to go on.
      let scrolls = false;
      for (let up = el.parentElement; up && up !== card; up = up.parentElement) {
        if (/auto|scroll/.test(getComputedStyle(up).overflowX)) scrolls = true;
      }
      if (scrolls) continue;
      const inner = el.getBoundingClientRect();
      const outer = card.getBoundingClientRect();
      if (inner.right > outer.right + 1 || inner.left < outer.left - 1)
        found.push(`outside its card: ${name(el)}`);
    }
    return found;
  });
}

/**
 * The places where the element's text breaks onto a new line, as the characters either side
 * of each break (`"maria|@example"`): read from where each character is drawn.
 */
export function lineBreaks(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const chars: { char: string; top: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        chars.push({ char: text[i] ?? '', top: Math.round(rect.top) });
      }
    }
    const text = chars.map((c) => c.char).join('');
    const breaks: string[] = [];
    for (let i = 1; i < chars.length; i += 1) {
      const before = chars[i - 1];
      const here = chars[i];
      if (before && here && here.top > before.top + 2) breaks.push(`${text.slice(0, i)}|${text.slice(i)}`);
    }
    return breaks;
  });
}
