// The in-browser audit of an export: every check of `pbem audit` that needs no game rules,
// in the same order, naming the first entry they find failing in the same words. What needs the rules
// (replaying every move, recomputing every event, state and view) stays with `pbem audit`:
// what the page says says so, and never uses `pbem audit`'s verdicts PASS and INCOMPLETE for
// its partial check. Nothing leaves the browser.
"use strict";

const PbemAudit = (() => {
  const C = PbemCrypto;
  const FORMAT = "pbem-log/2";
  const TYPES = ["genesis", "join", "start", "move", "system", "reveal", "answers", "standing", "handover"];
  const FIELDS = ["v", "game", "seq", "type", "prev", "ts", "body", "sig"];
  const HEX64 = /^[0-9a-f]{64}$/;
  const HEX32 = /^[0-9a-f]{32}$/;
  const ENVELOPE = ["game", "move", "nonce", "prev", "seat", "secret_commit", "seq", "ts"];
  const SEALED_ENVELOPE = ["game", "move", "nonce", "prev", "sealed", "seat", "secret_commit", "seq", "ts"];
  // protocol/sealing.py SEALED_FROM: engine -> the first rules version whose owner-held moves seal
  const SEALED_FROM = { magier: 4 };
  const BOX_MOST = 8192;  // protocol/seat_secrets.py: plaintext bytes at most
  const STATEMENT = ["answers", "game", "prev", "seat"];  // a statement of standing answers
  const MOST_RULES = 16;  // engines/answers.py: a statement holds at most this many rules
  const TAG_HANDOVER = "pbem/v1/handover\n";  // protocol/handover.py
  const HANDOVER = ["new", "old", "resealed", "seat", "sig"];  // a handover body's members

  // What this page checks, and what only `pbem audit` checks (said on the page as is).
  const CHECKS = [
    "the file reads as JSON with one meaning (no key twice, no NaN, UTF-8, nesting within 64)",
    "the chain: every entry in place, linked to the hash of the one before (RFC 8785, SHA-256)",
    "the server's Ed25519 signature on every entry, by the key the genesis names",
    "every join signed by the joining player's key; every move and resignation by the key its seat joined with, for its place in the log",
    "every statement of standing answers (answers given in advance) signed by the key its seat joined with, for this game and the head it was signed at, while the game ran",
    "every move played by a standing answer names the statement in force for its seat (not one revoked or replaced): such a move is server-attested, since its player signed the rule, not the move",
    "every handover signed by the key that held its seat, over this game's genesis, to a key no seat of the game held, before the game ended; every later signature of that seat checked against the new key",
    "weak keys and signatures refused (small-order or non-canonical points, S not below the group order)",
    "the revealed server seed against the genesis commitment",
    "every revealed secret against its commitment in the signed envelope (salts from the seed for the server's moves)",
    "every owner's reveal move against the commitment in that owner's signed placement",
    "every email move's token derived from the seed for its place in the log",
    "the concealed part of every move the server played (timeouts, email moves, standing answers) against the salt the seed gives",
    "every step's RNG key derived from the revealed seed and the players' signed nonces (the keys only: which draws the rules made from them is the replay's check, below)",
    "the revealed result against the entry that ended the game",
  ];
  const NOT_CHECKED = [
    "the replay of every move through the rules (legality, the engine version, the options)",
    "every public event, private-event commitment, state commitment and seat's view commitment, recomputed by the replay",
    "that the dice, deals and shuffles are the draws of those RNG keys (the replay draws them)",
    "timeouts, forfeits and seats leaving against the rules and the genesis deadline",
    "each standing answer's rules against the game's (the kinds it takes), and each move played by one against what its rule prescribes from its seat's view",
  ];

  // What the page says when its checks hold: what held, and that this is no verdict of
  // `pbem audit` (never its words PASS or INCOMPLETE, which stand for the rules replayed too).
  const HELD = "Chain, signatures and revealed secrets hold";
  const NOT_REPLAYED = "; rules not replayed: this is no verdict on the game. Run pbem audit on the same " +
    "file for one (it replays every move, event, state and view)";
  const HELD_SO_FAR = "Chain and signatures hold so far; there is no reveal entry yet (the game is not over, " +
    "or its reveal is missing), so the seed is unknown and nothing else can be checked: this is no verdict on the game";
  // The page's word for a result: FAIL (a fault found), HOLDS (this page's checks of a revealed
  // log held), SO-FAR (a log without its reveal: the chain and the signatures held) or
  // UNSUPPORTED (a log this pbem cannot check: another format, engine, engine version or entry
  // type; nobody is accused, and the reason says which pbem can check it).
  const pageWord = (result) =>
    (result.supported === false ? "UNSUPPORTED" : !result.ok ? "FAIL" : result.complete ? "HOLDS" : "SO-FAR");

  class Fail extends Error {
    constructor(seq, reason) { super(reason); this.seq = seq; this.reason = reason; }
  }
  // A log this pbem cannot check (protocol/verdict.py's Unsupported), in its words.
  class Unsupported extends Fail {}
  const LOG1_LAST_READ = "979a601";  // the last commit whose pbem read pbem-log/1 exports
  const formatReason = (fmt) => fmt === "pbem-log/1"
    ? `a ${fmt} export: this pbem reads ${FORMAT} only; audit it with the pbem of commit ${LOG1_LAST_READ}, the last that read ${fmt}`
    : `a '${fmt}' export: this pbem reads ${FORMAT} only; audit it with a pbem that reads '${fmt}' (upgrade pbem)`;
  // protocol/verdict.py version_gap: `ours` is every version this pbem keeps, oldest first.
  function versionGap(engine, theirs, ours) {
    const said = `version${ours.length > 1 ? "s" : ""} ${ours.join(", ")}`;
    const missing = `made with ${engine} version ${theirs}; this pbem knows ${said}`;
    const digits = /^[0-9]+$/;
    const numbers = ours.filter((v) => digits.test(v)).map((v) => BigInt(v));
    if (digits.test(theirs) && numbers.length && numbers.every((n) => BigInt(theirs) > n)) {
      return `${missing}: version ${theirs} is newer than this pbem: upgrade pbem`;
    }
    return `${missing}: this pbem does not keep version ${theirs} (no pbem of this line wrote it): ` +
      "use the pbem that made the game";
  }
  // The genesis's engine and version against the ones this server's pbem keeps (`known`:
  // engine id -> its versions, given by the page; without it, as in Node, only their shape).
  function rulesKnown(genesis, known) {
    if (typeof genesis.engine !== "string" || typeof genesis.engine_version !== "string") {
      throw new Fail(0, "the genesis names no engine and engine version (strings)");
    }
    if (!known) return;
    if (!Object.hasOwn(known, genesis.engine)) {
      throw new Unsupported(0, `unknown engine '${genesis.engine}'; known: ${Object.keys(known).join(", ")}: ` +
        "audit it with a pbem that has it (upgrade pbem)");
    }
    const ours = [].concat(known[genesis.engine]);
    if (!ours.includes(genesis.engine_version)) {
      throw new Unsupported(0, versionGap(genesis.engine, genesis.engine_version, ours));
    }
  }
  const isInt = (v) => typeof v === "number" && Number.isInteger(v);
  const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof C.Inexact);
  const same = (a, b) => {
    try { return C.canonicalText(a) === C.canonicalText(b); } catch (e) { return false; }
  };

  async function entryHash(entry) {
    const copy = Object.create(null);
    for (const k of Object.keys(entry)) if (k !== "sig") copy[k] = entry[k];
    return C.sha256Hex(C.canonical(copy));
  }

  async function audit(bytes, progress = () => {}, known = null) {
    const counts = { entries: 0, signatures: 0, commitments: 0, rng_keys: 0, tokens: 0, standing: 0 };
    const started = performance.now();
    let game = null;
    const done = (verdict) => ({ ...verdict, counts, game, ms: performance.now() - started });
    try {
      let data;
      try {
        data = C.parseStrict(bytes);
      } catch (e) {
        throw new Fail(null, `the file is not strict JSON: ${e.message}`);
      }
      if (!isObj(data) || typeof data.format !== "string") throw new Fail(null, `not a ${FORMAT} export (no format named)`);
      if (data.format !== FORMAT) throw new Unsupported(null, formatReason(data.format));
      const entries = data.entries;
      if (!Array.isArray(entries) || entries.length === 0) throw new Fail(null, "the export holds no entries");
      game = await chain(entries, counts, progress);
      if (data.game !== game) throw new Fail(null, "the export is labelled with another game than its entries");
      rulesKnown(entries[0].body, known);
      const complete = await players(entries, counts, progress);
      if (!complete) {
        return done({ ok: true, complete: false, reason: HELD_SO_FAR });
      }
      const byRule = counts.standing
        ? `; ${counts.standing} move(s) were played by standing answers: server-attested, the players signed the rules, not these moves`
        : "";
      return done({ ok: true, complete: true, reason: `${HELD}${byRule}${NOT_REPLAYED}` });
    } catch (e) {
      if (!(e instanceof Fail)) {
        return done({ ok: false, complete: false, entry: null, reason: `the page cannot check this file (${e.message})` });
      }
      const where = e.seq === null ? "the log" : `entry ${e.seq}`;
      return done({ ok: false, complete: false, supported: !(e instanceof Unsupported), entry: e.seq, reason: `${where}: ${e.reason}` });
    }
  }

  // -- the chain (protocol/chain_check.py) ---------------------------------------------------
  async function chain(entries, counts, progress) {
    const genesis = entries[0];
    if (!isObj(genesis) || genesis.type !== "genesis") throw new Fail(0, "the first entry is not a genesis entry");
    const body = genesis.body;
    if (!isObj(body) || !C.isPublicKeyHex(body.server_key)) throw new Fail(0, "the genesis names no valid server key");
    const game = genesis.game;
    if (typeof game !== "string") throw new Fail(0, "the genesis names no game");
    let previous = null;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      if (!isObj(entry)) throw new Fail(i, "not a JSON object");
      if (entry.seq !== i) throw new Fail(i, `says seq ${JSON.stringify(entry.seq)} at position ${i}: entries missing or out of order`);
      if (entry.game !== game) throw new Fail(i, "belongs to another game");
      if (typeof entry.type !== "string") throw new Fail(i, `has no entry type (a string), but ${JSON.stringify(entry.type)}`);
      if (!isObj(entry.body)) throw new Fail(i, "has no body");
      if (entry.prev !== previous) throw new Fail(i, "prev is not the hash of the entry before: the chain is broken");
      try {
        previous = await entryHash(entry);
      } catch (e) {
        throw new Fail(i, "the server's signature does not verify");
      }
      if (!(await C.verify(body.server_key, C.TAG.entry, C.unhex(previous), entry.sig))) {
        throw new Fail(i, "the server's signature does not verify");
      }
      if (entry.v !== 2 || typeof entry.ts !== "string") throw new Fail(i, "not a version 2 entry (v, ts)");
      const extra = Object.keys(entry).filter((k) => !FIELDS.includes(k)).sort();
      if (extra.length) throw new Fail(i, `unexpected fields ${JSON.stringify(extra)}`);
      if (!TYPES.includes(entry.type)) continue;  // signed, in a type this pbem does not know: see players
      counts.entries++;
      counts.signatures++;
      if (i % 50 === 0) progress(`chain: entry ${i} of ${entries.length - 1}`);
    }
    return game;
  }

  // -- players, seed, secrets, result (protocol/audit.py, without the rules) -----------------
  async function players(entries, counts, progress) {
    const genesis = entries[0].body;
    const seats = genesis.seats;
    const last = entries[entries.length - 1];
    let seed = null;
    const secrets = new Map();
    if (last.type === "reveal") {
      const raw = last.body.server_seed;
      if (typeof raw !== "string" || !HEX64.test(raw)) throw new Fail(last.seq, "the revealed seed is not 32 bytes of lowercase hex");
      seed = C.unhex(raw);
      if ((await C.seedCommit(seed)) !== genesis.seed_commit) throw new Fail(last.seq, "the revealed seed does not match the genesis commitment");
      counts.commitments++;
      const items = last.body.secrets;
      if (!Array.isArray(items)) throw new Fail(last.seq, "the reveal's secrets are not a list");
      for (const item of items) {
        if (!isObj(item) || !isInt(item.seq) || !("salt" in item) || !("secret" in item)) {
          throw new Fail(last.seq, "a malformed secret in the reveal");
        }
        secrets.set(item.seq, item);
      }
    }
    const joins = new Map();
    const used = new Set();
    const placed = new Map();  // a secret_commit signed in an envelope -> the seat that signed it
    let started = false;
    let result = null;
    const inForce = new Map();  // seat -> the seq of its statement of standing answers in force
    const retired = new Set();  // the keys seats handed on (protocol/chain_check.py _handover)
    const genesisHash = await entryHash(entries[0]);
    let endedAt = null;  // the first entry whose signed body carries a result
    for (const entry of entries.slice(1)) {
      const { seq, type: kind, body, prev } = entry;
      if (seq % 50 === 0) progress(`signatures and commitments: entry ${seq} of ${entries.length - 1}`);
      if (!TYPES.includes(kind)) {
        await boundAfter(entries, seq, seats, joins, counts);
        throw new Unsupported(seq, `an entry of type '${kind}', which this pbem does not know: audit it with a newer pbem`);
      }
      if (kind === "handover" && endedAt !== null) throw new Fail(seq, `a handover entry after the game ended (at entry ${endedAt})`);
      if (endedAt === null && kind !== "reveal" && kind !== "handover" && "result" in body) endedAt = seq;
      if (result !== null && kind !== "reveal") throw new Fail(seq, `${kind === "answers" ? "an" : "a"} ${kind} entry after the game ended`);
      if (kind === "genesis") throw new Fail(seq, "a second genesis entry");
      if (kind === "join") {
        if (started || entries.slice(0, seq).some((e) => e.type === "start")) throw new Fail(seq, "a join after the start");
        await join(seq, body, seats, joins, prev, entries[0].game, counts);
      } else if (kind === "start") {
        if (joins.size !== seats) throw new Fail(seq, `the game started with ${joins.size} of ${seats} seats joined`);
        if (started) throw new Fail(seq, "a second start entry");
        started = true;
        if (seed) {
          const nonces = [...Array(seats).keys()].map((s) => joins.get(s).nonce);
          await C.seeded.setupKey(seed, nonces);
          counts.rng_keys++;
        }
        result = isObj(body.result) ? body.result : null;
      } else if (kind === "move") {
        if (!started) throw new Fail(seq, "a move before the start");
        const env = body.envelope;
        const seat = isObj(env) ? env.seat : undefined;
        if (!isInt(seat) || !joins.has(seat)) throw new Fail(seq, `a move for seat ${JSON.stringify(seat === undefined ? null : seat)}, which nobody joined`);
        if (!seed) {
          await signedMove(seq, env, body.sig, joins.get(seat).key, prev, "the player's move signature does not verify", counts);
          continue;
        }
        // owner-held, as far as this page can tell without the rules: a commitment the reveal does not open
        const held = isObj(env) && typeof env.secret_commit === "string" && !secrets.has(seq);
        checkEnvelope(seq, env, body.sig, genesis, held);
        await signedMove(seq, env, body.sig, joins.get(seat).key, prev, "the move's signature does not verify with your key", counts);
        if (env.secret_commit !== null) {
          if (secrets.has(seq)) {
            const item = secrets.get(seq);
            if (typeof item.salt !== "string" || !HEX64.test(item.salt)) throw new Fail(seq, "the secret's salt must be 32 bytes, hex");
            if ((await commitOrNull(C.TAG.secret, item.secret, item.salt)) !== env.secret_commit) {
              throw new Fail(seq, "the secret does not match the envelope's commitment");
            }
            used.add(seq);
          } else {
            placed.set(env.secret_commit, seat);  // owner-held: opened by its owner's reveal move, or never
          }
          counts.commitments++;
        }
        if (isObj(env.move) && env.move.type === "reveal") await ownerReveal(seq, env.move, seat, placed, counts);
        await C.seeded.moveKey(seed, seq, env.nonce);
        counts.rng_keys++;
        result = isObj(body.result) ? body.result : null;
      } else if (kind === "system") {
        if (!started && body.kind !== "abort") throw new Fail(seq, "a system entry before the start");
        result = await system(seq, body, seats, joins, prev, seed, secrets, used, entries[0].game, counts) || result;
      } else if (kind === "answers") {
        if (!started) throw new Fail(seq, "standing answers before the start");
        const [seat, rules] = await answers(seq, body, joins, prev, entries[0].game, counts);
        if (rules.length) inForce.set(seat, seq); else inForce.delete(seat);
      } else if (kind === "handover") {
        await handover(seq, body, joins, retired, entries[0].game, genesisHash, counts);
      } else if (kind === "standing") {
        if (!started) throw new Fail(seq, "a standing entry before the start");
        await standing(seq, body, joins, inForce, seed, secrets, used, counts);
        result = isObj(body.result) ? body.result : null;
      } else if (kind === "reveal") {
        if (seq !== entries.length - 1) throw new Fail(seq, "the reveal is not the last entry");
        if (result === null) throw new Fail(seq, "a reveal before the game ended");
        if (!same(body.result, result)) throw new Fail(seq, "the revealed result is not the replay's result");
        const unused = [...secrets.keys()].filter((s) => !used.has(s)).sort((a, b) => a - b);
        if (unused.length) throw new Fail(seq, `the reveal lists secrets for moves that committed none: [${unused.join(", ")}]`);
      }
    }
    return seed !== null;
  }

  async function commitOrNull(tag, value, salt) {
    try { return await C.commit(tag, value, salt); } catch (e) { return null; }
  }

  async function join(seq, body, seats, joins, prev, game, counts) {
    const keys = Object.keys(body).sort();
    if (C.canonicalText(keys) !== C.canonicalText(["key", "name", "nonce", "seat", "sig"])) {
      throw new Fail(seq, "a join body has exactly seat, name, key, nonce and sig");
    }
    const seat = body.seat;
    if (!isInt(seat) || seat < 0 || seat >= seats) throw new Fail(seq, `joins seat ${JSON.stringify(seat)} of a ${seats}-seat game`);
    if (joins.has(seat)) throw new Fail(seq, `seat ${seat} joined twice`);
    if (!C.isPublicKeyHex(body.key)) throw new Fail(seq, "the player's key is not an Ed25519 public key");
    let signed = false;
    try {
      const statement = { game, key: body.key, name: body.name, nonce: body.nonce, prev, seat };
      signed = await C.verify(body.key, C.TAG.join, C.canonical(statement), body.sig);
    } catch (e) {
      signed = false;
    }
    if (!signed) throw new Fail(seq, "the player's join signature does not verify");
    if (typeof body.nonce !== "string" || !HEX64.test(body.nonce)) throw new Fail(seq, "the join nonce is not 32 bytes, hex");
    joins.set(seat, body);
    counts.signatures++;
  }

  // protocol/seat_secrets.py box_problem, in its words
  function boxProblem(box) {
    if (typeof box !== "string") return "a sealed box must be a string of lower-case hex";
    const least = 2 * (12 + 16 + 2), most = 2 * (12 + 16 + BOX_MOST);
    if (box.length > most) return `a sealed box holds at most ${BOX_MOST} bytes of value (${most} hex characters)`;
    if (!/^[0-9a-f]*$/.test(box) || box.length % 2) return "a sealed box must be lower-case hex of whole bytes";
    if (box.length < least) return `a sealed box is at least ${least} hex characters (a nonce, a tag and a value)`;
    return null;
  }
  const seals = (engine, version) =>
    Object.hasOwn(SEALED_FROM, engine) && /^[0-9]+$/.test(version) && Number(version) >= SEALED_FROM[engine];

  // protocol/sealing.py envelope_problem: eight members, nine (`sealed`) on an owner-held move of a version that seals
  function checkEnvelope(seq, env, sig, genesis, held) {
    if (!isObj(env) || typeof sig !== "string") throw new Fail(seq, "a move needs a signed envelope");
    const members = C.canonicalText(Object.keys(env).sort());
    const sealing = held && seals(genesis.engine, genesis.engine_version);
    const rules = `${genesis.engine} version ${genesis.engine_version}`;
    if (sealing && members !== C.canonicalText(SEALED_ENVELOPE)) {
      throw new Fail(seq, `an owner-held move of ${rules} carries its secret sealed: the envelope must have exactly the fields ${JSON.stringify(SEALED_ENVELOPE)}`);
    }
    if (!sealing && members === C.canonicalText(SEALED_ENVELOPE)) {
      const why = held ? `${rules} does not seal owner-held secrets` : "only an owner-held move (its secret kept from the server) carries `sealed`";
      throw new Fail(seq, `${why}: the envelope must have exactly the fields ${JSON.stringify(ENVELOPE)}`);
    }
    if (!sealing && members !== C.canonicalText(ENVELOPE)) {
      throw new Fail(seq, `the envelope must have exactly the fields ${JSON.stringify(ENVELOPE)}`);
    }
    if (sealing && boxProblem(env.sealed) !== null) throw new Fail(seq, `the envelope's sealed box is malformed: ${boxProblem(env.sealed)}`);
    if (typeof env.game !== "string") throw new Fail(seq, "the envelope's game must be a string");
    if (!isInt(env.seq) || !isInt(env.seat)) throw new Fail(seq, "the envelope's seq and seat must be whole numbers");
    if (typeof env.prev !== "string" || typeof env.ts !== "string") throw new Fail(seq, "the envelope's prev and ts must be strings");
    if (!isObj(env.move)) throw new Fail(seq, "the move must be a JSON object");
    if (env.secret_commit !== null && !(typeof env.secret_commit === "string" && HEX64.test(env.secret_commit))) {
      throw new Fail(seq, "secret_commit must be null or 32 bytes, hex");
    }
    if (typeof env.nonce !== "string" || !HEX64.test(env.nonce)) throw new Fail(seq, "the nonce must be 32 bytes, hex");
  }

  // Past an entry this pbem cannot replay, each later join and move is still signed by its
  // player over the hash of the entry before it: a retyped entry FAILs where it breaks one
  // (protocol/audit.py's _bound_after).
  async function boundAfter(entries, unknown, seats, joins, counts) {
    const known = new Map(joins);
    const retired = new Set();
    const genesisHash = await entryHash(entries[0]);
    for (const entry of entries.slice(unknown + 1)) {
      const { seq, type: kind, body, prev } = entry;
      if (kind === "join" && !known.has(body.seat)) {
        await join(seq, body, seats, known, prev, entries[0].game, counts);
      } else if (kind === "handover") {
        await handover(seq, body, known, retired, entries[0].game, genesisHash, counts);
      } else if (kind === "move") {
        const env = body.envelope;
        const seat = isObj(env) ? env.seat : undefined;
        if (isInt(seat) && known.has(seat)) {
          await signedMove(seq, env, body.sig, known.get(seat).key, prev, "the player's move signature does not verify", counts);
        }
      }
    }
  }

  // A seat handed to a new key (protocol/handover.py check_handover, in its words): signed by the
  // key that holds the seat now, over this game's genesis, to a key no seat of the game holds or
  // held; from here on the seat's signatures are the new key's.
  async function handover(seq, body, joins, retired, game, genesis, counts) {
    if (C.canonicalText(Object.keys(body).sort()) !== C.canonicalText(HANDOVER)) {
      throw new Fail(seq, "a handover holds exactly: " + HANDOVER.join(", "));
    }
    const { seat, old, new: key, resealed } = body;
    if (!isInt(seat) || !joins.has(seat)) throw new Fail(seq, `a handover of seat ${JSON.stringify(seat)}, which nobody joined`);
    if (old !== joins.get(seat).key) {
      throw new Fail(seq, `the handover's old key is not the key that holds seat ${seat} now (a seat is handed on by the key that holds it, once)`);
    }
    if (!C.isPublicKeyHex(key)) throw new Fail(seq, "the handover's new key is not an Ed25519 public key");
    if (key === old) throw new Fail(seq, `the handover gives seat ${seat} to the key that holds it already`);
    if (retired.has(key) || [...joins.values()].some((j) => j.key === key)) {
      throw new Fail(seq, `the handover gives seat ${seat} to a key that holds or held a seat of this game`);
    }
    if (resealed !== null && boxProblem(resealed) !== null) {
      throw new Fail(seq, `the handover's resealed records are malformed: ${boxProblem(resealed)}`);
    }
    let signed = false;
    try {
      const statement = { game, genesis, new: key, old, resealed, seat };
      signed = typeof body.sig === "string" && (await C.verify(old, TAG_HANDOVER, C.canonical(statement), body.sig));
    } catch (e) {
      signed = false;
    }
    if (!signed) throw new Fail(seq, `the handover is not signed by the key that holds seat ${seat}`);
    retired.add(old);
    joins.set(seat, { ...joins.get(seat), key });
    counts.signatures++;
  }

  async function signedMove(seq, env, sig, key, prev, unsigned, counts) {
    let ok = false;
    try { ok = isObj(env) && typeof sig === "string" && (await C.verify(key, C.TAG.move, C.canonical(env), sig)); } catch (e) { ok = false; }
    if (!ok) throw new Fail(seq, unsigned);
    if (env.seq !== seq || env.prev !== prev) throw new Fail(seq, "the signed envelope is for another place in the log");
    counts.signatures++;
  }

  async function ownerReveal(seq, move, seat, placed, counts) {
    for (const item of Array.isArray(move.secrets) ? move.secrets : []) {
      if (!isObj(item) || typeof item.salt !== "string" || !HEX64.test(item.salt)) throw new Fail(seq, "a revealed salt must be 32 bytes, hex");
      if (placed.get(item.commit) !== seat) throw new Fail(seq, `the reveal opens ${JSON.stringify(item.commit)}, which this seat never committed`);
      if ((await commitOrNull(C.TAG.secret, item.secret, item.salt)) !== item.commit) {
        throw new Fail(seq, "the revealed secret does not match its commitment");
      }
      counts.commitments++;
    }
  }

  // A statement of standing answers (protocol/answers.py check_answers, in its words): what it
  // checks without the rules; whether the engine takes each rule is the replay's check.
  async function answers(seq, body, joins, prev, game, counts) {
    if (C.canonicalText(Object.keys(body).sort()) !== C.canonicalText(["seat", "sig", "statement"])) {
      throw new Fail(seq, "an answers entry holds the seat, the signed statement and its signature");
    }
    const statement = body.statement;
    if (!isObj(statement) || C.canonicalText(Object.keys(statement).sort()) !== C.canonicalText(STATEMENT)) {
      throw new Fail(seq, "a statement of answers holds exactly: " + STATEMENT.join(", "));
    }
    const seat = statement.seat;
    if (!isInt(seat) || !joins.has(seat) || body.seat !== seat) {
      throw new Fail(seq, `standing answers for seat ${JSON.stringify(seat)}, which nobody joined`);
    }
    if (statement.game !== game) throw new Fail(seq, "the statement of answers was signed for another game");
    if (typeof statement.prev !== "string" || !HEX64.test(statement.prev)) throw new Fail(seq, "the statement's prev is not a hash");
    if (statement.prev !== prev) throw new Fail(seq, "stale answers: the statement was signed at another head of the log");
    let signed = false;
    try {
      signed = typeof body.sig === "string" && (await C.verify(joins.get(seat).key, C.TAG.answers, C.canonical(statement), body.sig));
    } catch (e) {
      signed = false;
    }
    if (!signed) throw new Fail(seq, "the statement of answers is not signed by the key of its seat");
    const rules = statement.answers;
    if (!Array.isArray(rules)) throw new Fail(seq, "a standing answer this game cannot take: the answers are a list of rules");
    if (rules.length > MOST_RULES) throw new Fail(seq, `a standing answer this game cannot take: at most ${MOST_RULES} answers may stand at once`);
    counts.signatures++;
    return [seat, rules];
  }

  // A move the server played by a seat's standing answer: server-attested (the seat signed the
  // rule, not the move), so what is checked here is that it names the statement in force and,
  // with the seed, its concealed part and its RNG key; that it is the move the rule prescribes
  // is the replay's check (pbem audit).
  async function standing(seq, body, joins, inForce, seed, secrets, used, counts) {
    const seat = body.seat;
    if (!isInt(seat) || !joins.has(seat)) throw new Fail(seq, `a standing answer for seat ${JSON.stringify(seat === undefined ? null : seat)}, which nobody joined`);
    if (!inForce.has(seat)) throw new Fail(seq, `a standing answer for seat ${seat}, which has no standing answers in force`);
    const named = body.answers;
    if (!isInt(named) || named !== inForce.get(seat)) {
      throw new Fail(seq, `the standing answer names the statement at entry ${JSON.stringify(named === undefined ? null : named)}, ` +
        `but the one in force for seat ${seat} is at entry ${inForce.get(seat)} (revoked or replaced)`);
    }
    counts.standing++;
    if (!seed) return;
    if (body.secret_commit !== null && body.secret_commit !== undefined) {
      const item = secrets.get(seq);
      if (!item) throw new Fail(seq, "the reveal holds no secret for this standing answer's move");
      const salt = await C.seeded.secretSalt(seed, seq);
      if (item.salt !== salt || (await commitOrNull(C.TAG.secret, item.secret, salt)) !== body.secret_commit) {
        throw new Fail(seq, "the reveal's secret for this standing answer is not the one the seed gives");
      }
      used.add(seq);
      counts.commitments++;
    }
    await C.seeded.standingKey(seed, seq);
    counts.rng_keys++;
  }

  async function system(seq, body, seats, joins, prev, seed, secrets, used, game, counts) {
    const kind = body.kind;
    if (kind === "resign") {
      const env = body.envelope;
      const seat = isObj(env) ? env.seat : undefined;
      if (!isInt(seat) || !joins.has(seat)) throw new Fail(seq, "a resignation for a seat nobody joined");
      await signedMove(seq, env, body.sig, joins.get(seat).key, prev, "the player's move signature does not verify", counts);
      if (!same(env.move, { type: "resign" })) throw new Fail(seq, "the signed envelope is not a resignation");
    } else if (["timeout", "out", "email_move"].includes(kind)) {
      const seat = body.seat;
      if (!isInt(seat) || !joins.has(seat)) throw new Fail(seq, `a ${kind} for seat ${JSON.stringify(seat)}, which nobody joined`);
      if (seed) {
        if (kind === "email_move") {
          if (typeof body.token !== "string" || !HEX32.test(body.token)) throw new Fail(seq, "the email move's token is not 16 bytes, hex");
          if ((await C.seeded.moveToken(seed, game, seq, prev, seat)) !== body.token) {
            throw new Fail(seq, "body.token differs from the replay");  // pbem audit's words
          }
          counts.tokens++;
        }
        const what = { timeout: "timeout", out: "out entry", email_move: "email move" }[kind];
        if (body.secret_commit !== null && body.secret_commit !== undefined) {
          const item = secrets.get(seq);
          if (!item) throw new Fail(seq, `the reveal holds no secret for this ${what}'s move`);
          const salt = await C.seeded.secretSalt(seed, seq);
          if (item.salt !== salt || (await commitOrNull(C.TAG.secret, item.secret, salt)) !== body.secret_commit) {
            throw new Fail(seq, `the reveal's secret for this ${what} is not the one the seed gives`);
          }
          used.add(seq);
          counts.commitments++;
        }
        if (kind !== "email_move" && body.secret_commit !== null && body.secret_commit !== undefined) {
          const item = secrets.get(seq);
          const salt = item.salt;
          const events = Array.isArray(body.events) ? body.events : [];
          const index = events.length - 1;
          const told = { kind: "played_for_you", data: { secret: item.secret, salt }, to: [seat] };
          if (index < 0 || !isObj(events[index]) ||
              (await commitOrNull(C.TAG.event, told, await C.seeded.eventSalt(seed, seq, index))) !== events[index].commit) {
            throw new Fail(seq, "the private played_for_you event does not commit to the revealed secret");
          }
          counts.commitments++;
        }
        await (kind === "email_move" ? C.seeded.emailKey(seed, seq) : C.seeded.timeoutKey(seed, seq));
        counts.rng_keys++;
      }
    } else if (!["abort", "forfeit"].includes(kind)) {
      throw new Fail(seq, `unknown system entry ${JSON.stringify(kind)}`);
    }
    return isObj(body.result) ? body.result : null;
  }

  return { audit, pageWord, HELD, NOT_REPLAYED, HELD_SO_FAR, CHECKS, NOT_CHECKED, FORMAT };
})();
