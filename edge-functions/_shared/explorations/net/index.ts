// Safe egress for the explorer and RDAP: every outbound HTTP request of a domain exploration goes through a SafeFetcher,
// which refuses private space, pins connections to the addresses it checked (or uses OUTBOUND_HTTP_PROXY), follows
// redirects itself and caps what it reads. See safe-fetcher.ts for the rules.
export {
  createSafeFetcher,
  DEFAULT_MAX_BYTES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  EgressError,
  type EgressFailure,
  MAX_REDIRECTS,
  proxySettingSchema,
  type SafeFetcher,
  type SafeFetcherSettings,
  type SafeFetchOptions,
  type SafeResponse,
  USER_AGENT,
} from "./safe-fetcher.ts";
export { type AddressVerdict, checkAddress } from "../../dns/index.ts";
export { type HostResolution, resolveHost } from "./resolve-host.ts";
export { createDirectTransport, createProxyTransport, type HttpTransport } from "./transport.ts";
