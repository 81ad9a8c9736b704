// The SMTP fixture's side of the mailbox journeys: what its conversations were, read from its control port.
import { smtpFixtureControls, type SmtpFixtureControls } from "../../devstack/src/smtp-fixture/testing.ts";

export function smtpFixture(): SmtpFixtureControls {
  const url = process.env.SMTP_FIXTURE_URL;
  if (!url) throw new Error("SMTP_FIXTURE_URL is required: the SMTP fixture's control URL, which npm test sets");
  return smtpFixtureControls(url);
}

/** A local part no earlier run or test has used: a stored probe result would answer for a reused address. */
export function uniqueLocalPart(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}
