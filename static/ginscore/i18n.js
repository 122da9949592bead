// The words and numbers of every script in the page's language (docs/translating.md). base.html
// loads the language's catalogue (manage.py compilejsi18n: gettext, ngettext, pgettext,
// interpolate, get_format) then this file, before any other script. Without the catalogue (a
// file the network dropped and the service worker did not keep) the scripts still run, in
// English: every function the catalogue gives is stood in for here by one that returns the
// English it is given, so no script (above all the outbox) ever stops on a missing word.
// ginscoreNumber(n): a number as the page's language writes it (French 1 500, English 1,500),
// the same as the server's intcomma; ginscoreRead(text): that number read back.
(function (root) {
  "use strict";
  if (typeof root.gettext !== "function") {
    root.gettext = function (msgid) { return msgid; };
    root.ngettext = function (singular, plural, count) { return count === 1 ? singular : plural; };
    root.pgettext = function (context, msgid) { return msgid; };
    root.npgettext = function (context, singular, plural, count) { return count === 1 ? singular : plural; };
    root.gettext_noop = function (msgid) { return msgid; };
    root.interpolate = function (fmt, obj, named) {
      if (named) return fmt.replace(/%\(\w+\)s/g, function (m) { return String(obj[m.slice(2, -2)]); });
      return fmt.replace(/%s/g, function () { return String(obj.shift()); });
    };
    root.get_format = function (name) {
      return {DECIMAL_SEPARATOR: ".", THOUSAND_SEPARATOR: ",", NUMBER_GROUPING: 3}[name] || name;
    };
  }

  // A whole number with its thousands grouped (from 1,000 on, as intcomma does).
  root.ginscoreNumber = function (n) {
    var text = String(Math.abs(Math.round(Number(n)))), sep = root.get_format("THOUSAND_SEPARATOR");
    var size = Number(root.get_format("NUMBER_GROUPING")) || 3, out = "";
    while (text.length > size) {
      out = sep + text.slice(-size) + out;
      text = text.slice(0, -size);
    }
    return (Number(n) < 0 ? "-" : "") + text + out;
  };
  // A whole number written by the server or by ginscoreNumber, read back (spaces and separators dropped).
  root.ginscoreRead = function (text) {
    var digits = String(text || "").replace(/[^\d-]/g, "");
    return digits ? Number(digits) : 0;
  };
})(window);
