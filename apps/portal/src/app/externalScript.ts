// Third-party scripts the portal loads by URL from src/config (the support chat, the social-proof
// widget). They are added as async script elements, so they never block rendering, and they are
// not part of our bundle (or of its size budget).

/** The data attribute that marks a script element the portal added, with a name for it. */
export const externalScriptAttribute = 'data-external-script';

function scriptSelector(name: string): string {
  return `script[${externalScriptAttribute}="${name}"]`;
}

/** Adds `<script async src>` to the head once; a second call with the same name does nothing. */
export function addExternalScript(name: string, src: string, doc: Document = document): void {
  if (doc.head.querySelector(scriptSelector(name))) return;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.setAttribute(externalScriptAttribute, name);
  doc.head.append(script);
}

/** Removes the script element added under `name`, if any. */
export function removeExternalScript(name: string, doc: Document = document): void {
  for (const script of doc.querySelectorAll(scriptSelector(name))) script.remove();
}
