// Tests stub the network at fetch, the app's boundary with the gateway: both our /api client and supabase-js go
// through it. A request no test expected fails the test loudly instead of hanging or passing by accident.
import type { User } from "@contracts/auth";
import { vi } from "vitest";
import { env } from "@/lib/env";

type Handler = (request: Request) => Response | Promise<Response>;

/** Answers requests by "METHOD /path" (path without the query); returns the mock to inspect the calls. */
export function mockNetwork(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), window.location.href), init);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = routes[key];
    if (!handler) throw new Error(`Unexpected request in test: ${key}`);
    return handler(request);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The paths (without the query) the app asked for, in order. */
export function requestedPaths(fetchMock: ReturnType<typeof mockNetwork>): string[] {
  return fetchMock.mock.calls.map(([url]) => new URL(url instanceof Request ? url.url : String(url), window.location.href).pathname);
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { "Content-Type": "application/json", ...init.headers },
  });
}

export const demoUser: User = {
  id: "5f0c1a52-3c1e-4a53-9f55-0e8f3d2b7a10",
  username: "demo",
  email: "demo@example.com",
  firstName: null,
  lastName: null,
  isAdmin: false,
  subscriptionStatus: "free",
  createdAt: "2026-01-15T10:00:00.000Z",
};

export const adminUser: User = {
  ...demoUser,
  id: "0b6a9c8e-2d4f-4e1a-8c3b-7f5e6d4c3b2a",
  username: "admin",
  email: "admin@example.com",
  isAdmin: true,
};

/** An unsigned access token with the claims supabase-js reads (it decodes, never verifies). */
export function accessTokenFor(user: User): string {
  const base64url = (text: string) => btoa(text).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return [
    base64url(JSON.stringify({ alg: "HS256", typ: "JWT" })),
    base64url(JSON.stringify({ sub: user.id, role: "authenticated", email: user.email, exp })),
    base64url("not verified"),
  ].join(".");
}

/** The Auth user supabase-js expects back from GET /auth/v1/user. */
export function authUserFor(user: User) {
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    app_metadata: { provider: "email" },
    user_metadata: { username: user.username },
    created_at: user.createdAt,
  };
}

/**
 * Puts a live session where supabase-js keeps it (its default storage key, `sb-<first host label>-auth-token`), as if
 * the person had signed in on an earlier visit.
 */
export function storeSessionFor(user: User): string {
  const accessToken = accessTokenFor(user);
  const storageKey = `sb-${new URL(env.supabaseUrl).hostname.split(".")[0]}-auth-token`;
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  localStorage.setItem(
    storageKey,
    JSON.stringify({
      access_token: accessToken,
      refresh_token: "refresh-token",
      token_type: "bearer",
      expires_in: 3600,
      expires_at: expiresAt,
      user: authUserFor(user),
    }),
  );
  return accessToken;
}
