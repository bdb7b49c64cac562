import type { Page, Request } from '@playwright/test';

// The portal's default URLs of the third-party scripts (apps/portal/src/config/supportChat.ts and
// socialProof.ts); the e2e stack builds the portal without overriding them, and the server's CSP
// allows their origins in development (SCRIPT_ORIGINS).
export const supportChatScriptUrl = 'https://chat.tutoring.example.org/widget.js';
export const socialProofScriptUrl = 'https://proof.tutoring.example.org/widget.js';

/** The element the stand-in chat script adds, as the real widget adds its bubble. */
export const supportChatWidgetId = 'support-chat-widget';

/**
 * Answers the two third-party scripts with small stand-ins (the machine is offline) and records
 * every request for them. The stand-in chat script adds a bubble with the default selector's id.
 */
export async function stubExternalScripts(page: Page) {
  const requests: { chat: Request[]; socialProof: Request[] } = { chat: [], socialProof: [] };
  await page.route(supportChatScriptUrl, (route) => {
    requests.chat.push(route.request());
    return route.fulfill({
      contentType: 'text/javascript',
      body: `(() => {
        const bubble = document.createElement('div');
        bubble.id = '${supportChatWidgetId}';
        bubble.textContent = 'Chat with support';
        document.body.append(bubble);
      })();`,
    });
  });
  await page.route(socialProofScriptUrl, (route) => {
    requests.socialProof.push(route.request());
    return route.fulfill({
      contentType: 'text/javascript',
      body: 'window.socialProofLoaded = true;',
    });
  });
  return requests;
}

/** Collects the script-src violations of the Content-Security-Policy the page reports. */
export function recordScriptCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (
      message.type() === 'error' &&
      /Content Security Policy/i.test(text) &&
      /script-src/.test(text)
    ) {
      violations.push(text);
    }
  });
  return violations;
}
