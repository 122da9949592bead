// ginscore's service worker (served as /sw.js, scope: the whole site). It keeps a table's
// pages usable through a network drop: the score pad (a partnership's table page) and the hand
// entry page of every match opened on this phone are answered from the network when it
// answers, else from the copy kept at the last visit; the scripts and styles are kept at
// install. Everything else (the live polling, saves, other pages) goes to the network as if
// there were no worker.
// Hands typed offline wait in the page's outbox (static/ginscore/outbox.js), not here.
// A kept page belongs to whom it was drawn for: every answer names its viewer
// (X-Ginscore-Viewer, ginscore/club/viewer.py: the browser's session, "" with none); the
// worker remembers the viewer of the latest page it saw and shows a kept copy only to that
// same viewer, never to the next person on a shared tablet. Log-out drops every kept page
// (the page's logout.js asks: {forget: true}; the log-out answer's Clear-Site-Data does too).
"use strict";
var VERSION = "ginscore-__VERSION__";
var PRECACHE = {{ precache|safe }};
var STATIC = {{ static_url|safe }};
var TABLE_PAGE = /^\/matches\/\d+\/(tables\/[12]\/)?(hands\/new\/)?$/;   // a partnership's table pages too
var VIEWER_HEADER = "X-Ginscore-Viewer";
var VIEWER_KEY = "/__ginscore/viewer";   // where the current viewer is kept (the worker may be restarted offline)
var viewer = null;                       // the current viewer, once known

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(VERSION).then(function (cache) { return cache.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("ginscore-") === 0 && n !== VERSION; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function tablePage(url) {
  return url.origin === self.location.origin && TABLE_PAGE.test(url.pathname);
}

// The viewer an answer was drawn for becomes the current one (kept for a restart offline).
function note(response) {
  if (!response || response.type !== "basic" || !response.headers.has(VIEWER_HEADER)) return Promise.resolve();
  var now = response.headers.get(VIEWER_HEADER);
  if (now === viewer) return Promise.resolve();
  viewer = now;
  return caches.open(VERSION).then(function (cache) {
    return cache.put(self.location.origin + VIEWER_KEY, new Response(now, {headers: {"Content-Type": "text/plain"}}));
  });
}

function currentViewer() {
  if (viewer !== null) return Promise.resolve(viewer);
  return caches.match(self.location.origin + VIEWER_KEY).then(function (hit) {
    return hit ? hit.text() : null;   // unknown: no kept page is shown
  }).then(function (text) { if (viewer === null) viewer = text; return text; });
}

// A table page as the server drew it: kept under its path (no query) with its viewer, never a
// redirect or an error.
function keep(request, response) {
  note(response);
  if (!response || !response.ok || response.redirected || response.type !== "basic") return response;
  var copy = response.clone();
  var url = new URL(request.url);
  caches.open(VERSION).then(function (cache) { return cache.put(url.origin + url.pathname, copy); });
  return response;
}

// The kept copy of a table page, if it was drawn for the current viewer; another's is dropped.
function keptFor(url) {
  var key = url.origin + url.pathname;
  return Promise.all([caches.match(key, {ignoreVary: true}), currentViewer()]).then(function (found) {
    var hit = found[0], now = found[1];
    if (!hit) return null;
    if (now === null || hit.headers.get(VIEWER_HEADER) !== now) {
      return caches.open(VERSION).then(function (cache) { return cache.delete(key); }).then(function () { return null; });
    }
    return hit;
  });
}

// Every kept page forgotten (log-out): only the scripts and styles stay.
function forget() {
  viewer = "";
  return caches.open(VERSION).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (r) {
        return new URL(r.url).pathname.indexOf(STATIC) !== 0;
      }).map(function (r) { return cache.delete(r); }));
    });
  });
}

// The kept copy, saying so (X-Ginscore-Copy: kept).
function marked(hit) {
  var headers = new Headers(hit.headers);
  headers.set("X-Ginscore-Copy", "kept");
  return new Response(hit.body, {status: hit.status, statusText: hit.statusText, headers: headers});
}

function offlinePage() {
  return new Response("<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<title>No connection · ginscore</title><h1>No connection to the club's site</h1>" +
    "<p>This phone keeps no copy of this page for you: it was not opened here while the phone had the " +
    "network, or it was opened by someone else (another account, or before a log-out), whose pages are " +
    "never shown to the next person. Try again when the phone is back on the network.</p>",
    {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && tablePage(url)) {
    event.respondWith(fetch(request).then(function (response) { return keep(request, response); })
      .catch(function () {
        return keptFor(url).then(function (hit) { return hit ? marked(hit) : offlinePage(); });
      }));
    return;
  }
  if (request.mode === "navigate") {   // any other page: only to learn whom the pages are for now
    event.respondWith(fetch(request).then(function (response) {
      return note(response).then(function () { return response; });
    }));
    return;
  }
  if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(caches.match(request, {ignoreVary: true}).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(VERSION).then(function (cache) { return cache.put(request, copy); });
        }
        return response;
      });
    }));
  }
});

// A page asks for its table pages to be kept now (the first visit came before the worker), or
// (log-out) for every kept page to be forgotten.
self.addEventListener("message", function (event) {
  if (event.data && event.data.forget) {
    event.waitUntil(forget());
    return;
  }
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(Promise.all(urls.map(function (path) {
    var url = new URL(path, self.location.origin);
    if (!tablePage(url)) return null;
    return fetch(url.href, {credentials: "same-origin"}).then(function (response) {
      return keep(new Request(url.href), response);
    }).catch(function () { return null; });
  })));
});
