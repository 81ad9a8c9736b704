// A request as curl, JavaScript (fetch) and Python (requests) code. @scalar/snippetz writes each call; the lines around
// it make a script one can run as it is: the import, and printing the answer.
import { jsFetch } from "@scalar/snippetz/plugins/js/fetch";
import { pythonRequests } from "@scalar/snippetz/plugins/python/requests";
import { shellCurl } from "@scalar/snippetz/plugins/shell/curl";

/** A HAR request (method, url, headers, queryString, postData), the form snippetz reads. */
export type ExampleRequest = NonNullable<Parameters<typeof shellCurl.generate>[0]>;

export const SNIPPET_LANGUAGES = ["curl", "javascript", "python"] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];
export const SNIPPET_LANGUAGE_LABELS: Record<SnippetLanguage, string> = {
  curl: "curl",
  javascript: "JavaScript (fetch)",
  python: "Python (requests)",
};

export function snippets(request: ExampleRequest): Record<SnippetLanguage, string> {
  return {
    curl: shellCurl.generate(request),
    javascript: `const response = await ${jsFetch.generate(request)};\nconsole.log(response.status, await response.json());`,
    python: `import requests\n\nresponse = ${pythonRequests.generate(request)}\nprint(response.status_code, response.json())`,
  };
}
