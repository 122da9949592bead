// A job's page (templates/jobs/job.html) updates itself while the job waits or runs: every two
// seconds it reads the page again and swaps the job's card, until the job is done or failed.
// (No <meta refresh>: a whole page reloaded every two seconds moves the reader's place and focus.)
(function () {
  "use strict";
  var card = document.getElementById("job");
  if (!card) return;
  function pending(el) {
    return el && (el.dataset.status === "queued" || el.dataset.status === "running") && !el.dataset.stuck;
  }
  function poll() {
    fetch(location.href, {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, "text/html");
        var next = fresh.getElementById("job");
        if (!next) return;
        if (next.innerHTML !== card.innerHTML) {
          card.innerHTML = next.innerHTML;
          card.dataset.status = next.dataset.status;
          if (next.dataset.stuck) card.dataset.stuck = next.dataset.stuck;
        }
        var note = document.getElementById("job-note");
        if (note && !pending(next)) note.remove();
        if (pending(next)) setTimeout(poll, 2000);
      })
      .catch(function () { setTimeout(poll, 4000); });   // no connection: try again, a little later
  }
  if (pending(card)) setTimeout(poll, 2000);
})();
