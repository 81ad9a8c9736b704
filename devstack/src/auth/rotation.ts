// Refresh-token rotation rules (GoTrue's RefreshTokenGrant, auth internal/tokens/service.go):
// every refresh revokes the token it was given and issues a child. A revoked token is still honoured, by handing back
// the session's current token, when it is the current token's parent (the client lost the last answer) or when it
// was revoked less than the reuse interval ago (several tabs refreshing at once). Any other reuse looks like a stolen
// token, so the whole session ends, its access tokens with it (as GoTrue does for its current refresh tokens).

// GoTrue's GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL default.
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000;

export interface PresentedRefreshToken {
  token: string;
  revoked: boolean;
  /** When the row last changed: for a revoked token, when it was revoked. */
  updatedAt: Date;
}

/** The session's one unrevoked token, if any. */
export interface ActiveRefreshToken {
  token: string;
  parent: string | null;
}

export type RefreshDecision =
  | { action: "rotate" }
  | { action: "answer-active"; token: string }
  | { action: "reject-reuse" };

export function decideRefresh(
  presented: PresentedRefreshToken,
  active: ActiveRefreshToken | null,
  now: Date,
  reuseIntervalMs: number = REFRESH_TOKEN_REUSE_INTERVAL_MS,
): RefreshDecision {
  if (!presented.revoked) return { action: "rotate" };
  // Rotation always leaves one current token; without one there is nothing that could be handed back.
  if (active === null) return { action: "reject-reuse" };
  if (active.parent === presented.token) return { action: "answer-active", token: active.token };
  if (now.getTime() <= presented.updatedAt.getTime() + reuseIntervalMs) {
    return { action: "answer-active", token: active.token };
  }
  return { action: "reject-reuse" };
}
