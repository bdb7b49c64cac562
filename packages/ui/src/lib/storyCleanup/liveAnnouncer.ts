/**
 * react-aria announces a Button's pending state through a hidden live region in <body>: a
 * `role="img"` node labelled by the button, removed 7 s later. When a story unmounts (or the
 * button goes away) sooner, the node points at nothing and axe reports role-img-alt on the
 * next story. Stories call this before and after they run to drop such orphans.
 */
export function removeOrphanedAnnouncements(): number {
  let removed = 0;
  for (const node of document.querySelectorAll('[role="img"][aria-labelledby]')) {
    const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (ids.every((id) => document.getElementById(id) === null)) {
      node.remove();
      removed += 1;
    }
  }
  return removed;
}

/** A story `beforeEach`: cleans up before the story and again when it unmounts. */
export function cleanUpAnnouncements(): () => void {
  removeOrphanedAnnouncements();
  return removeOrphanedAnnouncements;
}

/**
 * react-aria delays an announcement by 100 ms, and on a loaded machine its timer fires later still:
 * for the end of a play function whose button left its pending state (or the page), drop orphans
 * as they land, until one has landed or a second has passed.
 */
export async function settleAnnouncements(): Promise<void> {
  for (let waited = 0; waited < 1_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (removeOrphanedAnnouncements() > 0 && waited >= 100) return;
  }
}
