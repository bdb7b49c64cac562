import { expect, waitFor } from 'storybook/test';

/**
 * An overlay (modal, drawer, popover) found by a query, once react-aria has revealed it and its
 * entering animation has ended. Where react-aria expects an on-screen keyboard (on a phone, or in
 * a test browser whose viewport the story tests have just resized), it mounts an overlay hidden
 * (opacity 0) and shows it a frame or two later, so a play function that looks at it at once can
 * find it present but not visible. And an overlay still sliding in (react-aria marks it
 * `data-entering` until its animation ends) has its contents off their final place: a popover
 * opened from the drawer's account button then is positioned against a button that is still
 * moving, a few pixels off from where a person (who cannot tap that fast) would see it.
 */
export async function revealed<T extends HTMLElement>(found: Promise<T>): Promise<T> {
  const overlay = await found;
  await waitFor(() => {
    expect(overlay).toBeVisible();
    expect(overlay.closest('[data-entering]')).toBeNull();
  });
  return overlay;
}
