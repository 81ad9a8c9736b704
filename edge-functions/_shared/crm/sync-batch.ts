// Syncs up to 100 contacts to Zoho in a handful of calls: one COQL lookup per 50 addresses, one upsert for every
// contact with something to send, then at most one call to add the invalid-address tag and one to remove it. In bulk
// that is at most 0.05 calls per contact, which keeps a large run inside Zoho's per-minute limits and daily credits.
// A record Zoho refuses is a failed item, recorded and not retried; whatever ends the whole batch (reconnect, spent
// credits, Zoho unavailable) is thrown for the worker to act on.
import { ZOHO_INVALID_TAG, ZOHO_LOOKUP_BATCH, ZOHO_UPSERT_BATCH, type SyncOptions } from "./contract.ts";
import { planContact, tagChange, type SyncContactInput, type SyncItemResult } from "./sync-rules.ts";
import type { ZohoClient, ZohoContact, ZohoTagResult } from "./zoho/client.ts";

export type { SyncContactInput, SyncItemResult } from "./sync-rules.ts";

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const key = (email: string) => email.trim().toLowerCase();

async function existingRecords(client: ZohoClient, contacts: SyncContactInput[]): Promise<Map<string, ZohoContact>> {
  const emails = [...new Map(contacts.map((contact) => [key(contact.email), contact.email])).values()];
  const found = new Map<string, ZohoContact>();
  for (const batch of chunks(emails, ZOHO_LOOKUP_BATCH)) {
    // Zoho may hold an address twice; the upsert on Email updates the first it finds, and so does this.
    for (const record of await client.findContactsByEmails(batch)) if (!found.has(key(record.email))) found.set(key(record.email), record);
  }
  return found;
}

export async function syncBatch(client: ZohoClient, contacts: SyncContactInput[], options: SyncOptions): Promise<SyncItemResult[]> {
  if (contacts.length > ZOHO_UPSERT_BATCH) throw new RangeError(`A sync batch holds at most ${ZOHO_UPSERT_BATCH} contacts`);
  const existing = await existingRecords(client, contacts);
  const results: SyncItemResult[] = [];
  const writes: { index: number; record: Parameters<ZohoClient["upsertContacts"]>[0][number] }[] = [];
  for (const [index, contact] of contacts.entries()) {
    const record = existing.get(key(contact.email)) ?? null;
    const plan = planContact(contact, record, options.overwriteExisting);
    results.push({
      contactId: contact.contactId,
      outcome: "skipped",
      zohoId: record?.id ?? null,
      tagged: record?.tags.includes(ZOHO_INVALID_TAG) ?? false,
      message: plan.kind === "skip" ? plan.message : null,
    });
    if (plan.kind === "write") writes.push({ index, record: plan.record });
  }

  const written = await client.upsertContacts(writes.map((write) => write.record));
  for (const [position, answer] of written.entries()) {
    const result = results[writes[position]!.index]!;
    if (answer.ok) Object.assign(result, { outcome: answer.action === "insert" ? "created" : "updated", zohoId: answer.id });
    else Object.assign(result, { outcome: "failed", message: `${answer.code}: ${answer.message}${answer.field ? ` (${answer.field})` : ""}` });
  }

  const changes = { add: new Set<string>(), remove: new Set<string>() };
  for (const [index, result] of results.entries()) {
    if (result.outcome === "failed" || result.zohoId === null) continue;
    const change = tagChange(contacts[index]!.isValid, result.tagged, options.tagInvalidEmails);
    if (change) changes[change].add(result.zohoId);
  }
  const tagged = new Map<string, ZohoTagResult>();
  for (const result of await client.addTags([...changes.add], ZOHO_INVALID_TAG)) tagged.set(result.id, result);
  const untagged = new Map<string, ZohoTagResult>();
  for (const result of await client.removeTags([...changes.remove], ZOHO_INVALID_TAG)) untagged.set(result.id, result);
  for (const result of results) {
    const answer = (result.zohoId && (tagged.get(result.zohoId) ?? untagged.get(result.zohoId))) || null;
    if (!answer) continue;
    if (answer.ok) result.tagged = tagged.has(result.zohoId!);
    else result.message ??= `The tag could not be ${tagged.has(result.zohoId!) ? "added" : "removed"}: ${answer.message}`;
  }
  return results;
}
