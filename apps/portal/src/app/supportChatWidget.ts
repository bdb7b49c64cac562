import { useEffect } from 'react';
import { supportChat } from '../config/supportChat';
import { type PageWidget, usePortalServices } from '../lib/services/portalServices';
import { addExternalScript, removeExternalScript } from './externalScript';

const scriptName = 'support-chat';

/** §1: the support chat bubble belongs to the routes whose path contains 'tutoring', and no others. */
export function isSupportChatPath(pathname: string): boolean {
  return pathname.includes('tutoring');
}

export function showSupportChat(doc: Document = document): void {
  addExternalScript(scriptName, supportChat.scriptUrl, doc);
}

/** Removes the widget's script and everything the widget added to the page (bubble, chat window). */
export function removeSupportChat(doc: Document = document): void {
  removeExternalScript(scriptName, doc);
  for (const element of doc.querySelectorAll(supportChat.widgetSelector)) element.remove();
}

/** The support chat as the product's services show it. */
export const supportChatWidget: PageWidget = {
  show: () => showSupportChat(),
  hide: () => removeSupportChat(),
};

/** Keeps the support chat on the page exactly while `pathname` is a tutoring route. */
export function useSupportChatWidget(pathname: string): void {
  const { supportChat: widget } = usePortalServices();
  const wanted = isSupportChatPath(pathname);
  useEffect(() => {
    if (!wanted) return;
    widget.show();
    return () => widget.hide();
  }, [wanted, widget]);
}
