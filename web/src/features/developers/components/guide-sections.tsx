// The docs' prose: how to start, how a key travels, the limits and the errors. The figures and messages come from the
// public API's contract, so the page cannot drift from what the api enforces.
import { API_KEY_DEFAULT_RATE_LIMIT, API_KEY_RATE_LIMIT_MAX, API_KEYS_ACTIVE_MAX } from "@contracts/api-keys";
import {
  API_KEY_EXPIRED_MESSAGE,
  API_KEY_HEADER,
  API_KEY_IN_QUERY_MESSAGE,
  API_KEY_INVALID_MESSAGE,
  API_KEY_MISSING_MESSAGE,
  API_KEY_QUERY_PARAMETERS,
  API_KEY_REVOKED_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  INTEGRATIONS_BULK_MAX,
  INTEGRATIONS_BULK_TOO_MANY_MESSAGE,
  INTEGRATIONS_INLINE_MAX,
  type IntegrationsError,
  REQUEST_ID_HEADER,
  USE_AN_API_KEY_MESSAGE,
} from "@contracts/integrations";
import type { ReactNode } from "react";
import { EXAMPLE_API_KEY } from "../lib/endpoint-examples";
import { CodeBlock } from "./code-block";
import { Code, type DocHeading, DocSection } from "./doc-section";

/** Days a bulk job's results can be downloaded. */
const RESULTS_KEPT_DAYS = 30;
const count = (value: number) => value.toLocaleString("en");

export const GUIDE_HEADINGS = {
  quickStart: { id: "quick-start", title: "Quick start" },
  authentication: { id: "authentication", title: "Authentication" },
  limits: { id: "limits", title: "Limits" },
  errors: { id: "errors", title: "Errors" },
} satisfies Record<string, DocHeading>;

export function QuickStartSection({ firstExample }: { firstExample: ReactNode }) {
  return (
    <DocSection heading={GUIDE_HEADINGS.quickStart}>
      <ol className="grid list-decimal gap-3 pl-6">
        <li>
          Sign in and create a key under{" "}
          <a href="/account/api-keys" className="font-medium text-primary underline-offset-4 hover:underline">
            My Account → API keys
          </a>
          . Its secret is shown once: copy it into your server's secrets (an environment variable, a vault), never into a
          web page or an app, since anyone holding it can spend your credits.
        </li>
        <li>
          Call an endpoint from your server with the key in a header. Replace <Code>{EXAMPLE_API_KEY}</Code> with your key:
        </li>
      </ol>
      {firstExample}
      <p>
        Every endpoint below has the same examples in curl, JavaScript and Python. Validations and explorations use your
        credits exactly as they do in the app.
      </p>
    </DocSection>
  );
}

export function AuthenticationSection() {
  return (
    <DocSection heading={GUIDE_HEADINGS.authentication}>
      <p>Send the key in one of two headers:</p>
      <CodeBlock label="Authentication headers" code={`Authorization: Bearer ${EXAMPLE_API_KEY}\n${API_KEY_HEADER}: ${EXAMPLE_API_KEY}`} />
      <ul className="grid list-disc gap-2 pl-6">
        <li>
          Never in the address: a key in the query string ({API_KEY_QUERY_PARAMETERS.map((name, index) => (
            <span key={name}>
              {index > 0 && ", "}
              <Code>{name}</Code>
            </span>
          ))}
          ) is refused with 400 "{API_KEY_IN_QUERY_MESSAGE}", because servers, proxies and browsers keep addresses in
          their logs.
        </li>
        <li>
          Call the API from your server. It sends no CORS headers, so a browser page cannot call it, and a key in a page
          would be public.
        </li>
        <li>A sign-in token from the app is refused with 401 "{USE_AN_API_KEY_MESSAGE}".</li>
        <li>
          A refused key answers 401 with <Code>WWW-Authenticate: Bearer</Code> and one of: "{API_KEY_MISSING_MESSAGE}", "
          {API_KEY_INVALID_MESSAGE}" (unknown, mistyped or malformed), "{API_KEY_REVOKED_MESSAGE}", "{API_KEY_EXPIRED_MESSAGE}
          ". Repeated failures from one address are limited too.
        </li>
        <li>
          You can hold {API_KEYS_ACTIVE_MAX} active keys. Rotate a key to get a new secret while the old one keeps working
          for a grace period, so your servers can switch without downtime.
        </li>
      </ul>
    </DocSection>
  );
}

