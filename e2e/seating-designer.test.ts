import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatingPlanResponse } from '../common/seating';
import { SeatingPlan } from '../common/seating-plan';
import { gridPlan } from '../common/seating-plan-edit';
import { accessibilityCheck, launchBrowser, screenshot, waitForToastsToClose } from './browser';
import { organizerSession } from './session';

// An organizer draws a small hall in the seating plan designer, saves it, exports it and
// imports it back; then a plan of 5,000 seats is edited and the time each update takes measured.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('seating-designer');

/** Adds a row to the section chosen in "Add to a section", changing the layout's fields first. */
async function addRow(page: Page, fields: Record<string, string> = {}) {
  const tools = page.getByText('Add to a section').locator('..');
  for (const [label, value] of Object.entries(fields))
    await tools.getByLabel(label, { exact: true }).fill(value);
  await tools.getByRole('button', { name: 'Add row' }).click();
}

async function addSection(page: Page, name: string) {
  await page.getByLabel('New section').fill(name);
  await page.getByRole('button', { name: 'Add section' }).click();
  await page
    .getByRole('textbox', { name: 'Section name' })
    .and(page.locator(`[value="${name}"]`))
    .waitFor();
}

type Action =
  | { kind: 'category'; value: string }
  | { kind: 'key'; key: string }
  | { kind: 'wheel'; deltaY: number };

