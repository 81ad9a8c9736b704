// A DNS client for tests whose A answers follow a script per name, one answer per question (the last one repeats):
// what a rebinding attacker's server does, and what a name pointed elsewhere between two lookups looks like.
import type { Answer, DnsClient, DnsResponse } from "../../dns/index.ts";

export function scriptedDns(script: Record<string, string[]>): DnsClient & { asked: string[] } {
  const asked: string[] = [];
  const next = new Map<string, number>();
  return {
    asked,
    query(name, type) {
      asked.push(`${type} ${name}`);
      const answers: Answer[] = [];
      if (type === "A") {
        const count = next.get(name) ?? 0;
        next.set(name, count + 1);
        const addresses = script[name] ?? [];
        const address = addresses[Math.min(count, addresses.length - 1)];
        if (address) answers.push({ type: "A", name, ttl: 0, data: address } as Answer);
      }
      const response: DnsResponse = { rcode: "NOERROR", truncated: false, answers, authorities: [] };
      return Promise.resolve(response);
    },
  };
}

