// Storybook only (never imported by the product): steps that screen stories' play functions share.
// A screen runs at 1280, 768 and 390 px. From 768 px the AppShell shows the area's sidebar; below
// it, a top bar whose Menu button opens the same sidebar in a drawer (a dialog rendered into
// document.body), so a step that uses the navigation opens the drawer first, as a person would.
import { revealed } from '@tutoring/ui/lib/storyOverlays/revealed';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

/**
 * The area's navigation landmark (the sidebar's label: 'Tutoring Dashboard', 'Onboarding') as the
 * visitor sees it: the sidebar on a wide screen, or the drawer the Menu button opens. The Menu
 * button is display: none from 768 px, so it is not in the accessibility tree there.
 */
export async function openAreaNavigation(canvasElement: HTMLElement, label: string) {
  const canvas = within(canvasElement);
  const menu = canvas.queryByRole('button', { name: 'Menu' });
  if (menu) {
    await userEvent.click(menu);
    const drawer = await revealed(screen.findByRole('dialog', { name: 'Navigation menu' }));
    return within(within(drawer).getByRole('navigation', { name: label }));
  }
  return within(canvas.getByRole('navigation', { name: label }));
}

/** Presses an item of the area's navigation: an action such as 'Updates', or a page link. */
export async function pressInNavigation(
  canvasElement: HTMLElement,
  label: string,
  name: RegExp | string,
) {
  const navigation = await openAreaNavigation(canvasElement, label);
  const item = navigation.queryByRole('button', { name }) ?? navigation.getByRole('link', { name });
  await userEvent.click(item);
  // The drawer closes after a choice: wait until it has gone, so the next step (and the
  // screenshot) sees the page and not the drawer halfway through its exit animation.
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation menu' })).toBeNull());
}

/** The dialog named `name` once it is open and visible (dialogs render into document.body). */
export async function findDialog(name: RegExp | string) {
  return within(await revealed(screen.findByRole('dialog', { name })));
}

/** What `within(canvasElement)` answers: the queries of a story's canvas. */
export type Canvas = ReturnType<typeof within>;

/**
 * For the first find of a screen story: its first render loads the layout and the page's own
 * chunk, which takes more than a moment on a busy CI machine.
 */
export const firstRender = { timeout: 5000 };
