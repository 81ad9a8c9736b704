// The check a push service makes on "Authorization: vapid t=<JWT>, k=<key>" (RFC 8292): an ES256 token signed by the
// key given, for this service's origin, expiring within 24 hours, naming a mailto: or https: contact; and, when the
// browser subscribed with an applicationServerKey, that very key.
import { importJWK, jwtVerify } from "jose";

const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

export class VapidRejected extends Error {
  constructor(
    /** 401 when there is no usable credential, 403 when it is the wrong one (as FCM and autopush answer). */
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

async function publicKey(k: string) {
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new VapidRejected(401, "k must be an uncompressed P-256 public key");
  try {
    return await importJWK(
      { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
      "ES256",
    );
  } catch {
    throw new VapidRejected(401, "k is not a P-256 public key");
  }
}

/** The token's contact (sub); throws VapidRejected otherwise. */
export async function verifyVapid(
  authorization: string | undefined,
  options: { audience: string; applicationServerKey?: string; now?: Date },
): Promise<{ subject: string; publicKey: string }> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new VapidRejected(401, 'Authorization must be "vapid t=<JWT>, k=<public key>"');
  const [, token, k] = match as unknown as [string, string, string];
  if (options.applicationServerKey !== undefined && k !== options.applicationServerKey) {
    throw new VapidRejected(403, "k is not the key this subscription was made with");
  }
  const now = options.now ?? new Date();
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(token, await publicKey(k), {
      algorithms: ["ES256"],
      audience: options.audience,
      requiredClaims: ["exp", "sub"],
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof VapidRejected) throw error;
    throw new VapidRejected(403, `The VAPID token is invalid: ${(error as Error).message}`);
  }
  if (claims.exp! > now.getTime() / 1000 + MAX_LIFETIME_SECONDS) {
    throw new VapidRejected(403, "The VAPID token must expire within 24 hours");
  }
  if (typeof claims.sub !== "string" || !/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(claims.sub)) {
    throw new VapidRejected(403, "The VAPID token's sub must be a mailto: or https: URL");
  }
  return { subject: claims.sub, publicKey: k };
}
