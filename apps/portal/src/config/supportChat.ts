import { textFromEnv, urlFromEnv } from './readEnv';

const env = import.meta.env;

export interface SupportChatConfig {
  /** The chat provider's widget script, injected on the tutoring routes only (§1). */
  readonly scriptUrl: string;
  /**
   * CSS selector of the elements the widget adds to the page (its bubble and chat window): they
   * are removed with the script when the visitor leaves the tutoring routes.
   */
  readonly widgetSelector: string;
}

export const supportChat: SupportChatConfig = {
  scriptUrl: urlFromEnv(
    'VITE_SUPPORT_CHAT_SCRIPT_URL',
    env.VITE_SUPPORT_CHAT_SCRIPT_URL,
    'https://chat.tutoring.example.org/widget.js',
  ),
  widgetSelector: textFromEnv(env.VITE_SUPPORT_CHAT_WIDGET_SELECTOR, '#support-chat-widget'),
};
