// companion's service worker (companion/install.py): keeps the app's shell, shows the offline
// page when the host does not answer a page. Writes, the news stream and the live refreshes
// go to the host as they are (a write that could not be sent is companion.js's to retry).
var CACHE = {{ cache|tojson }}, SHELL = {{ shell|tojson }}, OFFLINE = {{ offline|tojson }};
self.addEventListener("install", function (evt) {
  evt.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(SHELL.concat([OFFLINE]));
  }).then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (evt) {
  evt.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});
// The offline page is kept in the language of the last page seen.
function keepOffline(language) {
  if (!language) { return; }
  caches.open(CACHE).then(function (cache) {
    return cache.match(OFFLINE).then(function (kept) {
      if (!kept || kept.headers.get("Content-Language") !== language) {
        return fetch(OFFLINE + "?lang=" + encodeURIComponent(language)).then(function (page) {
          if (page.ok) { return cache.put(OFFLINE, page); }
        });
      }
    });
  }).catch(function () { /* the host went away meanwhile: the kept page stays */ });
}
self.addEventListener("fetch", function (evt) {
  var request = evt.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate") {
    evt.respondWith(fetch(request).then(function (page) {
      keepOffline(page.headers.get("Content-Language"));
      return page;
    }, function () {
      return caches.match(OFFLINE);
    }));
  } else if (/^\/(static|vendor)\//.test(url.pathname) && url.searchParams.has("v")) {
    evt.respondWith(caches.match(request).then(function (kept) {  // versioned: never changes
      return kept || fetch(request).then(function (answer) {
        if (answer.ok) {
          var copy = answer.clone();
          caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
        }
        return answer;
      });
    }));
  }
});
