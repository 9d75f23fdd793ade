import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityAssignmentResponse } from '../common/capacity';
import type { EventResponse } from '../common/events';
import type { QuestionResponse } from '../common/questions';
import { accessibilityCheck, launchBrowser } from './browser';
import { expectAttribute, expectCount, expectEventually, expectValue } from './expect';
import { organizerSession } from './session';

// The organizer's questions and capacity screens: default questions locked, custom ones made
// through the form (with options, a preview, required and hidden), reordered, and a capacity
// assignment shared by two tickets; an event without tickets says to create one first.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('questions-capacity');

/** A Mantine select: its input is a textbox or a combobox depending on the version. */
async function choose(scope: Locator, page: Page, label: string, option: string): Promise<void> {
  await scope
    .getByRole('textbox', { name: label, exact: true })
    .or(scope.getByRole('combobox', { name: label, exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The titles of the custom questions of a group, top to bottom. */
async function ownTitles(group: Locator): Promise<string[]> {
  return group.locator('[data-testid^="question-"] p:first-child').allTextContents();
}

describe('questions and capacity assignments', () => {
  it('asks custom questions in order and shares a capacity between tickets', async () => {
    const session = await organizerSession(browser);
    const { page, errors, eventId } = session;
    const standard = await session.api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Standard',
      type: 'FREE',
    });
    const vip = await session.api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'VIP',
      type: 'FREE',
    });

    // The default questions come first, locked.
    await page.goto(`/manage/event/${eventId}/questions`);
    const orderGroup = page.getByRole('region', { name: 'Order questions' });
    const attendeeGroup = page.getByRole('region', { name: 'Attendee questions' });
    await orderGroup.getByText('First name', { exact: true }).waitFor();
    await orderGroup.getByText('Last name', { exact: true }).waitFor();
    await orderGroup.getByText('E-mail', { exact: true }).waitFor();
    await expectCount(orderGroup.getByText('Default', { exact: true })).toBe(3);
    await expectCount(orderGroup.getByRole('button', { name: /^(Edit|Delete) / })).toBe(0);
    await attendeeGroup.getByText('No questions of your own here yet.').waitFor();
    await expectAccessible(page, 'questions-defaults');

    // A dropdown asked per attendee of the VIP ticket, with three options, one moved.
    await page.getByRole('button', { name: 'Add attendee question' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add a question' });
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await dialog.getByText('This field is required').first().waitFor();
    await dialog.getByRole('textbox', { name: 'Question', exact: true }).fill('Meal choice');
    await choose(dialog, page, 'Answer type', 'Dropdown');
    await dialog.getByLabel('Option 1', { exact: true }).fill('Fish');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel('Option 2', { exact: true }).fill('Meat');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel('Option 3', { exact: true }).fill('Fish');
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await dialog.getByText('Each option must be different.').waitFor();
    await dialog.getByLabel('Option 3', { exact: true }).fill('Vegetarian');
    await dialog.getByRole('button', { name: 'Move option 3 up' }).click();
    const preview = dialog.getByTestId('question-preview');
    const select = preview.getByRole('combobox', { name: 'Meal choice' });
    await expectEventually(() => select.evaluate((el) => el.tagName)).toBe('SELECT');
    await expectEventually(() => select.locator('option').allTextContents()).toEqual([
      'Choose…',
      'Fish',
      'Vegetarian',
      'Meat',
    ]);
    await dialog.getByRole('checkbox', { name: 'VIP' }).check();
    await expectAccessible(page, 'questions-modal-dropdown');
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await page.getByText('The question has been added.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await attendeeGroup.getByText('Meal choice').waitFor();
    await attendeeGroup.getByText('Tickets: VIP').waitFor();

    // A required single line asked once per order, and a hidden note.
    await page.getByRole('button', { name: 'Add order question' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a question' });
    await dialog.getByRole('textbox', { name: 'Question', exact: true }).fill('Company name');
    await dialog.getByRole('checkbox', { name: 'Required' }).check();
    await preview.getByRole('textbox', { name: 'Company name' }).waitFor();
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await orderGroup.getByText('Company name').waitFor();

    await page.getByRole('button', { name: 'Add order question' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a question' });
    await dialog.getByRole('textbox', { name: 'Question', exact: true }).fill('Internal note');
    await choose(dialog, page, 'Answer type', 'Address');
    await preview.getByRole('textbox', { name: 'ZIP or postal code' }).waitFor();
    await choose(dialog, page, 'Answer type', 'Multi line');
    await dialog.getByRole('checkbox', { name: /^Hidden/ }).check();
    await expectAccessible(page, 'questions-modal-hidden');
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await orderGroup.getByText('Internal note').waitFor();
    await orderGroup.getByText('Hidden', { exact: true }).waitFor();
    await expectEventually(() => ownTitles(orderGroup)).toEqual(['Company name', 'Internal note']);

    // Reordered with the keyboard; the focus stays on the moved question.
    await orderGroup.getByRole('button', { name: 'Move Internal note up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Internal note moved to position 1 of 2.').waitFor();
    await expectEventually(() => ownTitles(orderGroup)).toEqual(['Internal note', 'Company name']);
    await expectEventually(() =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).toBe('Move Internal note down');
    await expectAccessible(page, 'questions-list');
    await page.reload();
    await orderGroup.getByText('Internal note').waitFor();
    await expectEventually(() => ownTitles(orderGroup)).toEqual(['Internal note', 'Company name']);

    // Edited: the meal becomes required.
    await attendeeGroup.getByRole('button', { name: 'Edit Meal choice' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit question' });
    await expectValue(dialog.getByLabel('Option 2', { exact: true })).toBe('Vegetarian');
    await dialog.getByRole('checkbox', { name: 'Required' }).check();
    await dialog.getByRole('button', { name: 'Save question' }).click();
    await page.getByText('The question has been saved.').waitFor();
    await attendeeGroup.getByText('Required', { exact: true }).waitFor();

    const questions = (
      await session.api<{ data: QuestionResponse[] }>('GET', `/api/events/${eventId}/questions`)
    ).data;
    expect(questions.slice(0, 3).map((q) => q.default_key)).toEqual(['FIRST_NAME', 'LAST_NAME', 'EMAIL']);
    const own = questions.filter((q) => !q.is_default);
    expect(own.map((q) => [q.title, q.type, q.scope, q.required, q.is_hidden])).toEqual([
      ['Meal choice', 'DROPDOWN', 'PER_ATTENDEE', true, false],
      ['Internal note', 'MULTI_LINE', 'PER_ORDER', false, true],
      ['Company name', 'SINGLE_LINE', 'PER_ORDER', true, false],
    ]);
    expect(own[0]?.options).toEqual(['Fish', 'Vegetarian', 'Meat']);
    expect(own[0]?.ticket_ids).toEqual([vip.id]);
    const event = await session.api<EventResponse>('GET', `/api/events/${eventId}`);
    expect(event.settings.show_hidden_questions).toBe(true);

    // Capacity: one limit for both tickets, then switched off.
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Capacity' })
      .click();
    await page.getByRole('heading', { name: 'No capacity assignments yet' }).waitFor();
    await expectAccessible(page, 'capacity-empty');
    await page.getByRole('button', { name: 'Add capacity assignment' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a capacity assignment' });
    await dialog.getByRole('button', { name: 'Add capacity assignment' }).click();
    await dialog.getByText('This field is required').first().waitFor();
    await expectAccessible(page, 'capacity-modal');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Main hall');
    await dialog.getByLabel('Capacity', { exact: true }).fill('100');
    await dialog.getByRole('checkbox', { name: 'Standard' }).check();
    await dialog.getByRole('checkbox', { name: 'VIP' }).check();
    await dialog.getByRole('button', { name: 'Add capacity assignment' }).click();
    await page.getByText('The capacity assignment has been added.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /Main hall/ });
    await row.getByText('0 / 100').waitFor();
    await row.getByText('Standard, VIP').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await expectAccessible(page, 'capacity-list');

    await row.getByRole('button', { name: 'Edit Main hall' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit capacity assignment' });
    await dialog.getByRole('switch', { name: /^Active/ }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The capacity assignment has been saved.').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();

    const assignments = (
      await session.api<{ data: CapacityAssignmentResponse[] }>(
        'GET',
        `/api/events/${eventId}/capacity-assignments`,
      )
    ).data;
    expect(assignments).toHaveLength(1);
    expect(assignments[0]).toMatchObject({
      name: 'Main hall',
      capacity: 100,
      used_capacity: 0,
      status: 'INACTIVE',
    });
    expect([...(assignments[0]?.ticket_ids ?? [])].sort()).toEqual([standard.id, vip.id].sort());

    // Another event, without tickets: capacity needs a ticket first.
    const organizers = await session.api<{ data: { id: number }[] }>('GET', '/api/organizers');
    const start = new Date(Date.now() + 60 * 24 * 3600 * 1000);
    const bare = await session.api<{ id: number }>('POST', '/api/events', {
      title: 'Autumn Talk',
      organizer_id: organizers.data[0]?.id,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 2 * 3600 * 1000).toISOString(),
    });
    await page.goto(`/manage/event/${bare.id}/capacity-assignments`);
    await page.getByRole('heading', { name: 'Create a ticket first' }).waitFor();
    await expectAttribute(page.getByRole('link', { name: 'Go to tickets' }), 'href').toBe(
      `/manage/event/${bare.id}/tickets`,
    );
    await expectCount(page.getByRole('button', { name: 'Add capacity assignment' })).toBe(0);
    await expectAccessible(page, 'capacity-no-tickets');

    expect(errors).toEqual([]);
    await session.context.close();
  });
});
