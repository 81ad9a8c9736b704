// The public API's OpenAPI document, served without a key: OpenAPI 3.1, both ways of sending a key, the one error shape
// and the rate-limit headers, and every route of the sub-app described (one missing from it fails here).
import assert from "node:assert/strict";
import { integrationsApp, OPENAPI_PATH } from "./integrations.app.ts";
import { callIntegrations } from "../../testing/integrations.ts";
import { validateEmailRequestSchema, validationResultSchema } from "../../../_shared/validation/index.ts";

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown; example?: unknown }> }
  >;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
}

async function documentServed(): Promise<Document> {
  const answer = await callIntegrations(OPENAPI_PATH, null);
  assert.equal(answer.status, 200, answer.text);
  return answer.json as Document;
}

Deno.test("GET /api/integrations/openapi.json answers OpenAPI 3.1 without a key, with both ways of sending one", async () => {
  const document = await documentServed();
  assert.equal(document.openapi, "3.1.0");
  assert.deepEqual(document.components.securitySchemes.bearerAuth, {
    type: "http",
    scheme: "bearer",
    description: "The API key as a bearer token: `Authorization: Bearer msk_…`.",
  });
  assert.equal(document.components.securitySchemes.apiKeyHeader?.in, "header");
  assert.equal(document.components.securitySchemes.apiKeyHeader?.name, "X-API-Key");
});

Deno.test("every route of the sub-app is in the document, with its key, error shape and rate-limit headers", async () => {
  const document = await documentServed();
  // Hono's own list of what the sub-app answers: every method and path a handler was registered for.
  const routes = integrationsApp().routes
    .filter((route) => route.method !== "ALL" && !route.path.endsWith(OPENAPI_PATH))
    .map((route) => ({ method: route.method.toLowerCase(), path: route.path.replaceAll(/:(\w+)/g, "{$1}") }));
  assert.ok(routes.length >= 2);
  for (const { method, path } of routes) {
    const operation = document.paths[path]?.[method];
    assert.ok(operation, `${method.toUpperCase()} ${path} is missing from the OpenAPI document`);
    assert.deepEqual(operation.security, [{ bearerAuth: [] }, { apiKeyHeader: [] }], `${path} takes a key`);
    for (const status of ["401", "429"]) {
      const refusal: Operation["responses"][string] | undefined = operation.responses[status];
      assert.ok(refusal?.content?.["application/json"], `${method} ${path} documents ${status}`);
      assert.ok(refusal.headers?.["X-RateLimit-Remaining"], `${method} ${path}'s ${status} names the rate-limit headers`);
    }
    assert.ok(operation.responses["429"]!.headers?.["Retry-After"]);
  }
});

Deno.test("the examples are what the contract accepts and answers", async () => {
  const operation = (await documentServed()).paths["/api/integrations/validate-email"]?.post;
  validateEmailRequestSchema.parse(operation?.requestBody?.content["application/json"]?.example);
  validationResultSchema.parse(operation?.responses["200"]?.content?.["application/json"]?.example);
});
