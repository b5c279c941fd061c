// The admin's service worker: shows the push notifications the server sends (server/src/push.ts: a JSON payload
// { id, title, body, url, data }) and opens their page on a click. It caches nothing: the admin works online.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Conjunto', {
      body: message.body || '',
      // The same notification delivered twice (a retry) replaces itself instead of showing twice.
      tag: message.id || undefined,
      data: { url: message.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only this admin's own pages.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin !== target.origin) continue;
        await client.focus();
        if ('navigate' in client) return client.navigate(target.href).catch(() => self.clients.openWindow(target.href));
        return undefined;
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
