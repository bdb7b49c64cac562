// Storybook only (never imported by the product): what screen stories share to reach the area
// navigation at any width. From 768 px the AppShell shows the sidebar; below it, a top bar whose
// menu button opens the same sidebar in a drawer (a dialog rendered into document.body).
import { screen, userEvent, within } from 'storybook/test';

/**
 * The area's navigation landmark (the sidebar's `label`, e.g. 'Onboarding') as the visitor sees
 * it: the sidebar itself on a wide screen, or, when the menu button is showing (under 768 px),
 * the drawer it opens. Returns queries bound to the navigation.
 */
export async function openAreaNavigation(canvasElement: HTMLElement, label: string) {
  const canvas = within(canvasElement);
  const menu = canvas.queryByRole('button', { name: 'Menu' });
  if (menu) {
    await userEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Navigation menu' });
    return within(within(drawer).getByRole('navigation', { name: label }));
  }
  return within(canvas.getByRole('navigation', { name: label }));
}
