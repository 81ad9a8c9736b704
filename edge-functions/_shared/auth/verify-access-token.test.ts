import assert from "node:assert/strict";
import { createAccessTokenVerifier, REMEMBER_MS } from "./verify-access-token.ts";

function base64Url(text: string): string {
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

const USER_ID = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";
const START_MS = 1_800_000_000_000;

/** A token whose claims decode (its signature is Auth's business, which the fake Auth below stands in for). */
function userToken(options: { expSeconds?: number; session?: string } = {}): string {
  const claims = {
    sub: USER_ID,
    role: "authenticated",
    exp: options.expSeconds ?? START_MS / 1000 + 3600,
    session_id: options.session ?? "0b7f6a8e-1c2d-4e3f-9a0b-1c2d3e4f5a6b",
    app_metadata: { provider: "email" },
  };
  return [base64Url('{"alg":"HS256","typ":"JWT"}'), base64Url(JSON.stringify(claims)), "signature"].join(".");
}

/** Auth as the verifier sees it: it accepts the tokens in `accepted`, counts the questions, and can be held. */
function fakeAuth() {
  const accepted = new Set<string>();
  let questions = 0;
  let hold: Promise<void> | undefined;
  let unreachable = false;
  return {
    accepted,
    get questions() {
      return questions;
    },
    holdAnswers(until: Promise<void>) {
      hold = until;
    },
    goUnreachable() {
      unreachable = true;
    },
    async askAuth(token: string): Promise<string | null> {
      questions++;
      // Auth decides when asked; a held answer only arrives later.
      const answer = accepted.has(token) ? USER_ID : null;
      await hold;
      if (unreachable) throw new Error("Auth is unreachable");
      return answer;
    },
  };
}

function setUp(options: { capacity?: number } = {}) {
  const auth = fakeAuth();
  let nowMs = START_MS;
  const verifier = createAccessTokenVerifier({
    askAuth: (token) => auth.askAuth(token),
    now: () => nowMs,
    capacity: options.capacity,
  });
  return { auth, verifier, advance: (ms: number) => (nowMs += ms) };
}

Deno.test("an accepted token names its user and claims, and is remembered: Auth is asked once", async () => {
  const { auth, verifier } = setUp();
  const token = userToken();
  auth.accepted.add(token);
  const first = await verifier.verify(token);
  assert.equal(first?.userId, USER_ID);
  assert.equal(first?.claims.sub, USER_ID);
  assert.equal(first?.accessToken, token);
  assert.deepEqual(await verifier.verify(token), first);
  assert.equal(auth.questions, 1);
});

Deno.test("Auth is asked again once REMEMBER_MS has passed, and its new answer holds", async () => {
  const { auth, verifier, advance } = setUp();
  const token = userToken();
  auth.accepted.add(token);
  await verifier.verify(token);
  advance(REMEMBER_MS - 1);
  await verifier.verify(token);
  assert.equal(auth.questions, 1);
  auth.accepted.delete(token); // signed out through another instance
  advance(1);
  assert.equal(await verifier.verify(token), null);
  assert.equal(auth.questions, 2);
});

Deno.test("a token that expires sooner is remembered only until its expiry", async () => {
  const { auth, verifier, advance } = setUp();
  const token = userToken({ expSeconds: START_MS / 1000 + 5 });
  auth.accepted.add(token);
  await verifier.verify(token);
  advance(4_999);
  await verifier.verify(token);
  assert.equal(auth.questions, 1);
  advance(1);
  auth.accepted.delete(token); // Auth refuses an expired token
  assert.equal(await verifier.verify(token), null);
  assert.equal(auth.questions, 2);
});

Deno.test("a forgotten token is asked about again at once", async () => {
  const { auth, verifier } = setUp();
  const token = userToken();
  auth.accepted.add(token);
  await verifier.verify(token);
  auth.accepted.delete(token);
  verifier.forget(token);
  assert.equal(await verifier.verify(token), null);
  assert.equal(auth.questions, 2);
});

Deno.test("an answer that arrives after the token was forgotten is given but not remembered", async () => {
  const { auth, verifier } = setUp();
  const token = userToken();
  auth.accepted.add(token);
  let answer!: () => void;
  auth.holdAnswers(new Promise((resolve) => (answer = resolve)));
  const pending = verifier.verify(token);
  // The session ends while Auth's "yes" is on its way.
  auth.accepted.delete(token);
  verifier.forget(token);
  answer();
  assert.equal((await pending)?.userId, USER_ID);
  assert.equal(await verifier.verify(token), null);
  assert.equal(auth.questions, 2);
});

Deno.test("requests with the same token at the same time share one question", async () => {
  const { auth, verifier } = setUp();
  const token = userToken();
  auth.accepted.add(token);
  const answers = await Promise.all(Array.from({ length: 5 }, () => verifier.verify(token)));
  assert.ok(answers.every((signedIn) => signedIn?.userId === USER_ID));
  assert.equal(auth.questions, 1);
});

Deno.test("a rejected token is not remembered: each try asks Auth", async () => {
  const { auth, verifier } = setUp();
  const token = userToken();
  assert.equal(await verifier.verify(token), null);
  auth.accepted.add(token);
  assert.equal((await verifier.verify(token))?.userId, USER_ID);
  assert.equal(auth.questions, 2);
});

Deno.test("Auth being unreachable is an error, not a rejection, and is not remembered", async () => {
  const { auth, verifier } = setUp();
  const token = userToken();
  auth.accepted.add(token);
  auth.goUnreachable();
  await assert.rejects(verifier.verify(token), { message: "Auth is unreachable" });
  await assert.rejects(verifier.verify(token), { message: "Auth is unreachable" });
  assert.equal(auth.questions, 2);
});

Deno.test("a token that names no user, such as the anon API key, is refused without asking Auth", async () => {
  const { auth, verifier } = setUp();
  const anonKey = [base64Url('{"alg":"HS256"}'), base64Url('{"role":"anon","exp":1983812996}'), "signature"].join(".");
  assert.equal(await verifier.verify(anonKey), null);
  assert.equal(await verifier.verify("not-a-jwt"), null);
  assert.equal(auth.questions, 0);
});

Deno.test("past its capacity the least recently used token is forgotten first", async () => {
  const { auth, verifier } = setUp({ capacity: 2 });
  const [a, b, c] = ["a", "b", "c"].map((n) => userToken({ session: `0b7f6a8e-1c2d-4e3f-9a0b-1c2d3e4f5a6${n}` }));
  for (const token of [a!, b!, c!]) auth.accepted.add(token);
  await verifier.verify(a!);
  await verifier.verify(b!);
  await verifier.verify(a!); // a is now more recent than b
  await verifier.verify(c!); // b goes
  assert.equal(auth.questions, 3);
  await verifier.verify(a!);
  await verifier.verify(c!);
  assert.equal(auth.questions, 3);
  await verifier.verify(b!);
  assert.equal(auth.questions, 4);
});

Deno.test("the remembered answer cannot be changed by one request for the next", async () => {
  const { auth, verifier } = setUp();
  const token = userToken();
  auth.accepted.add(token);
  const signedIn = await verifier.verify(token);
  assert.throws(() => {
    (signedIn!.claims as { role: string }).role = "service_role";
  }, TypeError);
  assert.throws(() => {
    (signedIn!.claims.app_metadata as { provider: string }).provider = "other";
  }, TypeError);
  assert.equal((await verifier.verify(token))?.claims.role, "authenticated");
});
