// The game page's two scripts, both optional (the page works without JavaScript):
// the arrow keys step through a replay by following its links, and a running game's page
// polls the head and reloads only when the log has moved.
"use strict";

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  const rel = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
  if (!rel) return;
  const link = document.querySelector(`nav.steps a[rel="${rel}"]`);
  if (link) {
    event.preventDefault();
    window.location.assign(link.href);
  }
});

(function poll() {
  const body = document.body;
  const url = body.dataset.pollUrl;
  if (!url) return;
  const seq = Number(body.dataset.pollSeq);
  const seconds = Math.max(1, Number(body.dataset.pollSeconds) || 10);
  const live = document.getElementById("live");
  const ask = async () => {
    try {
      const answer = await fetch(url, { cache: "no-store", credentials: "omit" });
      if (answer.ok) {
        const head = await answer.json();
        if (head.seq !== seq) {
          if (live) live.textContent = "The game moved: reloading ...";
          window.location.reload();
          return;
        }
      }
    } catch (err) {
      // the server is away for a moment: ask again later
    }
    window.setTimeout(ask, seconds * 1000);
  };
  window.setTimeout(ask, seconds * 1000);
})();
