// What the fuzz layer arranges before it fires: two signed-in users with real contacts, lists, an open bulk upload and a
// support ticket (so PATCH and DELETE reach rows that exist, the caller's own and another user's), spare sessions for
// the logout route, and forged tokens of every kind (expired, unknown user, unsigned, tampered) signed the way the stack's Auth signs them.
import assert from "node:assert/strict";
import { LOCAL_JWT_SECRET } from "../../../devstack/src/auth/keys.ts";
import { authResponseSchema } from "../../_shared/contracts/auth.ts";
import { bulkUploadAnswerSchema } from "../../_shared/contracts/bulk-validation.ts";
import { contactListSchema, contactSchema } from "../../_shared/contracts/contacts.ts";
import { ticketSchema } from "../../_shared/contracts/support.ts";
import { newApiKey } from "../testing/integrations.ts";
import { call, requiredEnv, signedInAdmin, withDatabase } from "../testing/stack.ts";
import type { Credentials } from "./requests.ts";

export interface FuzzUser {
  id: string;
  token: string;
  contactIds: number[];
  listIds: number[];
  /** A bulk upload left open (more parts may follow), for the routes that name a session. */
  bulkSessionIds: string[];
  /** A support ticket with a reply, for the routes that name a ticket. */
  ticketIds: string[];
}

export interface World {
  user: FuzzUser;
  otherUser: FuzzUser;
  credentials: Credentials;
  /** The logout route ends sessions: it gets sessions of its own, so the users above stay signed in. */
  logoutCredentials: Credentials;
  /** Anonymous sessions the server knows, for the routes that take a session id. */
  sessionIds: string[];
  /** For admin routes fuzzed past the guard: the same forged tokens, the two users' replaced by an admin's. */
  adminCredentials: Credentials;
}

export async function prepareWorld(): Promise<World> {
  const user = await populatedUser(10, 4);
  const otherUser = await populatedUser(5, 2);
  const credentials = await credentialsFor(user, otherUser);
  const spare = await signIn(user);
  const otherSpare = await signIn(otherUser);
  const sessionIds = await Promise.all([0, 1, 2].map(() => anonymousSession()));
  const admin = `Bearer ${(await signedInAdmin()).token}`;
  return {
    user,
    otherUser,
    credentials,
    logoutCredentials: { ...credentials, "user": `Bearer ${spare}`, "other-user": `Bearer ${otherSpare}` },
    sessionIds,
    adminCredentials: { ...credentials, "user": admin, "other-user": admin },
  };
}

const passwords = new Map<string, { username: string; password: string }>();

async function populatedUser(contacts: number, lists: number): Promise<FuzzUser> {
  const username = `fuzz_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const password = `pw-${crypto.randomUUID()}`;
  const registered = await call("/api/register", { body: { username, email: `${username}@example.com`, password } });
  assert.equal(registered.status, 201, registered.text);
  const auth = authResponseSchema.parse(registered.json);
  passwords.set(auth.id, { username, password });
  const token = auth.session.accessToken;
  const listIds: number[] = [];
  for (let n = 0; n < lists; n++) {
    const created = await call("/api/contact-lists", { token, body: { name: `Fuzz list ${n}` } });
    assert.equal(created.status, 201, created.text);
    listIds.push(contactListSchema.parse(created.json).id);
  }
  const contactIds: number[] = [];
  for (let n = 0; n < contacts; n++) {
    const created = await call("/api/contacts", {
      token,
      body: { email: `person${n}@${username.replace("_", "-")}.test`, firstName: `Person ${n}`, listId: listIds[n % lists] ?? null },
    });
    assert.equal(created.status, 201, created.text);
    contactIds.push(contactSchema.parse(created.json).id);
  }
  const opened = await call("/api/bulk-validation/start-enhanced", {
    token,
    body: { sessionName: "Fuzz", fileName: "fuzz.csv", emailsWithData: [{ email: `a@${username.replace("_", "-")}.test` }], final: false },
  });
  assert.equal(opened.status, 201, opened.text);
  const bulkSessionIds = [bulkUploadAnswerSchema.parse(opened.json).sessionId];
  const ticket = await call("/api/support/tickets", { token, body: { subject: "Fuzz", description: "A ticket to fuzz." } });
  assert.equal(ticket.status, 201, ticket.text);
  const ticketIds = [ticketSchema.parse(ticket.json).id];
  return { id: auth.id, token, contactIds, listIds, bulkSessionIds, ticketIds };
}

async function signIn(user: FuzzUser): Promise<string> {
  const answer = await call("/api/login", { body: passwords.get(user.id) });
  assert.equal(answer.status, 200, answer.text);
  return authResponseSchema.parse(answer.json).session.accessToken;
}

async function anonymousSession(): Promise<string> {
  const sessionId = Array.from(crypto.getRandomValues(new Uint8Array(21)), (byte) =>
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"[byte & 63]).join("");
  const answer = await call("/api/anonymous/session", { headers: { "x-session-id": sessionId } });
  assert.equal(answer.status, 200, answer.text);
  return sessionId;
}

async function credentialsFor(user: FuzzUser, otherUser: FuzzUser): Promise<Credentials> {
  const [header, payload, signature] = user.token.split(".") as [string, string, string];
  const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const expired = await signed({ ...claims, iat: now - 7200, exp: now - 3600 });
  const unknownUser = await signed({ ...claims, sub: crypto.randomUUID(), session_id: crypto.randomUUID() });
  const unsigned = `${base64Url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${payload}.`;
  // Another user's id in the payload, this user's signature: only a verifier that skips the signature accepts it.
  const tampered = `${header}.${base64Url(JSON.stringify({ ...claims, sub: otherUser.id }))}.${signature}`;
  // The user's API keys for the public API: one that works, with room for every fuzzed call in its minute, and one
  // revoked.
  const apiKey = await newApiKey(user.id, { name: "Fuzz key" });
  const revokedApiKey = await newApiKey(user.id, { name: "Fuzz key, revoked" });
  await withDatabase(async (sql) => {
    await sql`update public.api_keys set rate_limit = 6000 where id = ${apiKey.id}`;
    await sql`update public.api_keys set revoked_at = now() where id = ${revokedApiKey.id}`;
  });
  return {
    "anon-key": `Bearer ${requiredEnv("SUPABASE_ANON_KEY")}`,
    "service-role-key": `Bearer ${requiredEnv("SUPABASE_SERVICE_ROLE_KEY")}`,
    "user": `Bearer ${user.token}`,
    "other-user": `Bearer ${otherUser.token}`,
    "expired-token": `Bearer ${expired}`,
    "unknown-user-token": `Bearer ${unknownUser}`,
    "unsigned-token": `Bearer ${unsigned}`,
    "tampered-token": `Bearer ${tampered}`,
    "garbage-token": "Bearer eyJ.eyJ.\u00ff\u00fe",
    "huge-token": `Bearer ${"a".repeat(6_000)}`,
    "api-key": `Bearer ${apiKey.secret}`,
    "revoked-api-key": `Bearer ${revokedApiKey.secret}`,
  };
}

/** An HS256 token signed with the local stack's JWT secret, as its Auth signs access tokens. */
async function signed(claims: Record<string, unknown>): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(LOCAL_JWT_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const unsignedPart = `${base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64Url(JSON.stringify(claims))}`;
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(unsignedPart));
  return `${unsignedPart}.${base64Url(new Uint8Array(signature))}`;
}

function base64Url(data: string | Uint8Array): string {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const padded = text.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
}
