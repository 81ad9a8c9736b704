// A mailbox check as the worker stores it, for tests: an existing mailbox at mailbox.test over verified TLS, with what
// a test needs changed.
import type { SmtpChecked } from "../contract.ts";

export function checkedSmtp(changes: Partial<SmtpChecked> = {}): SmtpChecked {
  return {
    status: "checked",
    outcome: "exists",
    smtpConnectable: true,
    smtpDeliverable: true,
    isCatchAll: false,
    catchAllConfidence: 0,
    mxHost: "mx.mailbox.test",
    tls: "verified",
    reply: { code: 250, enhancedCode: "2.1.5", text: "OK" },
    provider: null,
    checkedAt: "2026-11-27T10:00:00.000Z",
    ...changes,
  };
}
