// Push keys travel as unpadded base64url (RFC 8291, RFC 8292); their lengths are fixed, so a wrong one is caught early.

/** Whether value is unpadded base64url of exactly `bytes` bytes. */
export function isBase64urlOf(value: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value) && value.length === Math.ceil((bytes * 4) / 3);
}
