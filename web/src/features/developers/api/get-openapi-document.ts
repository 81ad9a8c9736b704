// GET /api/integrations/openapi.json: the public API's own description, which the api builds from the schemas its routes
// validate with. Read at run time rather than copied in at build time, so the examples always match the API deployed
// beside this page, and the SPA's build needs nothing of the api's. Fetched without apiFetch: the document needs no
// key, and the public API refuses a sign-in token, which apiFetch would attach for a signed-in reader.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type OpenApiDocument, openApiDocumentSchema } from "../lib/openapi-document";

export const OPENAPI_DOCUMENT_PATH = "/api/integrations/openapi.json";

export async function getOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_DOCUMENT_PATH, { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return openApiDocumentSchema.parse(await response.json());
}

export function openApiDocumentQueryOptions() {
  return queryOptions({
    queryKey: [OPENAPI_DOCUMENT_PATH] as const,
    queryFn: ({ signal }) => getOpenApiDocument(signal),
    // It changes only with a deployment.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQueryOptions());
}
