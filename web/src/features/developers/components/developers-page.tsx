// /developers: the public API's documentation, readable without signing in. The guide (quick start, authentication,
// limits, errors, webhooks) is written here; the endpoints and their examples are generated from the api's OpenAPI
// document, so they follow the API as it changes. A table of contents leads to each part and each endpoint.
import { useMemo, useState } from "react";
import { focusRing } from "@/components/ui/focus";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useOpenApiDocument } from "../api/get-openapi-document";
import { endpointExamples } from "../lib/endpoint-examples";
import { snippets, type SnippetLanguage } from "../lib/snippets";
import { CodeTabs } from "./code-tabs";
import type { DocHeading } from "./doc-section";
import { ENDPOINTS_HEADING, EndpointsSection, endpointTitle } from "./endpoints-section";
import { AuthenticationSection, ErrorsSection, GUIDE_HEADINGS, LimitsSection, QuickStartSection } from "./guide-sections";
import { WEBHOOKS_HEADING, WebhooksSection } from "./webhooks-section";

const tocLinkClass = cn("block rounded-sm py-0.5 text-muted-foreground transition-colors hover:text-foreground", focusRing);

export function DevelopersPage() {
  const document = useOpenApiDocument();
  const endpoints = useMemo(
    () => (document.data ? endpointExamples(document.data, window.location.origin) : undefined),
    [document.data],
  );
  // One choice of language for every example on the page.
  const [language, setLanguage] = useState<SnippetLanguage>("curl");
  const first = endpoints?.find((endpoint) => endpoint.path.endsWith("/validate-email")) ?? endpoints?.[0];

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label="On this page" className="text-sm lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto">
        <p className="mb-2 font-semibold">On this page</p>
        <ul className="grid gap-1">
          {[GUIDE_HEADINGS.quickStart, GUIDE_HEADINGS.authentication, GUIDE_HEADINGS.limits, GUIDE_HEADINGS.errors, WEBHOOKS_HEADING].map(
            (heading) => (
              <TocLink key={heading.id} heading={heading} />
            ),
          )}
          <li>
            <a href={`#${ENDPOINTS_HEADING.id}`} className={tocLinkClass}>
              {ENDPOINTS_HEADING.title}
            </a>
            {endpoints && (
              <ul className="grid gap-1 border-l pl-3">
                {endpoints.map((endpoint) => (
                  <li key={endpoint.id}>
                    <a href={`#${endpoint.id}`} className={cn(tocLinkClass, "font-mono text-xs break-all")}>
                      {endpointTitle(endpoint)}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        </ul>
      </nav>
      <div className="grid min-w-0 grid-cols-1 gap-12">
        <header className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">MailScout API</h1>
          <p className="text-muted-foreground">
            Validate addresses and explore domains from your own servers with an API key.
            {document.data && ` Version ${document.data.info.version}.`}
          </p>
        </header>
        <QuickStartSection
          firstExample={
            first ? (
              <CodeTabs label="First call" code={snippets(first.request)} language={language} onLanguageChange={setLanguage} />
            ) : document.isError ? null : (
              <Skeleton className="h-32" />
            )
          }
        />
        <AuthenticationSection />
        <LimitsSection />
        <ErrorsSection />
        <WebhooksSection />
        <EndpointsSection
          endpoints={endpoints}
          failed={document.isError}
          onRetry={() => void document.refetch()}
          language={language}
          onLanguageChange={setLanguage}
        />
      </div>
    </div>
  );
}

function TocLink({ heading }: { heading: DocHeading }) {
  return (
    <li>
      <a href={`#${heading.id}`} className={tocLinkClass}>
        {heading.title}
      </a>
    </li>
  );
}