export function LimitsSection() {
  return (
    <DocSection heading={GUIDE_HEADINGS.limits}>
      <ul className="grid list-disc gap-2 pl-6">
        <li>
          {count(API_KEY_DEFAULT_RATE_LIMIT)} calls per minute per key by default (an administrator can set up to{" "}
          {count(API_KEY_RATE_LIMIT_MAX)}). Every answer says where you stand: <Code>X-RateLimit-Limit</Code>,{" "}
          <Code>X-RateLimit-Remaining</Code> and <Code>X-RateLimit-Reset</Code> (Unix seconds). Past the limit the answer is
          429 with <Code>Retry-After</Code> (seconds). Your account's own limits apply as well.
        </li>
        <li>
          validate-bulk takes at most {count(INTEGRATIONS_BULK_MAX)} emails per call; more answer 413 "
          {INTEGRATIONS_BULK_TOO_MANY_MESSAGE}".
        </li>
        <li>
          Up to {count(INTEGRATIONS_INLINE_MAX)} emails are validated inline (200 with the results). More become a job
          (202 with its <Code>jobId</Code> and <Code>statusUrl</Code>): follow it with job-status, or pass a{" "}
          <Code>callbackUrl</Code> to be told when it ends. Its results can be downloaded for {RESULTS_KEPT_DAYS} days, as
          JSON pages or as CSV. The job also shows on your bulk validation page.
        </li>
        <li>
          Send an <Code>{IDEMPOTENCY_KEY_HEADER}</Code> header with validate-bulk to retry safely: for {IDEMPOTENCY_KEY_HOURS}{" "}
          hours the same key answers the same job and charges nothing again.
        </li>
      </ul>
    </DocSection>
  );
}

const ERROR_EXAMPLE: IntegrationsError = {
  message: "emails.2: must not be empty",
  code: "validation_failed",
  details: { issues: [{ path: "emails.2", message: "must not be empty" }] },
  requestId: "5f0c6f8e-3a8e-4bb1-9d39-2f4b8d1c7a10",
};

/** [status, its codes, when]: the codes a program can branch on. */
const ERROR_STATUSES: [status: number, codes: string[], when: string][] = [
  [
    400,
    ["validation_failed", "invalid_request"],
    "The body or a parameter is wrong (details.issues lists each problem as {path, message}), or the key was sent in the address.",
  ],
  [401, ["api_key_missing", "api_key_invalid", "api_key_revoked", "api_key_expired", "api_key_required"], "The key is missing, invalid, revoked or expired, or a sign-in token was sent instead of a key."],
  [402, ["insufficient_credits"], "Your account has no credits left for the work."],
  [403, ["account_suspended"], "Your account is suspended; the message says until when."],
  [404, ["not_found"], "No such job, or not yours."],
  [
    409,
    ["idempotency_key_reused", "idempotency_key_in_progress"],
    `The ${IDEMPOTENCY_KEY_HEADER} was used with a different body, or its first call is still being processed.`,
  ],
  [413, ["payload_too_large"], INTEGRATIONS_BULK_TOO_MANY_MESSAGE],
  [415, ["unsupported_media_type"], "The body was not sent as application/json."],
  [429, ["rate_limited"], "A limit was reached: wait the Retry-After seconds."],
  [502, ["exploration_failed", "upstream_unavailable"], "The work failed on our side; nothing was charged. Try again later."],
];

export function ErrorsSection() {
  return (
    <DocSection heading={GUIDE_HEADINGS.errors}>
      <p>
        Every error has the same JSON shape. <Code>code</Code> is stable and meant for your program; <Code>message</Code>{" "}
        is for people; <Code>requestId</Code> (also in the <Code>{REQUEST_ID_HEADER}</Code> header of every answer) names
        the call if you contact support.
      </p>
      <CodeBlock label="Error body" code={JSON.stringify(ERROR_EXAMPLE, null, 2)} />
      <div className="overflow-x-auto rounded-xl border">
        <table className="w-full text-sm">
          <caption className="sr-only">Error statuses</caption>
          <thead className="bg-muted/60 text-left">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Codes
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                When
              </th>
            </tr>
          </thead>
          <tbody>
            {ERROR_STATUSES.map(([status, codes, when]) => (
              <tr key={status} className="border-t align-top">
                <td className="px-4 py-2 font-mono tabular-nums">{status}</td>
                <td className="px-4 py-2">
                  <span className="flex flex-wrap gap-1">
                    {codes.map((code) => (
                      <Code key={code}>{code}</Code>
                    ))}
                  </span>
                </td>
                <td className="px-4 py-2">{when}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DocSection>
  );
}
