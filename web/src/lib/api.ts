// The one way the SPA talks to the /api surface: JSON in and out, the signed-in user's bearer token attached, and
// every non-OK answer turned into an error whose message reads "status: body".
import { errorResponseSchema } from "@contracts/auth";
import { needsCreditsSchema } from "@contracts/billing";
import { isStoredUrl } from "@contracts/marketing";
import type { z } from "zod";
import { reportNeedsCredits } from "./needs-credits";
import { getSessionId } from "./session-id";
import { supabase } from "./supabase";

/** A non-OK answer from /api. `serverMessage` is the `{ message }` the API puts in every error, for toasts. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly serverMessage: string | undefined;

  constructor(
    readonly status: number,
    /** The answer's text as sent, for callers that expect a richer error body (e.g. the 429 of the free limit). */
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.serverMessage = parseBody(body, errorResponseSchema)?.message;
  }
}

function parseBody<T>(body: string, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // not JSON: a proxy's HTML page, an empty body
  }
}

type ApiRequest = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls /api/…; resolves to the response when it is OK, otherwise throws an ApiError. */
export async function apiFetch(path: `/api/${string}`, request: ApiRequest = {}): Promise<Response> {
  // Every call carries this browser's anonymous session id: the routes that count the free allowance read it, the
  // others ignore it, and no call site can forget it.
  const headers = new Headers({ Accept: "application/json", "X-Session-ID": getSessionId() });
  if (request.body !== undefined) headers.set("Content-Type", "application/json");
  // Asked of supabase-js on every call rather than cached: it refreshes an expiring token before handing it out.
  const { data } = await supabase.auth.getSession();
  if (data.session) headers.set("Authorization", `Bearer ${data.session.access_token}`);

  const response = await fetch(path, {
    method: request.method ?? "GET",
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  if (!response.ok) {
    const error = new ApiError(response.status, await response.text(), response.statusText);
    const needsCredits = needsCreditsOf(error);
    if (needsCredits) reportNeedsCredits(needsCredits);
    throw error;
  }
  return response;
}

/** Parses an OK answer's JSON body against the contract, so a drifting server fails here and not deep in a view. */
export async function readJson<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  return schema.parse(await response.json());
}

/** The JSON body of a failed call, when it matches `schema`; undefined for any other error or body. */
export function errorBodyOf<T>(error: unknown, schema: z.ZodType<T>): T | undefined {
  return error instanceof ApiError ? parseBody(error.body, schema) : undefined;
}

/** The 402 answer when the signed-in person has nothing left to pay for the work; undefined for any other error. */
export function needsCreditsOf(error: unknown) {
  return error instanceof ApiError && error.status === 402 ? parseBody(error.body, needsCreditsSchema) : undefined;
}

/**
 * The server's words when it refused the caller rather than the request (429: too many, 403: suspended, or 402: nothing
 * left to pay with); they say why and what to do, which a generic "please try again" would contradict.
 */
export function refusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && [402, 403, 429].includes(error.status) ? error.serverMessage : undefined;
}

/** What to tell a person about a failed call: the server's own message when it sent one. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * A link the server handed out (a click redirect under /api/, or a stored http(s) link) as an absolute address on the
 * origin apiFetch calls; undefined for anything that is not such a link (javascript:, //host).
 */
export function linkHref(url: string | null): string | undefined {
  return url && isStoredUrl(url) ? new URL(url, window.location.origin).href : undefined;
}
