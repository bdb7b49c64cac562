import { actionItems, actionItemsFull } from '@tutoring/api/mocks/fixtures';
import type { components } from '@tutoring/api/schema';
import { describe, expect, it } from 'vitest';
import { toTask, toTasks } from './taskViewModel';

type ActionItem = components['schemas']['ActionItem'];

const [open, automatic, done] = actionItems as [ActionItem, ActionItem, ActionItem];

describe('toTask', () => {
  it('maps every field the Tasks modal and What’s New read, and nothing else', () => {
    expect(toTask(open)).toEqual({
      id: 'ai-104',
      title: 'Submit your weekly progress report',
      description: 'Tell us how last week’s sessions went.',
      url: 'forms.example.org/weekly-progress',
      completed: false,
      completesAutomatically: false,
    });
  });

  it('speaks the product words only: no wire name (inner underscore) survives', () => {
    for (const key of Object.keys(toTask(open))) expect(key).not.toMatch(/[A-Za-z0-9]_/);
  });

  it('keeps the two flags apart: completes automatically, completed', () => {
    expect(toTask(automatic)).toMatchObject({ completed: false, completesAutomatically: true });
    expect(toTask(done)).toMatchObject({ completed: true, completesAutomatically: false });
  });

  it('keeps a missing link null and a link without a scheme as it is (the modal adds https://)', () => {
    const withoutUrl = actionItemsFull.find((item) => item.URL === null) as ActionItem;
    expect(toTask(withoutUrl).url).toBeNull();
    expect(toTask({ ...open, URL: '' }).url).toBe('');
    expect(toTask(open).url).toBe('forms.example.org/weekly-progress');
  });

  it('keeps an empty description empty and HTML unsanitised (the ui sanitises it)', () => {
    expect(toTask({ ...open, Description: '' }).description).toBe('');
    expect(toTask({ ...open, Description: '<p>Hi <b>there</b></p>' }).description).toBe(
      '<p>Hi <b>there</b></p>',
    );
  });
});

describe('toTasks', () => {
  it("keeps the server's order (the modal puts the incomplete ones first)", () => {
    expect(toTasks(actionItemsFull).map((task) => task.id)).toEqual(
      actionItemsFull.map((item) => item.Action_Item_ID),
    );
    expect(toTasks([])).toEqual([]);
  });
});
