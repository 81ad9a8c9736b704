// Webhooks: what a job's callback receives and how to check it came from MailScout. The verification code is the very
// file the tests run against a signed body, so what a reader copies is known to work.
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENTS,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_TOLERANCE_SECONDS,
} from "@contracts/api-keys";
import type { WebhookEvent } from "@contracts/integrations";
import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import verifyJavaScript from "../snippets/verify-signature.mjs?raw";
import verifyPython from "../snippets/verify_signature.py?raw";
import { CodeBlock } from "./code-block";
import { Code, type DocHeading, DocSection } from "./doc-section";

export const WEBHOOKS_HEADING: DocHeading = { id: "webhooks", title: "Webhooks" };

const EVENT_EXAMPLE: WebhookEvent = {
  event: "job.completed",
  jobId: "3f2c6b1e-8a4d-4c2e-9b7a-1d5e6f708192",
  status: "completed",
  counts: { deliverable: 180, risky: 5, undeliverable: 12, unknown: 3 },
  resultsUrl: `${window.location.origin}/api/integrations/jobs/3f2c6b1e-8a4d-4c2e-9b7a-1d5e6f708192/results`,
  occurredAt: "2026-01-15T10:04:12.000Z",
};

/** "1 min, 5 min, 30 min, 2 h, 12 h" */
function retrySchedule(): string {
  return WEBHOOK_RETRY_SECONDS.map((seconds) => (seconds < 3_600 ? `${seconds / 60} min` : `${seconds / 3_600} h`)).join(", ");
}

export function WebhooksSection() {
  const [language, setLanguage] = useState("javascript");
  return (
    <DocSection heading={WEBHOOKS_HEADING}>
      <p>
        Give validate-bulk a <Code>callbackUrl</Code> (https, on a public address, without a user name or password) and
        MailScout POSTs one of {WEBHOOK_EVENTS.map((event, index) => (
          <span key={event}>
            {index > 0 && " or "}
            <Code>{event}</Code>
          </span>
        ))}{" "}
        to it when the job ends:
      </p>
      <CodeBlock label="Webhook body" code={JSON.stringify(EVENT_EXAMPLE, null, 2)} />
      <ul className="grid list-disc gap-2 pl-6">
        <li>
          <Code>{WEBHOOK_SIGNATURE_HEADER}</Code>: <Code>t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</Code>, where the signature
          is the hex HMAC-SHA256 of <Code>&lt;t&gt;.&lt;raw body&gt;</Code> keyed with your signing secret (My Account → API
          keys reveals and regenerates it). Refuse a signature older than {WEBHOOK_TOLERANCE_SECONDS / 60} minutes.
        </li>
        <li>
          <Code>{WEBHOOK_DELIVERY_HEADER}</Code>: the delivery's id, the same on every attempt, so you can ignore one you have
          already handled.
        </li>
        <li>
          Answer any 2xx within {WEBHOOK_TIMEOUT_MS / 1000} seconds. Otherwise MailScout tries again after {retrySchedule()},
          then gives up; every attempt shows in your delivery log, where you can send it again.
        </li>
      </ul>
      <p>Check the signature over the raw body, before parsing it:</p>
      <Tabs value={language} onValueChange={setLanguage} className="grid grid-cols-1 gap-2">
        <TabsList aria-label="Signature verification" className="w-fit">
          <TabsTrigger value="javascript">JavaScript (Node.js)</TabsTrigger>
          <TabsTrigger value="python">Python</TabsTrigger>
        </TabsList>
        <TabsContent value="javascript">
          <CodeBlock label="Signature verification: JavaScript" code={verifyJavaScript.trimEnd()} />
        </TabsContent>
        <TabsContent value="python">
          <CodeBlock label="Signature verification: Python" code={verifyPython.trimEnd()} />
        </TabsContent>
      </Tabs>
    </DocSection>
  );
}
