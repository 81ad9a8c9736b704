// The public API as a customer's script calls it: Node's own fetch to the stack with an API key in a header, never
// through the browser (keys belong on servers), and the owner's key made through the key management endpoints.
import { type APIRequestContext, expect } from "@playwright/test";
import { createdApiKeySchema, type CreatedApiKey } from "../../edge-functions/_shared/api-keys/contract.ts";

function baseUrl(): string {
  const url = process.env.BASE_URL;
  if (!url) throw new Error("BASE_URL is required, e.g. BASE_URL=http://localhost:54321");
  return url;
}

/** An answer of the public API, its body read whole. */
export type IntegrationsAnswer = { status: number; headers: Headers; body: Record<string, unknown> };

/** Calls /api/integrations/<path> with `key` in Authorization: Bearer, as the /developers examples do. */
export async function callWithKey(
  key: string,
  path: string,
  init: { method?: "GET" | "POST"; body?: unknown } = {},
): Promise<IntegrationsAnswer> {
  const response = await fetch(`${baseUrl()}/api/integrations/${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { authorization: `Bearer ${key}`, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** The owner's new key through POST /api/api-keys, for journeys that start with one. */
export async function createApiKey(
  request: APIRequestContext,
  headers: Record<string, string>,
  keyName: string,
): Promise<CreatedApiKey> {
  const response = await request.post("/api/api-keys", { headers, data: { keyName } });
  expect(response.status(), await response.text()).toBe(201);
  return createdApiKeySchema.parse(await response.json());
}
