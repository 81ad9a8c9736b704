// The docs' JavaScript snippet, typed for the test that runs it.
export function verifyMailScoutSignature(
  header: string | null | undefined,
  rawBody: string,
  secret: string,
  toleranceSeconds?: number,
): boolean;
