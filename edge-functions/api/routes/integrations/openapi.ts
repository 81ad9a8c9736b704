// What every route of the public API shares in its OpenAPI description: how a key is sent, the headers every answer
// carries, and the one error shape with the statuses a route can answer. Routes declare themselves with createRoute
// from the contract's zod schemas and these pieces, so the document served at /api/integrations/openapi.json is the
// routes' own declaration.
import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  API_KEY_HEADER,
  API_KEY_INVALID_MESSAGE,
  integrationsErrorSchema,
  REQUEST_ID_HEADER,
} from "../../../_shared/integrations/index.ts";
import type { IntegrationsEnv } from "./integrations-env.ts";

/** Either scheme suffices: a key as a bearer token, or in X-API-Key. */
export const API_KEY_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { apiKeyHeader: [] }];

type HeaderObject = { description: string; schema: { type: "integer" | "string" } };

const integer = (description: string): HeaderObject => ({ description, schema: { type: "integer" } });

/** On every answer of a route that takes a key. */
export const ANSWER_HEADERS: Record<string, HeaderObject> = {
  [REQUEST_ID_HEADER]: { description: "This call's id: quote it when asking about the call.", schema: { type: "string" } },
  "X-RateLimit-Limit": integer("Calls the deciding limit allows in its window (the key's per minute for an accepted call)."),
  "X-RateLimit-Remaining": integer("Calls left in the window."),
  "X-RateLimit-Reset": integer("When the window starts again, in Unix seconds."),
  "RateLimit-Limit": integer("The same limit, as the IETF RateLimit header fields draft names it."),
  "RateLimit-Remaining": integer("Calls left in the window."),
  "RateLimit-Reset": integer("Seconds until the window starts again."),
};

const RETRY_AFTER: Record<string, HeaderObject> = {
  "Retry-After": integer("Seconds to wait before calling again."),
};

/** Why a route may refuse, per status; a route lists the statuses it can answer. */
const ERROR_DESCRIPTIONS = {
  400: "The body or query is invalid (details lists each problem), or the key was sent in the URL.",
  401: "The key is missing, invalid, revoked or expired, or a sign-in token was sent instead of a key. " +
    "Answered with WWW-Authenticate: Bearer.",
  402: "The owner has no credits left for this work.",
  403: "The key's owner is suspended.",
  404: "Not found, or not the key owner's.",
  409: "The request conflicts with an earlier one.",
  413: "Too many entries or too large a body.",
  415: "The body is not sent as application/json.",
  429: "A limit was reached: the key's calls per minute, the owner's limits, or failed attempts from the network.",
  502: "The work failed on our side; nothing was charged. Try again later.",
} as const;
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const ERROR_EXAMPLE = {
  message: API_KEY_INVALID_MESSAGE,
  code: "api_key_invalid",
  requestId: "5f0c6f8e-3a8e-4bb1-9d39-2f4b8d1c7a10",
};

interface ErrorResponse {
  description: string;
  headers: Record<string, HeaderObject>;
  content: { "application/json": { schema: typeof integrationsErrorSchema; example: typeof ERROR_EXAMPLE } };
}

export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, {
      description: ERROR_DESCRIPTIONS[status],
      headers: status === 429 ? { ...ANSWER_HEADERS, ...RETRY_AFTER } : ANSWER_HEADERS,
      content: { "application/json": { schema: integrationsErrorSchema, example: ERROR_EXAMPLE } },
    }]),
  ) as unknown as Record<S, ErrorResponse>;
}

/** The statuses every route that takes a key can answer, whatever it does. */
export const KEY_ERRORS = [400, 401, 403, 429] as const;

export function registerSecuritySchemes(app: OpenAPIHono<IntegrationsEnv>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "The API key as a bearer token: `Authorization: Bearer msk_…`.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKeyHeader", {
    type: "apiKey",
    in: "header",
    name: API_KEY_HEADER,
    description: "The API key in its own header. Never put a key in the URL: such calls are refused.",
  });
}
