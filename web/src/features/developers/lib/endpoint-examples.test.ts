// The examples generator, from a small OpenAPI document shaped as the api's (a server path, $ref'd schemas, a path
// parameter, a required query parameter, a public operation).
import { describe, expect, it } from "vitest";
import { openApiFixture } from "@/test/developers";
import { EXAMPLE_API_KEY, endpointExamples } from "./endpoint-examples";
import { openApiDocumentSchema } from "./openapi-document";
import { snippets } from "./snippets";

const ORIGIN = "https://mailscout.example";

const document = openApiDocumentSchema.parse(openApiFixture);

function byId(id: string) {
  const endpoint = endpointExamples(document, ORIGIN).find((candidate) => candidate.id === id);
  if (!endpoint) throw new Error(`no endpoint ${id}`);
  return endpoint;
}

describe("endpointExamples", () => {
  it("lists every operation, named by its operationId or else by its method and path, under the server's path", () => {
    expect(endpointExamples(document, ORIGIN).map(({ id, method, path }) => [id, method, path])).toEqual([
      ["validateEmail", "POST", "/api/integrations/validate-email"],
      ["validateBulk", "POST", "/api/integrations/validate-bulk"],
      ["get-job-status-jobId", "GET", "/api/integrations/job-status/{jobId}"],
      ["jobStatus", "GET", "/api/integrations/job-status"],
      ["scrapeDomain", "POST", "/api/integrations/scrape-domain"],
      ["openapi", "GET", "/api/integrations/openapi.json"],
    ]);
  });

  it("builds the body from the schema: required fields and those with an example, following $ref", () => {
    const { request, responses, summary } = byId("validateBulk");
    expect(summary).toBe("Validate many addresses");
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`${ORIGIN}/api/integrations/validate-bulk`);
    expect(JSON.parse(request.postData!.text!)).toEqual({ emails: ["someone@example.com"], name: "October leads" });
    expect(request.headers).toEqual([
      { name: "Authorization", value: `Bearer ${EXAMPLE_API_KEY}` },
      { name: "Content-Type", value: "application/json" },
    ]);
    expect(responses).toEqual([
      { status: "200", description: "Validated inline" },
      { status: "202", description: "A job" },
      { status: "413", description: "Too many" },
    ]);
  });

  it("prefers the body's own example", () => {
    expect(JSON.parse(byId("scrapeDomain").request.postData!.text!)).toEqual({ domain: "acme.com", fullDataCollection: true });
  });

  it("fills path parameters and required query parameters, leaving optional ones and headers to the reference", () => {
    expect(byId("get-job-status-jobId").request.url).toBe(`${ORIGIN}/api/integrations/job-status/3f2c6b1e-8a4d-4c2e-9b7a-1d5e6f708192`);
    const status = byId("jobStatus");
    expect(status.request.queryString).toEqual([{ name: "jobId", value: "job-1" }]);
    expect(status.request.postData).toBeUndefined();
    expect(status.parameters).toEqual([
      { name: "jobId", in: "query", required: true, description: "The job's id" },
      { name: "format", in: "query", required: false, description: undefined },
    ]);
  });

  it("sends no key to an operation that needs none", () => {
    const openapi = byId("openapi");
    expect(openapi.needsKey).toBe(false);
    expect(openapi.request.headers).toEqual([]);
  });
});

describe("snippets", () => {
  it("writes the key in a header, never in the address, in all three languages", () => {
    const code = snippets(byId("jobStatus").request);
    expect(code.curl).toContain(`--header 'Authorization: Bearer ${EXAMPLE_API_KEY}'`);
    expect(code.curl).toContain(`'${ORIGIN}/api/integrations/job-status?jobId=job-1'`);
    expect(code.javascript).toMatch(/^const response = await fetch\('https:\/\/mailscout\.example\/api\/integrations\/job-status\?jobId=job-1'/);
    expect(code.javascript).toContain(`Authorization: 'Bearer ${EXAMPLE_API_KEY}'`);
    expect(code.python).toMatch(/^import requests\n\nresponse = requests\.get\(/);
    expect(code.python).toContain(`"Authorization": "Bearer ${EXAMPLE_API_KEY}"`);
    expect(code.python).toContain(`"jobId": "job-1"`);
    for (const text of Object.values(code)) expect(text).not.toMatch(/[?&](api_?key|key)=/i);
  });

  it("sends the body as JSON: Python's booleans and JavaScript's JSON.stringify", () => {
    const code = snippets(byId("scrapeDomain").request);
    expect(code.curl).toContain(`--data '{\n  "domain": "acme.com",\n  "fullDataCollection": true\n}'`);
    expect(code.javascript).toContain("body: JSON.stringify({");
    expect(code.python).toContain(`"fullDataCollection": True`);
  });
});
