// ginscore's service worker (served as /sw.js, scope: the whole site). It keeps a table's
// pages usable through a network drop: the score pad (a partnership's table page) and the hand
// entry page of every match opened on this phone are answered from the network when it
// answers, else from the copy kept at the last visit or the last live update (live.js's poll of
// a pad that changed keeps the new pad, and the entry page is drawn again with it); the scripts
// and styles are kept at install. Everything else (the saves, other pages) goes to the network as if
// there were no worker.
// Hands typed offline wait in the page's outbox (static/ginscore/outbox.js), not here.
// A kept page belongs to whom it was drawn for: every answer names its viewer
// (X-Ginscore-Viewer, ginscore/club/viewer.py: the browser's session, "" with none); the
// worker remembers the viewer of the latest page it saw and shows a kept copy only to that
// same viewer, never to the next person on a shared tablet. Log-out drops every kept page
// (the page's logout.js asks: {forget: true}; the log-out answer's Clear-Site-Data does too).
// The scripts' catalogue of every language is kept with the scripts (a pad reloaded offline speaks
// its language); the worker's own page (no copy kept) speaks the language of the latest page seen.
// It also shows the club's notifications (Web Push, ginscore/push/: a player who opted in on their
// own page): the site's words as they arrive, and a tap opens the page they name (the player's night).
"use strict";
var VERSION = "ginscore-__VERSION__";
var PRECACHE = {{ precache|safe }};
var STATIC = {{ static_url|safe }};
var ICON = {{ icon|safe }};   // the notifications' icon
var CATALOGUES = {{ catalogues|safe }};   // each language's JavaScript catalogue, by language code
var OFFLINE_WORDS = {{ offline_words|safe }};   // the words of the worker's own page (static/ginscore/sw_words.js)
var TABLE_PAGE = /^\/matches\/\d+\/(tables\/[12]\/)?(hands\/new\/)?$/;   // a partnership's table pages too
var VIEWER_HEADER = "X-Ginscore-Viewer";
var VIEWER_KEY = "/__ginscore/viewer";   // where the current viewer is kept (the worker may be restarted offline)
var LANGUAGE_KEY = "/__ginscore/language";   // and the language of the latest page
var UNTIL_HEADER = "X-Ginscore-Viewer-Until";   // when the viewer's session cookie ends (seconds)
var UNTIL_KEY = "/__ginscore/viewer-until";
// On the worker's own asking for a table page to keep: the site leaves what it said once ("Hand 4
// saved") for the page the phone opens next (ginscore/club/said.py).
var KEPT = {"X-Ginscore-Kept": "1"};
var viewer = null;                       // the current viewer, once known
var language = null;                     // the latest page's language (its Content-Language), once known
var until = null;                        // when the current viewer's session cookie ends ("" unknown), once known

// The words of its own page and each language's catalogue, read once when the worker starts (the
// browser keeps the files with the worker, so a worker started again offline has them): each
// language's own gettext. Without them, English.
var WORDS = {};
try { importScripts(OFFLINE_WORDS); } catch (e) { /* English */ }
Object.keys(CATALOGUES).forEach(function (code) {
  self.django = {};
  try { importScripts(CATALOGUES[code]); WORDS[code] = self.django; } catch (e) { /* English */ }
});
function offlineWords(code) {
  var words = WORDS[code], english = function (msgid) { return msgid; };
  var gettext = words && words.gettext ? words.gettext : english;
  return self.ginscoreOfflineWords ? self.ginscoreOfflineWords(gettext) : {
    title: "No connection to the club's site",
    text: "This phone keeps no copy of this page for you. Try again when the phone is back on the network."
  };
}

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

function remember(key, value) {
  return caches.open(VERSION).then(function (cache) {
    return cache.put(self.location.origin + key, new Response(value, {headers: {"Content-Type": "text/plain"}}));
  });
}

// The viewer an answer was drawn for becomes the current one, and its language the worker's
// (both kept for a restart offline).
function note(response) {
  if (!response || response.type !== "basic") return Promise.resolve();
  var said = (response.headers.get("Content-Language") || "").split(",")[0].trim();
  var learnt = said && said !== language && CATALOGUES[said] ? remember(LANGUAGE_KEY, language = said) : null;
  if (!response.headers.has(VIEWER_HEADER)) return Promise.resolve(learnt);
  var ends = response.headers.get(UNTIL_HEADER) || "";
  if (ends !== until) { until = ends; learnt = Promise.all([learnt, remember(UNTIL_KEY, ends)]); }
  var now = response.headers.get(VIEWER_HEADER);
  if (now === viewer) return Promise.resolve(learnt);
  viewer = now;
  return Promise.all([learnt, remember(VIEWER_KEY, now)]);
}

