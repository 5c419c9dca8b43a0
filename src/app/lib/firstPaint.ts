/**
 * Work the first screen does not need (the service worker, the live channel, the preload list)
 * starts once that screen is on screen, so it neither competes with it for the network and the
 * main thread nor delays it; at the latest a few seconds after start (a guard's alert may hold
 * the first screen back).
 */
let painted: () => void = () => undefined;
export const firstPaint = new Promise<void>((resolve) => {
  painted = resolve;
  setTimeout(resolve, 3_000);
});

/** Calls back once the browser reports its first contentful paint as shown (two frames on, where it reports none). */
function onContentfulPaint(then: () => void) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => requestAnimationFrame(then));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Called once the router has rendered its first page. The paint entry arrives only after the frame
 * is presented: a request sent any earlier would share the network with the first screen's picture.
 */
export function markPainted() {
  onContentfulPaint(() => setTimeout(painted));
}
