// Sends a fuzzed request to the running stack's gateway as described, and tells a server failure from an answer.
import { gateway } from "../testing/stack.ts";
import type { Credentials, FuzzRequest } from "./requests.ts";

export interface FuzzAnswer {
  status: number;
  body: string;
  /** Set when no HTTP answer came back (reset, closed connection): as bad as a 5xx. */
  networkError?: string;
}

/** Sends the request as described. null when the client itself refuses to build it (e.g. a body on GET). */
export async function send(request: FuzzRequest, credentials: Credentials): Promise<FuzzAnswer | null> {
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(request.headers)) headers.append(name, value);
    if (request.caller !== "anonymous") headers.set("authorization", credentials[request.caller]);
  } catch {
    return null;
  }
  const body = request.body === undefined
    ? undefined
    : typeof request.body === "string"
    ? request.body
    : new Uint8Array(request.body);
  let prepared: Request;
  try {
    prepared = new Request(`${gateway}${request.path}`, { method: request.method, headers, body, redirect: "manual" });
  } catch {
    return null;
  }
  try {
    const response = await fetch(prepared);
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: "", networkError: error instanceof Error ? error.message : String(error) };
  }
}

export const isServerFailure = (answer: FuzzAnswer | null) =>
  answer !== null && (answer.status >= 500 || answer.networkError !== undefined);
