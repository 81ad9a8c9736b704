// The dashboard's API management tab: the public API's endpoints, for display, with the key screen (opened in a window
// of its own, as Duplicates is) and the developer documentation one click away.
import { INTEGRATIONS_BULK_MAX } from "@contracts/integrations";
import { Link } from "@tanstack/react-router";
import { BookOpenIcon, ExternalLinkIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The endpoints a key may call, as the integrations text lists them. */
const INTEGRATION_ENDPOINTS = [
  { method: "POST", path: "/api/integrations/validate-email", purpose: "Validate one address" },
  {
    method: "POST",
    path: "/api/integrations/validate-bulk",
    purpose: `Validate up to ${INTEGRATIONS_BULK_MAX.toLocaleString("en")} emails per bulk call`,
  },
  { method: "POST", path: "/api/integrations/scrape-domain", purpose: "Explore a domain for contacts" },
  { method: "GET", path: "/api/integrations/job-status", purpose: "Follow a bulk job" },
] as const;

export function ApiManagementTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>API integrations</CardTitle>
        <CardDescription>
          Users call these endpoints from their own servers with an API key, sent in a header. Manage every key, its usage
          and its rate limit on the API management screen.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul aria-label="Integration endpoints" className="grid gap-2 text-sm">
          {INTEGRATION_ENDPOINTS.map((endpoint) => (
            <li key={endpoint.path} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <code className="rounded-md bg-muted px-2 py-0.5 font-mono text-xs">
                {endpoint.method} {endpoint.path}
              </code>
              <span className="text-muted-foreground">{endpoint.purpose}</span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <a href="/admin/api-management" target="_blank" rel="noopener">
              Open API management
              <ExternalLinkIcon aria-hidden />
              <span className="sr-only">(opens in a new window)</span>
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link to="/developers">
              <BookOpenIcon aria-hidden />
              API documentation
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
