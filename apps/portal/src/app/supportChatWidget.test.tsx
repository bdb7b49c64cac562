import { cleanup } from '@testing-library/react';
import type { Window as HappyDomWindow } from 'happy-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { supportChat } from '../config/supportChat';
import { isSupportChatPath, removeSupportChat, showSupportChat } from './supportChatWidget';

const chatScripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src === supportChat.scriptUrl);

/** What the provider's script would add: its bubble. */
function addWidgetBubble() {
  const bubble = document.createElement('div');
  bubble.id = 'support-chat-widget';
  document.body.append(bubble);
}

beforeAll(() => {
  // These tests look at the script element: happy-dom must not download the provider's script.
  const { settings } = (window as unknown as HappyDomWindow).happyDOM;
  settings.disableJavaScriptFileLoading = true;
  settings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(() => {
  cleanup();
  removeSupportChat();
});

describe('isSupportChatPath', () => {
  it("is true for every path that contains 'tutoring', and only those (§1)", () => {
    expect(isSupportChatPath('/tutoring')).toBe(true);
    expect(isSupportChatPath('/tutoring/messenger')).toBe(true);
    expect(isSupportChatPath('/tutoring/learning-pathway/rec1')).toBe(true);
    expect(isSupportChatPath('/')).toBe(false);
    expect(isSupportChatPath('/onboarding')).toBe(false);
    expect(isSupportChatPath('/auth/google')).toBe(false);
  });
});

describe('showSupportChat and removeSupportChat', () => {
  it('add the async script once, then remove it with the widget it created', () => {
    showSupportChat();
    showSupportChat();
    expect(chatScripts()).toHaveLength(1);
    expect(chatScripts()[0]?.async).toBe(true);
    addWidgetBubble();
    removeSupportChat();
    expect(chatScripts()).toHaveLength(0);
    expect(document.querySelector(supportChat.widgetSelector)).toBeNull();
  });
});
