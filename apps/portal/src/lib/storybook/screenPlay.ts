// Storybook only: steps that screen stories' play functions share. A screen runs at 1280, 768 and
// 390 px; under 768 px the area's navigation is in a drawer behind the 'Menu' button, so a step
// that uses the navigation opens the drawer first when that is how a person would reach it.
import { expect, userEvent, waitFor, within } from 'storybook/test';

/** Whether an element takes part in the layout (the top bar is display: none on wide screens). */
function isRendered(element: Element): boolean {
  return element.getClientRects().length > 0;
}

/** The area's navigation as a person sees it: the sidebar, or the drawer once opened. */
export async function openNavigation(canvasElement: HTMLElement) {
  const body = within(canvasElement.ownerDocument.body);
  const menu = within(canvasElement).queryAllByRole('button', { name: 'Menu' }).find(isRendered);
  if (menu) {
    await userEvent.click(menu);
    const drawer = await body.findByRole('dialog');
    return within(drawer);
  }
  const sidebar = within(canvasElement)
    .getAllByRole('navigation')
    .find((navigation) => isRendered(navigation) && navigation.closest('[data-app-shell-sidebar]'));
  if (!sidebar) throw new Error('No sidebar navigation on the screen.');
  return within(sidebar);
}

/** Presses an item of the area's navigation (an action such as 'Updates' or a page link). */
export async function pressInNavigation(canvasElement: HTMLElement, name: RegExp | string) {
  const navigation = await openNavigation(canvasElement);
  const item = navigation.queryByRole('button', { name }) ?? navigation.getByRole('link', { name });
  await userEvent.click(item);
}

/** The dialog named `name` once it is open (modals render into document.body). */
export async function findDialog(canvasElement: HTMLElement, name: RegExp | string) {
  const body = within(canvasElement.ownerDocument.body);
  const dialog = await body.findByRole('dialog', { name }, { timeout: 5000 });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}
