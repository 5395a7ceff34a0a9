// Dispatch Rider's service worker (served at /service-worker.js by games.views.installable). It keeps the
// static files (styles, scripts, icons, map layers) for a quick start and offline use of the app shell, and
// never answers a page, a fragment or an API call from a cache: those always come from the server.
"use strict";

const STATIC = "__STATIC_URL__";
const CACHE = "dispatch-rider-static-v1";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// Stale while revalidate, for the static files only: the cached copy now, a fresh one for the next time.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !url.pathname.startsWith(STATIC)) {
    return; // the browser's own fetch: pages, fragments and the API are never cached here
  }
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(event.request).then((cached) => {
        const fresh = fetch(event.request).then((response) => {
          if (response.ok) cache.put(event.request, response.clone());
          return response;
        });
        return cached || fresh;
      }),
    ),
  );
});

// Web Push (notifications.push): the message is the notification's title, words and match page, in the
// reader's language; it carries nothing hidden and no login token. A click opens (or focuses) the match.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || "Dispatch Rider", {
      body: message.body || "",
      lang: message.lang || "",
      tag: message.tag || "dispatch-rider",
      icon: STATIC + "games/icons/icon-192.png",
      data: { url: message.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
