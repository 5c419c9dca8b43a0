/* global self */
/* Web Push, imported by the generated service worker: shows what the server sends (title, body,
   tag, url, and the icon of the site the push is of) and opens its screen on a tap, in an open
   window of the app when there is one. */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  // the site's icon, on this origin only; the app's own when a push names none
  const icon = typeof data.icon === 'string' && data.icon.startsWith('/') && !data.icon.startsWith('//') ? data.icon : '/icons/icon-192.png';
  event.waitUntil(
    self.registration.showNotification(data.title || '', {
      body: data.body || '',
      tag: data.tag,
      icon,
      // the small status-bar glyph: Android draws only its alpha, so a full-colour icon would be a white square
      badge: '/icons/badge-96.png',
      data: { url: typeof data.url === 'string' ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin);
  // only the app's own screens
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => 'focus' in w);
      if (open) {
        // a browser may refuse the focus (no user activation): the window still goes to the screen
        await open.focus().catch(() => undefined);
        if (open.url !== url.href && 'navigate' in open) return open.navigate(url.href).catch(() => self.clients.openWindow(url.href));
        return open;
      }
      return self.clients.openWindow(url.href);
    })(),
  );
});