/** How long an update takes to reach the screen: from the event to the next animation frame. */
function timeUpdate(page: Page, action: Action): Promise<number> {
  return page.evaluate(async (a) => {
    const canvas = document.querySelector('[data-testid="plan-canvas"]');
    const select = document.querySelector<HTMLSelectElement>('[data-testid="seat-actions"] select');
    if (!canvas) throw new Error('no canvas');
    const start = performance.now();
    if (a.kind === 'category') {
      if (!select) throw new Error('no category select');
      select.value = a.value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (a.kind === 'key') {
      canvas.dispatchEvent(new KeyboardEvent('keydown', { key: a.key, bubbles: true }));
    } else {
      canvas.dispatchEvent(
        new WheelEvent('wheel', {
          deltaY: a.deltaY,
          clientX: 400,
          clientY: 300,
          bubbles: true,
          cancelable: true,
        }),
      );
    }
    await new Promise(requestAnimationFrame);
    return performance.now() - start;
  }, action);
}

describe('the seating plan designer', () => {
  it('draws a small hall, saves, reloads, exports and imports it', async () => {
    const { page, errors } = await organizerSession(browser);
    await page.setViewportSize({ width: 1400, height: 1000 });

    await page.goto('/manage/events');
    await page.getByRole('button', { name: /Olga/ }).click();
    await page.getByRole('menuitem', { name: 'Seating plans' }).click();
    await page.getByRole('heading', { name: 'No seating plans yet' }).waitFor();
    await expectAccessible(page, 'empty');

    await page.getByRole('button', { name: 'New plan' }).click();
    await page.getByTestId('plan-canvas').waitFor();
    await page.getByRole('tab', { name: 'Plan and categories' }).click();
    await page.getByLabel('Plan name').fill('Riverside Hall');
    await page.getByRole('button', { name: 'Add a price category' }).click();
    await page.getByLabel('Category 2', { exact: true }).fill('Premium');
    await page.getByRole('tab', { name: 'Sections and rows' }).click();

    // Stalls: rows A (made with the section), B, and C curved; Balcony: A, B, C and a table.
    await addSection(page, 'Stalls');
    await addRow(page);
    await page.getByText('Add to a section').locator('..').getByLabel('Curve').fill('-0.1');
    await addRow(page);
    await addSection(page, 'Balcony');
    await addRow(page, { Prefix: 'B' });
    await addRow(page);
    const tools = page.getByText('Add to a section').locator('..');
    await tools
      .locator('label')
      .filter({ hasText: /^Table$/ })
      .click();
    await tools.getByLabel('Seats', { exact: true }).fill('6');
    await tools.getByRole('button', { name: 'Add table' }).click();
    await expect.poll(() => page.locator('[data-row]').count()).toBe(7);

    // One wheelchair place: a seat clicked on the plan.
    const firstSeat = page.locator('[data-seat="r1-1"]');
    await firstSeat.click();
    await page.getByTestId('seat-actions').getByRole('button', { name: 'Wheelchair place' }).click();
    await page.locator('rect[data-seat="r1-1"]').waitFor();
    // The seats of row B of the stalls become Premium, chosen from the row's editor.
    await page.getByRole('button', { name: 'Row B' }).first().click();
    await page.getByRole('button', { name: 'Select all its seats' }).click();
    await page.getByLabel('Price category of the selected seats').selectOption({ label: 'Premium' });
    // Row C of the balcony moved by the arrow keys, with the plan focused.
    await page.getByRole('button', { name: 'Row C' }).nth(1).click();
    const balconyC = page.locator('[data-row="r6"] circle[data-seat]').first();
    const x = Number(await balconyC.getAttribute('cx'));
    await page.getByTestId('plan-canvas').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(Number(await balconyC.getAttribute('cx'))).toBe(x + 10);
    await page.getByTestId('plan-canvas').press('Escape');

    // The plan's check runs once the designer is idle.
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('plan-errors').count()).toBe(0);
    await expectAccessible(page, 'drawn');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText('Riverside Hall has been saved.').waitFor();
    await page.waitForURL(/\/manage\/seating-plans\/\d+$/);
    const seats = await page.getByTestId('seat-count').textContent();

    await page.reload();
    await page.getByTestId('plan-canvas').waitFor();
    expect(await page.getByTestId('seat-count').textContent()).toBe(seats);
    expect(await page.locator('[data-row]').count()).toBe(7);
    await page.locator('rect[data-seat="r1-1"]').waitFor();
    await page.locator('ellipse').first().waitFor();
    await screenshot(page, 'seating-designer-reloaded');

    // Pan by dragging the background, zoom by a button: one transform changes.
    const view = page.getByTestId('plan-view');
    const before = await view.getAttribute('transform');
    const canvasBox = await page.getByTestId('plan-canvas').boundingBox();
    if (!canvasBox) throw new Error('no canvas');
    await page.mouse.move(canvasBox.x + canvasBox.width - 40, canvasBox.y + canvasBox.height - 40);
    await page.mouse.down();
    await page.mouse.move(canvasBox.x + canvasBox.width - 140, canvasBox.y + canvasBox.height - 90, {
      steps: 5,
    });
    await page.mouse.up();
    expect(await view.getAttribute('transform')).not.toBe(before);
    const zoom = await page.getByTestId('zoom').textContent();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await page.getByTestId('zoom').textContent()).not.toBe(zoom);

    // Export from the list, then import the file back as a second plan.
    await page.getByRole('link', { name: 'All seating plans' }).click();
    const row = page.getByTestId('seating-plan-row').filter({ hasText: 'Riverside Hall' });
    await row.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Export Riverside Hall' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('riverside-hall.json');
    const text = await readFile(await download.path(), 'utf8');
    const exported = SeatingPlan.parse(JSON.parse(text));
    expect(exported.sections.map((s) => s.name)).toEqual(['Stalls', 'Balcony']);
    expect(exported.sections.flatMap((s) => s.rows).filter((r) => r.kind === 'row')).toHaveLength(6);
    expect(exported.sections[0]?.rows[2]?.layout?.curve).toBe(-0.1);
    expect(exported.sections[0]?.rows[0]?.seats[0]?.wheelchair).toBe(true);

    const file = 'test-results/seating-designer-export.json';
    await writeFile(file, text);
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByText('Riverside Hall has been imported.').waitFor();
    await expect.poll(() => page.getByTestId('seating-plan-row').count()).toBe(2);

    // A broken file: seats that overlap. Nothing is saved, and the plan's own words say why.
    const broken = JSON.parse(text) as SeatingPlan;
    const seat = broken.sections[0]?.rows[1]?.seats[1];
    const other = broken.sections[0]?.rows[1]?.seats[0];
    if (!seat || !other) throw new Error('no seats');
    seat.x = other.x + 2;
    const brokenFile = 'test-results/seating-designer-broken.json';
    await writeFile(brokenFile, JSON.stringify(broken));
    await page.locator('input[type="file"]').setInputFiles(brokenFile);
    await page
      .getByTestId('plan-errors')
      .getByText('This seat overlaps another one. Move one of them.')
      .waitFor();
    await page.getByTestId('plan-errors').getByText('Stalls, row B, seat 2:').waitFor();
    expect(await page.getByTestId('seating-plan-row').count()).toBe(2);
    await waitForToastsToClose(page);
    await expectAccessible(page, 'list');

    // The copy is deleted, after a confirmation.
    await page.getByRole('button', { name: 'Delete Riverside Hall' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Delete Riverside Hall?' });
    await expectAccessible(page, 'delete');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Riverside Hall has been deleted.').waitFor();
    await expect.poll(() => page.getByTestId('seating-plan-row').count()).toBe(1);
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('edits a plan of 5,000 seats without delay', async () => {
    const { page, api } = await organizerSession(browser);
    await page.setViewportSize({ width: 1400, height: 1000 });
    const plan = gridPlan({ name: 'Arena', sections: 4, rows: 25, seats: 50 });
    const saved = await api<SeatingPlanResponse>('POST', '/api/seating-plans', { plan });
    expect(saved.seat_count).toBe(5000);
    await page.goto(`/manage/seating-plans/${saved.id}`);
    await expect.poll(() => page.locator('[data-seat]').count(), { timeout: 20_000 }).toBe(5000);

    // A row of 50 seats selected, then its category changed back and forth.
    await page.getByRole('button', { name: 'Row 10' }).first().click();
    await page.getByRole('button', { name: 'Select all its seats' }).click();
    const categoryChanges: number[] = [];
    for (const value of ['c2', 'c1', 'c2', 'c1', 'c2']) {
      categoryChanges.push(await timeUpdate(page, { kind: 'category', value }));
    }
    expect(await page.locator('[data-seat="s1r10-1"]').getAttribute('fill')).toBe('#a61e4d');

    // Pans by the arrow keys (nothing selected) and zooms by the wheel, once the plan's check
    // (run when the designer is idle, 0.6 s after the last change) is done.
    await page.getByTestId('plan-canvas').press('Escape');
    await page.waitForTimeout(1500);
    const pans: number[] = [];
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowRight']) {
      pans.push(await timeUpdate(page, { kind: 'key', key }));
    }
    const zooms: number[] = [];
    for (const deltaY of [-100, -100, 100, 100]) {
      zooms.push(await timeUpdate(page, { kind: 'wheel', deltaY }));
    }
    const round = (list: number[]) => list.map((n) => Math.round(n * 10) / 10);
    console.info(
      `5,000 seats: category change ${round(categoryChanges).join(', ')} ms; pan ${round(pans).join(', ')} ms; zoom ${round(zooms).join(', ')} ms`,
    );
    await screenshot(page, 'seating-designer-5000');
    for (const ms of [...categoryChanges, ...pans, ...zooms]) expect(ms).toBeLessThan(200);
  });
});
