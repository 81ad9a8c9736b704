// Zoho CRM's REST API v6 as the sync calls it: the organisation, a contact by email (search), contacts by a COQL
// query, upsert on Email (at most 100 records, each answered on its own: SUCCESS, or INVALID_DATA and
// MANDATORY_NOT_FOUND with the field's json_path), and adding or removing a tag on records. Every call passes the state's
// gates first (token, faults, per-minute and daily limits).
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { parseEmailQuery } from "./coql.ts";
import { ZohoCrmError, invalidRequest } from "./errors.ts";
import { CONTACT_TEXT_FIELDS, FAKE_ORG, FAKE_USER, type ContactTextField, type CrmCallKind, type StoredContact, type ZohoState } from "./state.ts";

/** Records per upsert and ids per tag call, as Zoho limits them. */
const UPSERT_MAX = 100;
const TAG_IDS_MAX = 500;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Entry {
  code: string;
  details: Record<string, unknown>;
  message: string;
  status: "success" | "error";
  [extra: string]: unknown;
}

const upsertBody = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  duplicate_check_fields: z.array(z.string()).optional(),
  trigger: z.array(z.string()).optional(),
});
const tagsBody = z.object({
  tags: z.array(z.object({ name: z.string().min(1) })).min(1),
  ids: z.array(z.string()).optional(),
});

async function jsonBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    throw invalidRequest("body is not a valid JSON");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidRequest("invalid data", { json_path: `$.${issue.path.join(".")}`, reason: issue.message });
  }
  return parsed.data;
}

/** All succeeded: 200; none: 400; some: 207, as Zoho answers a request of many records. */
function multiStatus(entries: Entry[]): ContentfulStatusCode {
  const failed = entries.filter((entry) => entry.status === "error").length;
  return failed === 0 ? 200 : failed === entries.length ? 400 : 207;
}

/** A contact as Zoho's record APIs show it. */
function recordJson(state: ZohoState, contact: StoredContact) {
  return {
    id: contact.id,
    ...contact.fields,
    Account_Name: contact.accountName === null ? null : { name: contact.accountName, id: state.lookupId("account", contact.accountName) },
    Tag: contact.tags.map((name) => ({ name, id: state.lookupId("tag", name) })),
    Owner: { ...FAKE_USER, email: "admin@zoho-test.example" },
    Created_Time: contact.createdTime,
    Modified_Time: contact.modifiedTime,
  };
}

/** A COQL row: only the selected columns; a lookup as its id, `Account_Name.Account_Name` as the account's name. */
function coqlRow(state: ZohoState, contact: StoredContact, fields: string[]) {
  const record = recordJson(state, contact) as Record<string, unknown>;
  const row: Record<string, unknown> = { id: contact.id };
  for (const field of fields) {
    if (field === "Account_Name") row[field] = contact.accountName === null ? null : { id: state.lookupId("account", contact.accountName) };
    else if (field === "Account_Name.Account_Name") row[field] = contact.accountName;
    else if (field in record) row[field] = record[field];
    else throw new ZohoCrmError(400, "INVALID_QUERY", `invalid column given: ${field}`, { column_name: field });
  }
  return row;
}

function upsertEntry(state: ZohoState, input: Record<string, unknown>, index: number): Entry {
  const invalid = (field: string, expected: string): Entry => ({
    code: "INVALID_DATA",
    details: { expected_data_type: expected, api_name: field, json_path: `$.data[${index}].${field}` },
    message: "invalid data",
    status: "error",
  });
  const changes: Partial<Record<ContactTextField, string | null>> = {};
  for (const field of CONTACT_TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== "string") return invalid(field, "text");
    changes[field] = value === "" ? null : value;
  }
  const email = changes.Email;
  if (email && (!EMAIL.test(email) || state.isBadRecord(email))) return invalid("Email", "email");
  let accountName: string | null | undefined;
  if (input.Account_Name !== undefined) {
    const account = z.object({ name: z.string().min(1) }).nullable().safeParse(input.Account_Name);
    if (!account.success) return invalid("Account_Name", "lookup");
    accountName = account.data?.name ?? null;
  }
  const existing = email ? state.contactByEmail(email) : undefined;
  if (!existing && !changes.Last_Name) {
    return {
      code: "MANDATORY_NOT_FOUND",
      details: { api_name: "Last_Name", json_path: `$.data[${index}].Last_Name` },
      message: "required field not found",
      status: "error",
    };
  }
  const saved = state.save(existing, changes, accountName);
  return {
    code: "SUCCESS",
    duplicate_field: existing ? "Email" : null,
    action: existing ? "update" : "insert",
    details: { Modified_Time: saved.modifiedTime, Modified_By: FAKE_USER, Created_Time: saved.createdTime, id: saved.id, Created_By: FAKE_USER },
    message: existing ? "record updated" : "record added",
    status: "success",
  };
}