function currentViewer() {
  var known = viewer !== null ? Promise.resolve(viewer) : caches.match(self.location.origin + VIEWER_KEY).then(function (hit) {
    return hit ? hit.text() : null;   // unknown: no kept page is shown
  }).then(function (text) { if (viewer === null) viewer = text; return viewer; });
  var ends = until !== null ? Promise.resolve(until) : caches.match(self.location.origin + UNTIL_KEY).then(function (hit) {
    return hit ? hit.text() : "";
  }).then(function (text) { if (until === null) until = text; return until; });
  // A session cookie that has ended (no log-out: it expired) leaves no viewer: no kept page is shown.
  return Promise.all([known, ends]).then(function (both) {
    var end = Number(both[1]);
    return both[0] && end && Date.now() / 1000 >= end ? null : both[0];
  });
}

function currentLanguage() {
  if (language !== null) return Promise.resolve(language);
  return caches.match(self.location.origin + LANGUAGE_KEY).then(function (hit) {
    return hit ? hit.text() : "";
  }).then(function (text) { if (language === null) language = text; return language; });
}

// How many times the kept pages were forgotten (a log-out) since the worker started: an answer
// asked for before the last forgetting was drawn for whoever left, and is neither kept nor learnt
// from (its viewer), even when it comes after (a page's keeping or a poll on its way at the log-out).
var forgettings = 0;

