/**
 * react-aria announces a Button's pending state through a hidden live region in <body>: a
 * `role="img"` node labelled by the button, removed 7 s later. When a story unmounts (or the
 * button goes away) sooner, the node points at nothing and axe reports role-img-alt on the
 * next story. Stories call this before and after they run to drop such orphans.
 */
export function removeOrphanedAnnouncements(): void {
  for (const node of document.querySelectorAll('[role="img"][aria-labelledby]')) {
    const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (ids.every((id) => document.getElementById(id) === null)) node.remove();
  }
}

/** A story `beforeEach`: cleans up before the story and again when it unmounts. */
export function cleanUpAnnouncements(): () => void {
  removeOrphanedAnnouncements();
  return removeOrphanedAnnouncements;
}

/**
 * react-aria delays the first announcement of a page by 100 ms: wait for it to land, then drop
 * the orphans. For the end of a play function whose button left its pending state.
 */
export async function settleAnnouncements(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  removeOrphanedAnnouncements();
}
