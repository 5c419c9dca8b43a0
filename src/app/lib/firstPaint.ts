/**
 * Work the first screen does not need (the service worker, the live channel, the preload list)
 * starts once that screen has painted, so it neither competes with it for the network and the
 * main thread nor delays it; at the latest a few seconds after start (a guard's alert may hold
 * the first screen back).
 */
let painted: () => void = () => undefined;
export const firstPaint = new Promise<void>((resolve) => {
  painted = resolve;
  setTimeout(resolve, 3_000);
});

/** Called once the router has rendered its first page: resolves after the frame that shows it. */
export function markPainted() {
  requestAnimationFrame(() => setTimeout(painted));
}
