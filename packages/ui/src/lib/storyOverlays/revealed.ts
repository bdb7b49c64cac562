import { expect, waitFor } from 'storybook/test';

/**
 * An overlay (modal, drawer, popover) found by a query, once react-aria has revealed it. Where
 * react-aria expects an on-screen keyboard (on a phone, or in a test browser whose viewport the
 * story tests have just resized), it mounts an overlay hidden (opacity 0) and shows it a frame or
 * two later, so a play function that looks at it at once can find it present but not visible.
 */
export async function revealed<T extends HTMLElement>(found: Promise<T>): Promise<T> {
  const overlay = await found;
  await waitFor(() => expect(overlay).toBeVisible());
  return overlay;
}
