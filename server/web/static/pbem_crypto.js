// The protocol's primitives in the browser, exactly as docs/PROTOCOL.md defines them:
// strict JSON reading (one reading per file), RFC 8785 canonical JSON, SHA-256 and HMAC
// (WebCrypto), Ed25519 verification (WebCrypto) with the weak keys and signatures refused
// that protocol/keys.py refuses, commitments, the seed's salts and RNG keys, and the Rng.
// Plain JavaScript, no library: nothing is fetched from anywhere but this server.
"use strict";

const PbemCrypto = (() => {
  const enc = new TextEncoder();
  const INT_MAX = 2 ** 53 - 1;
  const MAX_DEPTH = 64;

  class NotCanonical extends Error {}
  class NotStrict extends Error {}

  // A number JSON holds but JavaScript cannot keep exactly (an integer beyond 2**53): it has
  // no canonical form (canonical() refuses it, as the Python side does).
  class Inexact { constructor(text) { this.text = text; } }

  const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

  // -- strict JSON: refuses what protocol.canonical.loads_strict refuses ------------------
  function parseStrict(bytes) {
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch (e) {
      throw new NotStrict("the text is not UTF-8");
    }
    let i = 0;
    const ws = () => { while (i < text.length && " \t\n\r".includes(text[i])) i++; };
    const fail = (why) => { throw new NotStrict(`not valid JSON: ${why} at character ${i}`); };
    const value = (depth) => {
      ws();
      const c = text[i];
      if (c === "{" || c === "[") {
        if (depth + 1 > MAX_DEPTH) throw new NotStrict(`nested deeper than ${MAX_DEPTH} arrays or objects`);
        i++;
        ws();
        if (c === "[") {
          const out = [];
          if (text[i] === "]") { i++; return out; }
          for (;;) {
            out.push(value(depth + 1));
            ws();
            if (text[i] === ",") { i++; continue; }
            if (text[i] === "]") { i++; return out; }
            fail("expected , or ]");
          }
        }
        const out = Object.create(null);
        if (text[i] === "}") { i++; return out; }
        for (;;) {
          ws();
          if (text[i] !== '"') fail("expected a key");
          const key = string();
          if (Object.prototype.hasOwnProperty.call(out, key)) {
            throw new NotStrict(`the key ${JSON.stringify(key).slice(0, 40)} appears twice in one object`);
          }
          ws();
          if (text[i] !== ":") fail("expected :");
          i++;
          out[key] = value(depth + 1);
          ws();
          if (text[i] === ",") { i++; continue; }
          if (text[i] === "}") { i++; return out; }
          fail("expected , or }");
        }
      }
      if (c === '"') return string();
      if (text.startsWith("true", i)) { i += 4; return true; }
      if (text.startsWith("false", i)) { i += 5; return false; }
      if (text.startsWith("null", i)) { i += 4; return null; }
      const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
      if (!m || !m[0]) fail("unexpected character");
      i += m[0].length;
      const n = Number(m[0]);
      if (!Number.isFinite(n)) throw new NotStrict(`the number ${m[0].slice(0, 30)} is too large for a float`);
      if (!m[2] && !m[3] && Math.abs(n) > INT_MAX) return new Inexact(m[0]);
      return n;
    };
    const string = () => {
      const start = i;
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === "\\") i++;
        else if (text.charCodeAt(i) < 0x20) fail("a control character in a string");
        i++;
      }
      if (i >= text.length) fail("an unterminated string");
      i++;
      let s;
      try { s = JSON.parse(text.slice(start, i)); } catch (e) { fail("a bad escape in a string"); }
      if (LONE.test(s)) throw new NotStrict("a string holds a lone surrogate (not Unicode text)");
      return s;
    };
    const out = value(0);
    ws();
    if (i !== text.length) fail("extra data after the value");
    return out;
  }

  // -- RFC 8785 ----------------------------------------------------------------------------
  function canonicalText(v) {
    if (v === null) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (v instanceof Inexact) throw new NotCanonical(`the integer ${v.text.slice(0, 30)} has no canonical form`);
    if (typeof v === "number") {
      if (!Number.isFinite(v)) throw new NotCanonical("NaN and infinities have no canonical form");
      // (an integer beyond 2**53 in the file was read as an Inexact: a float here is a float)
      return String(v);  // ECMAScript Number.prototype.toString: exactly RFC 8785's numbers
    }
    if (typeof v === "string") return quote(v);
    if (Array.isArray(v)) return "[" + v.map(canonicalText).join(",") + "]";
    if (typeof v === "object") {
      const keys = Object.keys(v).sort();  // UTF-16 code unit order, as RFC 8785 says
      return "{" + keys.map((k) => quote(k) + ":" + canonicalText(v[k])).join(",") + "}";
    }
    throw new NotCanonical(`a ${typeof v} has no canonical form`);
  }

  const SHORT = { 0x22: '\\"', 0x5c: "\\\\", 0x08: "\\b", 0x09: "\\t", 0x0a: "\\n", 0x0c: "\\f", 0x0d: "\\r" };
  function quote(s) {
    if (LONE.test(s)) throw new NotCanonical("a lone surrogate has no canonical form");
    let out = '"';
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (SHORT[c]) out += SHORT[c];
      else if (c < 0x20) out += "\\u" + c.toString(16).padStart(4, "0");
      else out += s[k];
    }
    return out + '"';
  }

  const canonical = (v) => enc.encode(canonicalText(v));

  // -- bytes, hashes, HMAC -----------------------------------------------------------------
  const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
  const HEX = /^[0-9a-f]*$/;
  function unhex(s) {
    if (typeof s !== "string" || s.length % 2 || !HEX.test(s)) throw new Error("not lowercase hex");
    const out = new Uint8Array(s.length / 2);
    for (let k = 0; k < out.length; k++) out[k] = parseInt(s.slice(2 * k, 2 * k + 2), 16);
    return out;
  }
  const concat = (...parts) => {
    const all = parts.map((p) => (typeof p === "string" ? enc.encode(p) : p));
    const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of all) { out.set(p, at); at += p.length; }
    return out;
  };
  const sha256 = async (bytes) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const sha256Hex = async (bytes) => hex(await sha256(bytes));
  async function hmac(key, message) {
    const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return new Uint8Array(await crypto.subtle.sign("HMAC", k, message));
  }

  // -- Ed25519 with the weak encodings refused (PROTOCOL.md section 4) ---------------------
  const P = 2n ** 255n - 19n;
  const L = 2n ** 252n + 27742317777372353535851937790883648493n;
  const Y8 = 2707385501144840649318225287225658788936804267575313519463743609750303402022n;
  const SMALL = [0n, 1n, P - 1n, Y8, P - Y8];
  const le = (bytes) => bytes.reduceRight((n, b) => (n << 8n) | BigInt(b), 0n);
  const pointY = (enc32) => le(enc32) & ((1n << 255n) - 1n);
  const strongPoint = (enc32) => {
    if (enc32.length !== 32) return false;
    const y = pointY(enc32);
    return y < P && !SMALL.includes(y % P);
  };
  const isPublicKeyHex = (v) => typeof v === "string" && /^[0-9a-f]{64}$/.test(v) && strongPoint(unhex(v));
  const strongSignature = (sig) => sig.length === 64 && strongPoint(sig.slice(0, 32)) && le(sig.slice(32)) < L;

  const keys = new Map();
  async function verify(publicHex, tag, message, signatureHex) {
    if (typeof signatureHex !== "string" || !/^[0-9a-f]{128}$/.test(signatureHex)) return false;
    if (!isPublicKeyHex(publicHex)) return false;
    const sig = unhex(signatureHex);
    if (!strongSignature(sig)) return false;
    let key = keys.get(publicHex);
    if (!key) {
      try {
        key = await crypto.subtle.importKey("raw", unhex(publicHex), { name: "Ed25519" }, false, ["verify"]);
      } catch (e) {
        return false;
      }
      keys.set(publicHex, key);
    }
    try {
      return await crypto.subtle.verify("Ed25519", key, sig, concat(tag, message));
    } catch (e) {
      return false;
    }
  }

  // -- commitments, seed, salts, RNG keys (sections 6 and 7) -------------------------------
  const TAG = {
    entry: "pbem/v1/entry\n", move: "pbem/v1/move\n", join: "pbem/v1/join\n", request: "pbem/v2/request\n",
    event: "pbem/v1/event\n", state: "pbem/v1/state\n", secret: "pbem/v1/secret\n", view: "pbem/v1/view\n",
    answers: "pbem/v1/answers\n",
  };
  const commit = async (tag, value, saltHex) => sha256Hex(concat(tag, canonical(value), unhex(saltHex)));
  const seedCommit = async (seed) => sha256Hex(seed);
  const derive = async (seed, label) => hex(await hmac(seed, enc.encode(label)));
  const seeded = {
    eventSalt: (seed, seq, index) => derive(seed, `pbem/v1/salt/event/${seq}/${index}`),
    stateSalt: (seed, seq) => derive(seed, `pbem/v1/salt/state/${seq}`),
    viewSalt: (seed, seq, seat) => derive(seed, `pbem/v1/salt/view/${seq}/${seat}`),
    secretSalt: (seed, seq) => derive(seed, `pbem/v1/salt/secret/${seq}`),
    setupKey: async (seed, nonces) => hmac(seed, concat("pbem/v1/rng/setup\n", canonical(nonces))),
    moveKey: async (seed, seq, nonce) => hmac(seed, concat("pbem/v1/rng/move\n", canonical({ nonce, seq }))),
    timeoutKey: async (seed, seq) => hmac(seed, concat("pbem/v1/rng/timeout\n", canonical({ seq }))),
    emailKey: async (seed, seq) => hmac(seed, concat("pbem/v1/rng/email\n", canonical({ seq }))),
    standingKey: async (seed, seq) => hmac(seed, concat("pbem/v1/rng/standing\n", canonical({ seq }))),
    moveToken: async (seed, game, seq, prev, seat) =>
      hex((await hmac(seed, concat("pbem/v1/token\n", canonical({ game, prev, seat, seq })))).slice(0, 16)),
  };

  // -- the Rng (section 5): HMAC blocks, bytes consumed strictly in order ------------------
  class Rng {
    constructor(key) { this.key = key; this.block = 0; this.buffer = new Uint8Array(0); }
    async randbytes(n) {
      const out = [];
      while (out.length < n) {
        if (this.buffer.length === 0) {
          const counter = new Uint8Array(8);
          new DataView(counter.buffer).setBigUint64(0, BigInt(this.block++));
          this.buffer = await hmac(this.key, counter);
        }
        const take = Math.min(n - out.length, this.buffer.length);
        out.push(...this.buffer.slice(0, take));
        this.buffer = this.buffer.slice(take);
      }
      return Uint8Array.from(out);
    }
    async randbelow(n) {
      const big = BigInt(n);
      if (big === 1n) return 0;
      const bits = (big - 1n).toString(2).length;
      const nbytes = Math.ceil(bits / 8);
      const mask = (1n << BigInt(bits)) - 1n;
      for (;;) {
        const bytes = await this.randbytes(nbytes);
        const r = bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n) & mask;
        if (r < big) return Number(r);
      }
    }
    async shuffle(items) {
      for (let k = items.length - 1; k > 0; k--) {
        const j = await this.randbelow(k + 1);
        [items[k], items[j]] = [items[j], items[k]];
      }
    }
    async choice(items) { return items[await this.randbelow(items.length)]; }
  }

  return {
    NotCanonical, NotStrict, Inexact, parseStrict, canonical, canonicalText, hex, unhex, concat,
    sha256, sha256Hex, hmac, verify, isPublicKeyHex, strongSignature, TAG, commit, seedCommit,
    seeded, Rng,
  };
})();