// A table page as the server drew it: kept under its path (no query) with its viewer, never a
// redirect or an error. ``asked``: the forgettings when it was asked for (now, if not given).
function keep(request, response, asked) {
  var at = asked === undefined ? forgettings : asked;
  if (at !== forgettings) return response;
  note(response);
  if (!response || !response.ok || response.redirected || response.type !== "basic") return response;
  var copy = response.clone();
  var url = new URL(request.url);
  var key = url.origin + url.pathname;
  caches.open(VERSION).then(function (cache) {
    return cache.put(key, copy).then(function () {
      if (at !== forgettings) return cache.delete(key);   // forgotten while it was being kept
    });
  });
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

// The other table page of the same match (the pad and its entry page), drawn again when one of
// them changed live and the other is kept: a reload offline shows the newest state this phone saw,
// and its entry form numbers the next hand from it.
function refreshKept(url) {
  var path = url.pathname, other = /hands\/new\/$/.test(path) ? path.replace(/hands\/new\/$/, "") : path + "hands/new/";
  var key = url.origin + other, at = forgettings;
  return caches.match(key, {ignoreVary: true}).then(function (hit) {
    if (!hit) return null;
    return fetch(key, {credentials: "same-origin", cache: "no-store", headers: KEPT}).then(function (response) {
      return keep(new Request(key), response, at);
    });
  }).catch(function () { return null; });
}

// Every kept page forgotten (log-out): only the scripts and styles stay.
function forget() {
  forgettings += 1;
  viewer = "";
  until = "";
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

function escaped(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// The page shown for a table page with no copy kept, in the language of the latest page seen.
function offlinePage() {
  return currentLanguage().then(function (code) {
    var words = offlineWords(code);
    code = WORDS[code] ? code : "en";
    return new Response("<!doctype html><html lang='" + code + "'><meta charset=utf-8>" +
      "<meta name=viewport content='width=device-width'><title>" + escaped(words.title) + " · ginscore</title>" +
      "<h1>" + escaped(words.title) + "</h1><p>" + escaped(words.text) + "</p>",
      {status: 503, headers: {"Content-Type": "text/html; charset=utf-8", "Content-Language": code}});
  });
}

// A log-out the club's site has not heard yet (the page's logout.js, offline): {url, csrf}, kept
// for a restart; sent before any request of the site this worker sees, once the network is back.
var LOGOUT_KEY = "/__ginscore/logout";
var leaving;   // undefined: not read yet; null: none

function readLeaving() {
  if (leaving !== undefined) return Promise.resolve(leaving);
  return caches.match(self.location.origin + LOGOUT_KEY).then(function (hit) {
    return hit ? hit.json() : null;
  }).catch(function () { return null; }).then(function (found) {
    if (leaving === undefined) leaving = found;
    return leaving;
  });
}

function keepLeaving(value) {
  leaving = value;
  return caches.open(VERSION).then(function (cache) {
    var key = self.location.origin + LOGOUT_KEY;
    if (!value) return cache.delete(key);
    return cache.put(key, new Response(JSON.stringify(value), {headers: {"Content-Type": "application/json"}}));
  });
}

// The kept log-out sent; the request waits for it (a failure: the network is still down).
function endSession() {
  return readLeaving().then(function (left) {
    if (!left) return null;
    var body = new FormData();
    body.append("csrfmiddlewaretoken", left.csrf);
    return fetch(left.url, {method: "POST", body: body, credentials: "same-origin", cache: "no-store",
                            redirect: "manual", headers: {"X-CSRFToken": left.csrf}})
      .then(function () { return keepLeaving(null); }, function () { return null; });
  });
}

readLeaving();

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A log-out waiting goes first (any request but the scripts'); a worker just started reads
  // whether one waits before the page it opens.
  var first = leaving === undefined && request.mode === "navigate" && request.method === "GET";
  if ((leaving || first) && url.pathname.indexOf(STATIC) !== 0) {
    event.respondWith(endSession().then(function () {
      return answer(request, url) || fetch(request);
    }));
    return;
  }
  var answered = answer(request, url);
  if (answered) event.respondWith(answered);
});

// What the worker answers for a request of the site: a promise of the response, or null (the network's).
function answer(request, url) {
  if (request.method !== "GET") return null;
  if (request.mode === "navigate" && tablePage(url)) {
    var at = forgettings;
    return fetch(request).then(function (response) { return keep(request, response, at); })
      .catch(function () {
        return keptFor(url).then(function (hit) { return hit ? marked(hit) : offlinePage(); });
      });
  }
  // live.js's poll: a newer pad is kept too (not its poll as a visitor, without cookies: that
  // answer is the visitors' page, which is never this phone's)
  if (request.headers.get("X-Live") && tablePage(url) && request.credentials !== "omit") {
    var asked = forgettings;
    return fetch(request).then(function (response) {
      if (response.status === 200) {
        keep(request, response, asked);
        refreshKept(url);
      }
      return response;
    });
  }
  if (request.mode === "navigate") {   // any other page: only to learn whom the pages are for now
    return fetch(request).then(function (response) {
      return note(response).then(function () { return response; });
    });
  }
  if (url.pathname.indexOf(STATIC) === 0) {
    return caches.match(request, {ignoreVary: true}).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(VERSION).then(function (cache) { return cache.put(request, copy); });
        }
        return response;
      });
    });
  }
  return null;
}

// A page asks for its table pages to be kept now (the first visit came before the worker), or
// (log-out) for every kept page to be forgotten.
self.addEventListener("message", function (event) {
  if (event.data && event.data.forget) {
    event.waitUntil(Promise.all([forget(), event.data.logout ? keepLeaving(event.data.logout) : null]));
    return;
  }
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(Promise.all(urls.map(function (path) {
    var url = new URL(path, self.location.origin);
    if (!tablePage(url)) return null;
    var at = forgettings;
    return fetch(url.href, {credentials: "same-origin", headers: KEPT}).then(function (response) {
      return keep(new Request(url.href), response, at);
    }).catch(function () { return null; });
  })));
});

// A notification from the club's site (ginscore/push/send.py): {title, body, url, tag}, written in
// the player's language by the site. A newer one of the same kind and event replaces the older.
self.addEventListener("push", function (event) {
  var said = {};
  try { said = event.data ? event.data.json() : {}; } catch (e) { said = {body: event.data ? event.data.text() : ""}; }
  event.waitUntil(self.registration.showNotification(said.title || "ginscore", {
    body: said.body || "", tag: said.tag || "", renotify: !!said.tag, icon: ICON, lang: said.lang || "",
    data: {url: said.url || "/"}
  }));
});

// A tap on it opens the page it names (a page of this site only), or brings that page forward if it is open.
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) url = new URL("/", self.location.origin);
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (open) {
    var same = open.filter(function (c) { return new URL(c.url).pathname === url.pathname; })[0];
    return same && same.focus ? same.focus() : self.clients.openWindow(url.href);
  }));
});
