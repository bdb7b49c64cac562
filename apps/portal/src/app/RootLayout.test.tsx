import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link } from '@tutoring/ui/components/Link/Link';
import type { Window as HappyDomWindow } from 'happy-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { supportChat } from '../config/supportChat';
import { createTestServices, withServices } from '../testing/testServices';
import { RootLayout } from './RootLayout';
import { removeSupportChat, supportChatWidget } from './supportChatWidget';

/** The real support chat widget: these tests follow its script element. */
const services = createTestServices({ supportChat: supportChatWidget });

beforeAll(() => {
  // Visiting a tutoring route adds the support chat's script: happy-dom must not download it.
  const { settings } = (window as unknown as HappyDomWindow).happyDOM;
  settings.disableJavaScriptFileLoading = true;
  settings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(() => {
  cleanup();
  removeSupportChat();
});

async function renderLinks() {
  const router = createMemoryRouter(
    [
      {
        Component: RootLayout,
        children: [
          {
            path: '/',
            element: (
              <>
                <Link href="https://students.example.org/portal" external>
                  Student Portal
                </Link>
                <Link href="/tutoring?tab=students">Tutor Portal</Link>
              </>
            ),
          },
          { path: '/tutoring', element: <p>Tutoring page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  await act(async () => {
    render(withServices(services, <RouterProvider router={router} />));
  });
  return router;
}

describe('RootLayout links', () => {
  it('keeps an absolute URL as it is', async () => {
    await renderLinks();
    expect(screen.getByRole('link', { name: /Student Portal/ }).getAttribute('href')).toBe(
      'https://students.example.org/portal',
    );
  });

  it('navigates in-app links through the router, without a page load', async () => {
    const router = await renderLinks();
    const link = screen.getByRole('link', { name: 'Tutor Portal' });
    expect(link.getAttribute('href')).toBe('/tutoring?tab=students');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/tutoring?tab=students',
    );
    expect(screen.getByText('Tutoring page')).toBeTruthy();
  });
});

const chatScripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src === supportChat.scriptUrl);

/** What the provider's script adds to the page: its bubble (found by the configured selector). */
function addWidgetBubble() {
  const bubble = document.createElement('div');
  bubble.id = 'support-chat-widget';
  document.body.append(bubble);
}

describe('RootLayout and the support chat (§1)', () => {
  async function renderAt(path: string) {
    const page = (name: string) => ({ path: name, element: <p>{name}</p> });
    const router = createMemoryRouter(
      [
        {
          Component: RootLayout,
          children: [
            page('/'),
            page('/credits'),
            page('/tutoring'),
            page('/tutoring/messenger'),
            page('/onboarding'),
          ],
        },
      ],
      { initialEntries: [path] },
    );
    await act(async () => {
      render(withServices(services, <RouterProvider router={router} />));
    });
    const navigate = (to: string) =>
      act(async () => {
        await router.navigate(to);
      });
    return { router, navigate };
  }

  it('injects the chat on a tutoring route and keeps one script across tutoring routes', async () => {
    const { navigate } = await renderAt('/tutoring');
    expect(chatScripts()).toHaveLength(1);
    await navigate('/tutoring/messenger');
    expect(chatScripts()).toHaveLength(1);
  });

  it('removes the script and the widget on leaving the tutoring routes, and brings them back', async () => {
    const { navigate } = await renderAt('/tutoring');
    addWidgetBubble();
    await navigate('/credits');
    expect(chatScripts()).toHaveLength(0);
    expect(document.querySelector(supportChat.widgetSelector)).toBeNull();
    await navigate('/tutoring/messenger');
    expect(chatScripts()).toHaveLength(1);
  });

  it('never injects it on the other routes', async () => {
    const { navigate } = await renderAt('/');
    expect(chatScripts()).toHaveLength(0);
    await navigate('/onboarding');
    await navigate('/credits');
    expect(chatScripts()).toHaveLength(0);
  });

  it('removes it when the app unmounts', async () => {
    await renderAt('/tutoring');
    expect(chatScripts()).toHaveLength(1);
    cleanup();
    expect(chatScripts()).toHaveLength(0);
  });
});
