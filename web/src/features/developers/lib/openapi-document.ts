// The parts of an OpenAPI 3.1 document the developer docs read: servers, paths and their operations (summary,
// parameters, JSON body, responses, security), and the component schemas that $ref points to. Anything else the
// document holds is allowed and ignored, so the api can describe more without breaking the page.
import { z } from "zod";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  minimum?: number;
};

const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.looseObject({
    $ref: z.string().optional(),
    type: z.union([z.string(), z.array(z.string())]).optional(),
    format: z.string().optional(),
    description: z.string().optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    required: z.array(z.string()).optional(),
    items: jsonSchema.optional(),
    anyOf: z.array(jsonSchema).optional(),
    oneOf: z.array(jsonSchema).optional(),
    allOf: z.array(jsonSchema).optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    example: z.unknown().optional(),
    examples: z.array(z.unknown()).optional(),
    default: z.unknown().optional(),
    minimum: z.number().optional(),
  }),
);

const parameterSchema = z.looseObject({
  name: z.string(),
  in: z.enum(["query", "path", "header", "cookie"]),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: jsonSchema.optional(),
  example: z.unknown().optional(),
});
export type OpenApiParameter = z.infer<typeof parameterSchema>;

const mediaTypeSchema = z.looseObject({
  schema: jsonSchema.optional(),
  example: z.unknown().optional(),
  examples: z.record(z.string(), z.looseObject({ value: z.unknown().optional() })).optional(),
});
export type OpenApiMediaType = z.infer<typeof mediaTypeSchema>;

const operationSchema = z.looseObject({
  operationId: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  parameters: z.array(parameterSchema).optional(),
  requestBody: z.looseObject({ content: z.record(z.string(), mediaTypeSchema) }).optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string().optional() })).optional(),
  /** An empty list marks an operation that needs no key. */
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
export type OpenApiOperation = z.infer<typeof operationSchema>;

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  paths: z.record(
    z.string(),
    z.looseObject({
      get: operationSchema.optional(),
      post: operationSchema.optional(),
      put: operationSchema.optional(),
      patch: operationSchema.optional(),
      delete: operationSchema.optional(),
    }),
  ),
  components: z.looseObject({ schemas: z.record(z.string(), jsonSchema).optional() }).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
