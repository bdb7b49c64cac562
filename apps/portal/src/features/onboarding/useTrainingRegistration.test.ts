import { describe, expect, it } from 'vitest';
import { scheduledEventIdFrom } from './useTrainingRegistration';

const origin = 'https://scheduling.example.org';
const message = (data: unknown, from = origin) =>
  new MessageEvent('message', { origin: from, data });

describe("the scheduling widget's booking message", () => {
  it('gives the booked event id', () => {
    expect(
      scheduledEventIdFrom(
        message({ type: 'scheduling.event_scheduled', eventId: 'evt-1' }),
        origin,
      ),
    ).toBe('evt-1');
  });

  it('ignores messages from any other origin', () => {
    expect(
      scheduledEventIdFrom(
        message({ type: 'scheduling.event_scheduled', eventId: 'evt-1' }, 'https://evil.example'),
        origin,
      ),
    ).toBeNull();
  });

  it.each([
    null,
    'scheduling.event_scheduled',
    { type: 'scheduling.page_height', eventId: 'evt-1' },
    { type: 'scheduling.event_scheduled' },
    { type: 'scheduling.event_scheduled', eventId: 42 },
    { type: 'scheduling.event_scheduled', eventId: '  ' },
  ])('ignores %j', (data) => {
    expect(scheduledEventIdFrom(message(data), origin)).toBeNull();
  });
});
