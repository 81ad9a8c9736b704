// The endpoints, one block each, generated from the api's OpenAPI document: what the call does, its parameters, its
// answers, and the request in each language.
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import type { EndpointExample } from "../lib/endpoint-examples";
import { snippets, type SnippetLanguage } from "../lib/snippets";
import { CodeTabs } from "./code-tabs";
import { Code, type DocHeading, DocSection } from "./doc-section";

export const ENDPOINTS_HEADING: DocHeading = { id: "endpoints", title: "Endpoints" };

type EndpointsSectionProps = {
  endpoints: EndpointExample[] | undefined;
  failed: boolean;
  onRetry: () => void;
  language: SnippetLanguage;
  onLanguageChange: (language: SnippetLanguage) => void;
};

export function EndpointsSection({ endpoints, failed, onRetry, language, onLanguageChange }: EndpointsSectionProps) {
  return (
    <DocSection heading={ENDPOINTS_HEADING}>
      {failed ? (
        <ErrorNotice onRetry={onRetry}>Could not load the API description.</ErrorNotice>
      ) : endpoints === undefined ? (
        <div role="status" aria-label="Loading the endpoints" className="grid gap-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        endpoints.map((endpoint) => (
          <Endpoint key={endpoint.id} endpoint={endpoint} language={language} onLanguageChange={onLanguageChange} />
        ))
      )}
    </DocSection>
  );
}

/** An endpoint's heading, as the table of contents and the section both name it. */
export function endpointTitle(endpoint: EndpointExample): string {
  return `${endpoint.method} ${endpoint.path}`;
}

type EndpointProps = { endpoint: EndpointExample; language: SnippetLanguage; onLanguageChange: (language: SnippetLanguage) => void };

function Endpoint({ endpoint, language, onLanguageChange }: EndpointProps) {
  return (
    <article aria-labelledby={endpoint.id} className="grid grid-cols-1 gap-3 rounded-2xl border bg-card p-5 text-card-foreground">
      <h3 id={endpoint.id} className="scroll-mt-20 font-mono text-base font-semibold break-all">
        {endpointTitle(endpoint)}
      </h3>
      {endpoint.summary && <p className="font-medium">{endpoint.summary}</p>}
      {endpoint.description && <p className="text-sm whitespace-pre-line text-muted-foreground">{endpoint.description}</p>}
      {!endpoint.needsKey && <p className="text-sm">No key needed.</p>}
      {endpoint.parameters.length > 0 && (
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          {endpoint.parameters.map((parameter) => (
            <div key={`${parameter.in}-${parameter.name}`} className="contents">
              <dt>
                <Code>{parameter.name}</Code>{" "}
                <span className="text-muted-foreground">
                  ({parameter.in}
                  {parameter.required ? ", required" : ""})
                </span>
              </dt>
              <dd className="text-muted-foreground">{parameter.description ?? ""}</dd>
            </div>
          ))}
        </dl>
      )}
      <CodeTabs label={`${endpointTitle(endpoint)} examples`} code={snippets(endpoint.request)} language={language} onLanguageChange={onLanguageChange} />
      {endpoint.responses.length > 0 && (
        <ul aria-label={`${endpointTitle(endpoint)} answers`} className="grid gap-1 text-sm">
          {endpoint.responses.map((response) => (
            <li key={response.status}>
              <span className="font-mono tabular-nums">{response.status}</span>{" "}
              <span className="text-muted-foreground">{response.description}</span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
