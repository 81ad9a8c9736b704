// An example value for a JSON schema, for the request examples: the schema's own example when it gives one, else one
// made from its type and format. $ref is followed into the document's component schemas.
import type { JsonSchema, OpenApiDocument } from "./openapi-document";

const FORMAT_EXAMPLES: Record<string, string> = {
  email: "someone@example.com",
  uri: "https://example.com/mailscout-webhook",
  url: "https://example.com/mailscout-webhook",
  uuid: "3f2c6b1e-8a4d-4c2e-9b7a-1d5e6f708192",
  "date-time": "2026-01-15T10:00:00Z",
  date: "2026-01-15",
  hostname: "example.com",
};

/** The schema a $ref names, or the schema itself; an unknown reference reads as a schema that says nothing. */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace(/^#\/components\/schemas\//, "");
  const target = document.components?.schemas?.[name];
  // A reference to itself would never end; it reads as nothing more.
  return target && target !== schema ? resolveSchema(document, target) : {};
}

export function exampleValue(document: OpenApiDocument, given: JsonSchema, depth = 0): unknown {
  const schema = resolveSchema(document, given);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  // A nullable field (anyOf [T, null]) shows T.
  if (choice?.length) return exampleValue(document, choice.find((option) => option.type !== "null") ?? choice[0]!, depth);
  if (schema.allOf?.length) return exampleValue(document, Object.assign({}, ...schema.allOf.map((part) => resolveSchema(document, part))), depth);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== "null") : schema.type;
  // Schemas deeper than this are recursive in practice; an example need not follow them.
  if (depth > 6) return null;
  switch (type ?? (schema.properties ? "object" : undefined)) {
    case "object":
      return exampleObject(document, schema, depth);
    case "array":
      return schema.items ? [exampleValue(document, schema.items, depth + 1)] : [];
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return false;
    case "string":
      return (schema.format && FORMAT_EXAMPLES[schema.format]) ?? "string";
    default:
      return null;
  }
}

/** The required properties, and the optional ones the schema gives an example for: what a first call would send. */
function exampleObject(document: OpenApiDocument, schema: JsonSchema, depth: number): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const shown = Object.entries(schema.properties ?? {}).filter(
    ([name, property]) => required.has(name) || resolveSchema(document, property).example !== undefined,
  );
  return Object.fromEntries(shown.map(([name, property]) => [name, exampleValue(document, property, depth + 1)]));
}
