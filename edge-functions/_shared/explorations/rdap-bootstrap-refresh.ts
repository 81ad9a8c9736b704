// Replaces rdap-bootstrap.json, the RDAP bootstrap registry rdap.ts falls back on when IANA can't be read at run time,
// with IANA's current one. Run it before a release, where the internet is reachable, from the repository root:
//
//   node_modules/.bin/deno run --config edge-functions/deno.json --allow-net=data.iana.org \
//     --allow-write=edge-functions/_shared/explorations/rdap-bootstrap.json \
//     edge-functions/_shared/explorations/rdap-bootstrap-refresh.ts
//
// It asks IANA directly, not through the explorer's egress: this is a maintainer's tool, and its input is IANA's.
import { IANA_BOOTSTRAP_URL, type RdapBootstrap, rdapBootstrapSchema } from "./rdap.ts";

const target = new URL("./rdap-bootstrap.json", import.meta.url);

if (import.meta.main) {
  const response = await fetch(IANA_BOOTSTRAP_URL, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${IANA_BOOTSTRAP_URL} answered ${response.status}`);
  const registry = rdapBootstrapSchema.parse(await response.json());
  await Deno.writeTextFile(target, formatBootstrap(registry));
  const published = registry.publication ?? "(no date)";
  console.log(`${target.pathname}: ${registry.services.length} services, published ${published}`);
}

/** IANA's keys in IANA's order, one service per line, so a refresh reads as a diff of services. */
export function formatBootstrap(registry: RdapBootstrap): string {
  const list = (items: string[]) => `[${items.map((item) => JSON.stringify(item)).join(", ")}]`;
  const services = registry.services.map(([labels, urls]) => `    [${list(labels)}, ${list(urls)}]`);
  const head = [
    ...(registry.description === undefined ? [] : [`  "description": ${JSON.stringify(registry.description)},`]),
    ...(registry.publication === undefined ? [] : [`  "publication": ${JSON.stringify(registry.publication)},`]),
  ];
  const tail = ["  ],", `  "version": ${JSON.stringify(registry.version)}`, "}", ""];
  return ["{", ...head, '  "services": [', services.join(",\n"), ...tail].join("\n");
}
