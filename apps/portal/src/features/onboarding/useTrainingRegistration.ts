import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCallables } from '../../lib/services/portalServices';

/**
 * The message the scheduling widget posts to the page that embeds it once the applicant has
 * booked a date: `{ type: 'scheduling.event_scheduled', eventId }`. Only messages from the
 * widget's own origin count: any page can post a message to this window.
 */
export function scheduledEventIdFrom(event: MessageEvent, schedulingOrigin: string): string | null {
  if (event.origin !== schedulingOrigin) return null;
  const { data } = event;
  if (typeof data !== 'object' || data === null) return null;
  const { type, eventId } = data as { type?: unknown; eventId?: unknown };
  if (type !== 'scheduling.event_scheduled' || typeof eventId !== 'string') return null;
  return eventId.trim() ? eventId : null;
}

/**
 * Registers the applicant for the live training they booked in the embedded scheduling widget
 * (addEventAttendee, §7), which puts them on the event's attendee list and e-mails the invitation.
 */
export function useTrainingRegistration(schedulingUrl: string) {
  const getCallables = useCallables();
  const registration = useMutation({
    mutationFn: async (eventId: string) => {
      const callables = await getCallables();
      return callables.addEventAttendee({ eventId });
    },
  });
  const { mutate } = registration;
  useEffect(() => {
    const schedulingOrigin = new URL(schedulingUrl).origin;
    const onMessage = (event: MessageEvent) => {
      const eventId = scheduledEventIdFrom(event, schedulingOrigin);
      if (eventId !== null) mutate(eventId);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [schedulingUrl, mutate]);
  return registration;
}
