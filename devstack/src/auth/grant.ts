// The Session answer of /signup and /token: exactly GoTrue's keys, nothing optional.
import type { SessionRow } from "./sessions.ts";
import { mintAccessToken, type TokenSettings } from "./tokens.ts";
import { tokenSubject, type UserRecord, userJson } from "./users.ts";

export async function sessionResponse(
  settings: TokenSettings,
  user: UserRecord,
  session: SessionRow,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const { accessToken, expiresAt } = await mintAccessToken(settings, tokenSubject(user.row), {
    id: session.id,
    aal: session.aal ?? "aal1",
    signedInAt: session.created_at,
  });
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: settings.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}
