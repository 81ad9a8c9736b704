// The query string of an admin list: parameters left out when unset or empty, so the server applies its defaults.
export function adminSearchParams(query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  return params.size > 0 ? `?${params}` : "";
}
