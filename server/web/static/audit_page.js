// The audit page: reads a chosen or dropped file locally (FileReader, never uploaded), runs
// PbemAudit.audit on it and says what held (never `pbem audit`'s PASS or INCOMPLETE: the page
// does not replay the rules), FAIL naming the entry, or UNSUPPORTED (a log it cannot check); and runs the known-answer vectors
// (vectors.json, computed by the Python reference) in this browser.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const list = (id, items) => {
    const ul = $(id);
    for (const text of items) {
      const li = document.createElement("li");
      li.textContent = text;
      ul.appendChild(li);
    }
  };
  // "1 entry", "2 entries": a count and its noun, singular or plural.
  const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  // What PbemAudit.audit counted, in words. Entries and signatures mean what `pbem audit` counts
  // under those words (protocol/chain_check.py). Its "commitments" are another thing: every
  // commitment the rules replay recomputes (each step's state and events, the seed, the secrets);
  // this page replays no rules, so it counts only the seed's and the secrets' commitments it
  // checked, and names them so, never as bare "commitments" beside the CLI's number.
  const countsText = (c) => [
    count(c.entries, "entry", "entries"),
    count(c.signatures, "signature", "signatures"),
    count(c.commitments, "seed or secret commitment checked", "seed and secret commitments checked"),
    count(c.rng_keys, "RNG key derived", "RNG keys derived"),
    count(c.tokens, "email token", "email tokens"),
    ...(c.standing ? [count(c.standing, "move", "moves") + " played by standing answers (server-attested)"] : []),
  ].join(", ");
  list("checks", PbemAudit.CHECKS);
  list("not-checked", PbemAudit.NOT_CHECKED);

  async function check(file) {
    const verdict = $("verdict");
    verdict.hidden = false;
    verdict.className = "verdict";
    verdict.textContent = `Checking ${file.name} ...`;
    const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : file.contents;
    // the engines and versions this server's pbem ships (audit.html): a log made with others is UNSUPPORTED
    const pairs = JSON.parse($("drop").dataset.engines || "null");  // [[engine id, [version, ...]], ...] in order
    const known = pairs && Object.fromEntries(pairs);
    const result = await PbemAudit.audit(bytes, (text) => { $("progress").textContent = text; }, known);
    $("progress").textContent = "";
    // The page's own words: PASS and INCOMPLETE are `pbem audit`'s verdicts, which replay the
    // rules; this page does not, so it never says them (a verdict states only what was checked).
    // A FAIL is a fault found: the log fails whatever else is checked. UNSUPPORTED is a log
    // this pbem cannot check (another format, engine, engine version or entry type): no fault.
    const word = PbemAudit.pageWord(result);
    verdict.className = `verdict ${word.toLowerCase()}`;
    verdict.dataset.verdict = word;
    verdict.dataset.entry = result.entry === undefined || result.entry === null ? "" : String(result.entry);
    verdict.textContent = ["FAIL", "UNSUPPORTED"].includes(word) ? `${word}: ${result.reason}` : `${result.reason}.`;
    $("counts").textContent = `Checked in ${result.ms.toFixed(0)} ms: ${countsText(result.counts)}` +
      (result.game ? ` (game ${result.game}).` : ".");
    $("counts").dataset.ms = String(result.ms);
    $("details").hidden = false;
  }

  $("file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) check(file);
  });
  const drop = $("drop");
  drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    const file = event.dataTransfer.files[0];
    if (file) check(file);
  });

  // A game page's link (?game=ID): this server's export of that game, checked here as a file is.
  const game = new URLSearchParams(window.location.search).get("game");
  if (game && /^[0-9a-f]{16}$/.test(game)) {
    (async () => {
      const answer = await fetch(`/g/${game}/export.json`, { credentials: "omit" });
      if (!answer.ok) {
        $("verdict").hidden = false;
        $("verdict").textContent = `This server has no public game ${game}.`;
        return;
      }
      check({ name: `the export of game ${game}`, contents: new Uint8Array(await answer.arrayBuffer()) });
    })();
  }

  // -- the known-answer vectors ---------------------------------------------------------------
  const C = PbemCrypto;
  const enc = new TextEncoder();
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  async function run(v) {
    switch (v.kind) {
      case "canonical": {
        const data = C.canonical(C.parseStrict(enc.encode(v.text)));
        return C.hex(data) === v.want && (await C.sha256Hex(data)) === v.sha256;
      }
      case "refused":
        try { C.canonical(C.parseStrict(enc.encode(v.text))); return false; } catch (e) { return true; }
      case "commit":
        return (await C.commit(C.TAG[v.tag], v.value, v.salt)) === v.want;
      case "seeded": {
        const seed = C.unhex(v.seed);
        const got = v.fn === "seed_commit" ? await C.seedCommit(seed) : await C.seeded[v.fn](seed, ...v.args);
        return (typeof got === "string" ? got : C.hex(got)) === v.want;
      }
      case "rng": {
        const rng = new C.Rng(C.unhex(v.key));
        const got = [];
        for (const [fn, arg] of v.calls) {
          if (fn === "randbytes") got.push(C.hex(await rng.randbytes(arg)));
          else if (fn === "shuffle") { const items = [...arg]; await rng.shuffle(items); got.push(items); }
          else got.push(await rng[fn](arg));
        }
        return same(got, v.want);
      }
      case "signature": {
        const tag = v.tag ? C.TAG[v.tag] : "";
        return (await C.verify(v.key, tag, C.unhex(v.message), v.sig)) === v.want;
      }
      case "entry_hash": {
        const copy = { ...v.entry };
        delete copy.sig;
        return (await C.sha256Hex(C.canonical(copy))) === v.want;
      }
      case "weak_key":
        return C.isPublicKeyHex(v.key) === v.want;
      case "nonce":
        return C.hex(await C.hmac(C.unhex(v.key), C.concat(v.label, C.canonical(v.value)))) === v.want;
      default:
        return false;
    }
  }

  $("run-vectors").addEventListener("click", async () => {
    const url = $("run-vectors").dataset.url;
    const data = await (await fetch(url, { credentials: "omit" })).json();
    const body = $("vectors").querySelector("tbody");
    body.textContent = "";
    let passed = 0;
    for (const v of data.vectors) {
      let ok = false;
      try { ok = await run(v); } catch (e) { ok = false; }
      if (ok) passed++;
      const row = body.insertRow();
      row.insertCell().textContent = v.name;
      const cell = row.insertCell();
      cell.textContent = ok ? "pass" : "FAIL";
      row.dataset.ok = String(ok);
    }
    $("vectors").hidden = false;
    const summary = $("vectors-summary");
    summary.textContent = `${passed} of ${data.vectors.length} vectors pass in this browser.`;
    summary.dataset.passed = String(passed);
    summary.dataset.total = String(data.vectors.length);
  });
})();
