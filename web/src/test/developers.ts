// A small OpenAPI document shaped as the api's (a server path, $ref'd schemas, a path parameter, a required query
// parameter, a public operation), for the examples generator and the /developers page.
export const openApiFixture = {
  openapi: "3.1.0",
  info: { title: "MailScout API", version: "1.0.0" },
  servers: [{ url: "/api/integrations" }],
  paths: {
    "/validate-email": {
      post: {
        operationId: "validateEmail",
        summary: "Validate one address",
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", required: ["email"], properties: { email: { $ref: "#/components/schemas/Email" } } },
            },
          },
        },
        responses: { "200": { description: "The verdict" } },
      },
    },
    "/validate-bulk": {
      post: {
        operationId: "validateBulk",
        summary: "Validate many addresses",
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/ValidateBulk" } } } },
        responses: { "200": { description: "Validated inline" }, "202": { description: "A job" }, "413": { description: "Too many" } },
      },
    },
    "/job-status/{jobId}": {
      get: {
        parameters: [{ name: "jobId", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
        responses: { "200": { description: "The job" } },
      },
    },
    "/job-status": {
      get: {
        operationId: "jobStatus",
        parameters: [
          { name: "jobId", in: "query", required: true, description: "The job's id", example: "job-1" },
          { name: "format", in: "query", required: false, schema: { type: "string", enum: ["json", "csv"] } },
          { name: "Idempotency-Key", in: "header", required: false, schema: { type: "string" } },
        ],
        responses: {},
      },
    },
    "/scrape-domain": {
      post: {
        operationId: "scrapeDomain",
        requestBody: { content: { "application/json": { example: { domain: "acme.com", fullDataCollection: true } } } },
      },
    },
    "/openapi.json": { get: { operationId: "openapi", security: [] } },
  },
  components: {
    schemas: {
      ValidateBulk: {
        type: "object",
        required: ["emails"],
        properties: {
          emails: { type: "array", items: { anyOf: [{ $ref: "#/components/schemas/Email" }, { type: "object" }] } },
          name: { type: "string", example: "October leads" },
          callbackUrl: { type: "string", format: "uri" },
        },
      },
      Email: { type: "string", format: "email" },
    },
  },
};
