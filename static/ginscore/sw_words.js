// The words of the service worker's own page (ginscore/club/templates/club/sw.js: a table page
// with no copy kept on this phone), here among the scripts so they are gathered into the
// scripts' catalogue (locale/). The worker reads this file and each language's catalogue once,
// when it starts, and asks for the words with the gettext of the latest page's language.
self.ginscoreOfflineWords = function (gettext) {
  return {
    title: gettext("No connection to the club's site"),
    text: gettext("This phone keeps no copy of this page for you: it was not opened here while the phone had the " +
                  "network, or it was opened by someone else (another account, or before a log-out), whose pages " +
                  "are never shown to the next person. Try again when the phone is back on the network.")
  };
};