export function crmRoutes(state: ZohoState): Hono {
  const app = new Hono();
  const gate = (kind: CrmCallKind) => async (c: Context, next: () => Promise<void>) => {
    state.count(kind);
    state.admit(c.req.header("authorization"));
    await next();
  };

  app.get("/crm/v6/org", gate("org"), (c) =>
    c.json({ org: [{ ...FAKE_ORG, primary_email: "admin@zoho-test.example", currency: "USD", country_code: "US" }] }),
  );

  app.get("/crm/v6/Contacts/search", gate("search"), (c) => {
    const email = c.req.query("email");
    if (!email) {
      throw new ZohoCrmError(400, "REQUIRED_PARAM_MISSING", "One of the expected parameter is missing", {
        param: ["criteria", "email", "phone", "word"],
      });
    }
    const found = state.contactByEmail(email);
    if (!found) return c.body(null, 204);
    return c.json({ data: [recordJson(state, found)], info: { per_page: 200, count: 1, page: 1, more_records: false } });
  });

  app.post("/crm/v6/coql", gate("coql"), async (c) => {
    const { select_query } = await jsonBody(c, z.object({ select_query: z.string() }));
    const query = parseEmailQuery(select_query);
    const wanted = new Set(query.emails.map((email) => email.toLowerCase()));
    const matches = state.contacts().filter((contact) => wanted.has(contact.fields.Email?.toLowerCase() ?? ""));
    const page = matches.slice(query.offset, query.offset + query.limit);
    if (page.length === 0) return c.body(null, 204);
    return c.json({
      data: page.map((contact) => coqlRow(state, contact, query.fields)),
      info: { count: page.length, more_records: matches.length > query.offset + query.limit },
    });
  });

  app.post("/crm/v6/Contacts/upsert", gate("upsert"), async (c) => {
    const body = await jsonBody(c, upsertBody);
    if (body.data.length === 0) throw invalidRequest("data is empty", { api_name: "data", json_path: "$.data" });
    if (body.data.length > UPSERT_MAX) {
      throw new ZohoCrmError(400, "LIMIT_EXCEEDED", "the number of records exceeds the limit", { limit: UPSERT_MAX, json_path: "$.data" });
    }
    const unsupported = (body.duplicate_check_fields ?? ["Email"]).find((field) => field !== "Email");
    if (unsupported) throw invalidRequest("the fake checks duplicates on Email only", { api_name: unsupported, json_path: "$.duplicate_check_fields" });
    const entries = body.data.map((record, index) => upsertEntry(state, record, index));
    return c.json({ data: entries }, multiStatus(entries));
  });

  for (const [action, add] of [["add_tags", true], ["remove_tags", false]] as const) {
    app.post(`/crm/v6/Contacts/actions/${action}`, gate(action), async (c) => {
      const body = await jsonBody(c, tagsBody);
      const ids = body.ids ?? (c.req.query("ids") ?? "").split(",").filter(Boolean);
      if (ids.length === 0) throw new ZohoCrmError(400, "REQUIRED_PARAM_MISSING", "One of the expected parameter is missing", { param_name: "ids" });
      if (ids.length > TAG_IDS_MAX) throw new ZohoCrmError(400, "LIMIT_EXCEEDED", "the number of ids exceeds the limit", { limit: TAG_IDS_MAX });
      const entries = ids.map((id): Entry => {
        let contact: StoredContact | undefined;
        for (const { name } of body.tags) contact = state.tag(id, name, add);
        if (!contact) return { code: "INVALID_DATA", details: { id }, message: "the id given seems to be invalid", status: "error" };
        return {
          code: "SUCCESS",
          details: { id, tags: contact.tags.map((name) => ({ name, id: state.lookupId("tag", name) })) },
          message: add ? "tags updated successfully" : "tags removed successfully",
          status: "success",
        };
      });
      const succeeded = entries.filter((entry) => entry.status === "success").length;
      return c.json({ data: entries, wf_scheduler: false, success_count: String(succeeded), locked_count: "0" }, multiStatus(entries));
    });
  }
  return app;
}
