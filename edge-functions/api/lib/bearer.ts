// The access token of `Authorization: Bearer <token>`, if the header has that shape.
export function bearerToken(header: string | undefined): string | null {
  return header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}
