// The public API's documentation page, as the route reaches it.
export { DevelopersPage } from "./components/developers-page";
export { openApiDocumentQueryOptions } from "./api/get-openapi-document";
