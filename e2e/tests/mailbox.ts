// The SMTP fixture's side of the mailbox journeys: what its conversations were, read from its control port.

/** One connection to the fixture: the commands it received, in order. */
export type FixtureConnection = { commands: string[] };

function fixtureUrl(): string {
  const url = process.env.SMTP_FIXTURE_URL;
  if (!url) throw new Error("SMTP_FIXTURE_URL is required: the SMTP fixture's control URL, which npm test sets");
  return url;
}

/** Every conversation the fixture has had since it started (or was reset), oldest first. */
export async function fixtureTranscripts(): Promise<FixtureConnection[]> {
  const response = await fetch(`${fixtureUrl()}/_fake/transcripts`);
  if (!response.ok) throw new Error(`GET /_fake/transcripts answered ${response.status}`);
  return (await response.json()) as FixtureConnection[];
}

/** A local part no earlier run or test has used: a stored probe result would answer for a reused address. */
export function uniqueLocalPart(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}
