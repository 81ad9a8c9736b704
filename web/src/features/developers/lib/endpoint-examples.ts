// The endpoints of an OpenAPI document as the developer docs show them: what each does, its parameters and answers,
// and a request to it with example values and the key in a header, ready to be written as curl, fetch or requests.
import { exampleValue, resolveSchema } from "./example-value";
import { HTTP_METHODS, type OpenApiDocument, type OpenApiMediaType, type OpenApiOperation } from "./openapi-document";
import type { ExampleRequest } from "./snippets";

/** Stands where a reader's own key goes; shaped like a key so it reads as one, and plainly not one. */
export const EXAMPLE_API_KEY = "msk_YOUR_API_KEY";

export type EndpointExample = {
  /** Unique on the page and usable as an anchor: the operationId, else the method and path. */
  id: string;
  method: string;
  path: string;
  summary: string | undefined;
  description: string | undefined;
  needsKey: boolean;
  parameters: { name: string; in: string; required: boolean; description: string | undefined }[];
  responses: { status: string; description: string | undefined }[];
  request: ExampleRequest;
};

export function endpointExamples(document: OpenApiDocument, origin: string): EndpointExample[] {
  const base = new URL(document.servers?.[0]?.url ?? "/", origin).href.replace(/\/$/, "");
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [endpointExample(document, base, method, path, operation)] : [];
    }),
  );
}

function endpointExample(
  document: OpenApiDocument,
  base: string,
  method: string,
  path: string,
  operation: OpenApiOperation,
): EndpointExample {
  const parameters = operation.parameters ?? [];
  const valueOf = (parameter: (typeof parameters)[number]) =>
    String(parameter.example ?? exampleValue(document, parameter.schema ?? { type: "string" }));
  const url = base + path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === "path" && candidate.name === name);
    return parameter ? encodeURIComponent(valueOf(parameter)) : whole;
  });
  // Optional query parameters are left to the reference below the example, unless the document shows one in use.
  const query = parameters.filter((parameter) => parameter.in === "query" && (parameter.required || parameter.example !== undefined));
  const needsKey = operation.security === undefined || operation.security.length > 0;
  const json = operation.requestBody?.content["application/json"];
  const body = json ? exampleBody(document, json) : undefined;
  const headers = [
    ...(needsKey ? [{ name: "Authorization", value: `Bearer ${EXAMPLE_API_KEY}` }] : []),
    ...(body === undefined ? [] : [{ name: "Content-Type", value: "application/json" }]),
  ];
  return {
    id: operation.operationId ?? `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-").replace(/-$/, ""),
    method: method.toUpperCase(),
    // As a reader calls it: the server's path (/api/integrations) before the document's.
    path: new URL(base).pathname.replace(/\/$/, "") + path,
    summary: operation.summary,
    description: operation.description,
    needsKey,
    parameters: parameters
      .filter((parameter) => parameter.in !== "header")
      .map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required ?? false,
        description: parameter.description ?? parameter.schema?.description,
      })),
    responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({ status, description: response.description })),
    request: {
      method: method.toUpperCase(),
      url,
      headers,
      queryString: query.map((parameter) => ({ name: parameter.name, value: valueOf(parameter) })),
      ...(body === undefined ? {} : { postData: { mimeType: "application/json", text: JSON.stringify(body) } }),
    },
  };
}

/** The body's own example (the first of its named examples), else one made from its schema. */
function exampleBody(document: OpenApiDocument, media: OpenApiMediaType): unknown {
  if (media.example !== undefined) return media.example;
  const named = Object.values(media.examples ?? {})[0];
  if (named?.value !== undefined) return named.value;
  return media.schema ? exampleValue(document, resolveSchema(document, media.schema)) : undefined;
}
