// schema.org facts a site states about itself in JSON-LD: the organisation (description, postal address, phone,
// email, social profiles) and people (name, job title, email, phone). The JSON comes from strangers, so every field
// is read through a schema that keeps what fits and drops the rest: a malformed jobTitle does not lose the person.
import type { Element } from "domhandler";
import { z } from "zod";
import { rawText } from "./page-text.ts";

const collapse = (value: string) => value.replace(/\s+/g, " ").trim();

/** A text property: a string, the first string of a list, or a thing's name (schema.org lets all three stand). */
const text = z
  .union([
    z.string(),
    z.number().transform(String),
    z.array(z.unknown()).transform((values) => values.find((value) => typeof value === "string")),
    z.object({ name: z.string() }).transform((thing) => thing.name),
  ])
  .transform((value) => (value === undefined ? undefined : collapse(value) || undefined))
  .optional()
  .catch(undefined);

const urls = z
  .union([z.string(), z.array(z.unknown())])
  .transform((value): string[] =>
    (Array.isArray(value) ? value : [value]).filter((url): url is string => typeof url === "string")
  )
  .catch([]);

const postalAddressSchema = z.object({
  streetAddress: text,
  postOfficeBoxNumber: text,
  addressLocality: text,
  addressRegion: text,
  postalCode: text,
  addressCountry: text,
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

const organizationSchema = z.object({
  name: text,
  legalName: text,
  description: text,
  email: text,
  telephone: text,
  address: z
    .union([
      postalAddressSchema,
      z.array(z.unknown()).transform((list) => postalAddressSchema.safeParse(list[0]).data),
      z.string().transform((street) => ({ streetAddress: collapse(street) }) as PostalAddress),
    ])
    .optional()
    .catch(undefined),
  sameAs: urls,
});
export type OrganizationFacts = z.infer<typeof organizationSchema>;

const personSchema = z.object({
  name: text,
  givenName: text,
  familyName: text,
  jobTitle: text,
  email: text,
  telephone: text,
});
export type PersonFacts = z.infer<typeof personSchema>;

const contactPointSchema = z.object({ email: text, telephone: text, contactType: text });
export type ContactPointFacts = z.infer<typeof contactPointSchema>;

export interface StructuredData {
  organizations: OrganizationFacts[];
  people: PersonFacts[];
  contactPoints: ContactPointFacts[];
}

/**
 * Types that describe the business behind a site: Organization and its many subtypes (LocalBusiness, Brewery,
 * Dentist, LegalService...) are too many to list, so any typed thing with a name and a way to reach it counts,
 * except the types that are clearly something else.
 */
const NOT_ORGANIZATION = new RegExp(
  "^(?:Person|ContactPoint|PostalAddress|Place|WebSite|\\w*Page|\\w*Article|BlogPosting|Product|Offer|AggregateOffer|" +
    "\\w*Event|ImageObject|VideoObject|BreadcrumbList|ListItem|ItemList|SearchAction|Review|AggregateRating|Rating|" +
    "Brand|Thing)$",
);
const REACHABLE = ["address", "telephone", "email", "sameAs", "contactPoint", "logo"];

function isOrganisation(node: Record<string, unknown>, types: string[]): boolean {
  return types.length > 0 && types.every((type) => !NOT_ORGANIZATION.test(type)) && typeof node.name === "string" &&
    REACHABLE.some((key) => key in node);
}

function typesOf(node: Record<string, unknown>): string[] {
  const type = node["@type"];
  const list = Array.isArray(type) ? type : [type];
  return list
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.replace(/^(?:https?:\/\/schema\.org\/|schema:)/, ""));
}

function* nodes(value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 12 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item, depth + 1);
    return;
  }
  const node = value as Record<string, unknown>;
  yield node;
  for (const child of Object.values(node)) yield* nodes(child, depth + 1);
}

/** The JSON-LD blocks of a page; a block that is not JSON is skipped (sites ship broken ones). */
export function readStructuredData(pageElements: readonly Element[]): StructuredData {
  const found: StructuredData = { organizations: [], people: [], contactPoints: [] };
  for (const element of pageElements) {
    if (element.name !== "script" || !/^application\/ld\+json$/i.test(element.attribs.type?.trim() ?? "")) continue;
    const source = rawText(element).replace(/^\s*(?:<!--|<!\[CDATA\[)|(?:-->|\]\]>)\s*$/g, "");
    if (source.length > 1_000_000) continue;
    let json: unknown;
    try {
      json = JSON.parse(source);
    } catch {
      continue;
    }
    for (const node of nodes(json)) {
      const types = typesOf(node);
      if (types.includes("Person")) {
        const person = personSchema.safeParse(node);
        if (person.success) found.people.push(person.data);
      } else if (types.includes("ContactPoint")) {
        const point = contactPointSchema.safeParse(node);
        if (point.success) found.contactPoints.push(point.data);
      } else if (isOrganisation(node, types)) {
        const organization = organizationSchema.safeParse(node);
        if (organization.success) found.organizations.push(organization.data);
      }
    }
  }
  return found;
}

/** Countries that write the postcode before the town ("70565 Stuttgart"); elsewhere it follows ("Leeds LS6 3HN"). */
const POSTCODE_FIRST = new RegExp(
  "^(?:DE|AT|CH|LI|LU|FR|MC|BE|NL|IT|SM|ES|PT|DK|SE|NO|FI|IS|PL|CZ|SK|HU|SI|HR|RO|BG|GR|TR|RU|UA|EE|LV|LT|" +
    "Germany|Austria|Switzerland|France|Belgium|Netherlands|Italy|Spain|Portugal|Denmark|Sweden|Norway|Finland|" +
    "Poland)$",
  "i",
);

/**
 * A postal address as lines: street, then the town line as the country writes it, then the country (as
 * `countryName` when given: "Germany" for "DE").
 */
export function addressLines(address: PostalAddress, countryName = address.addressCountry): string | null {
  const { streetAddress, postOfficeBoxNumber, addressLocality, addressRegion, postalCode, addressCountry } = address;
  const town = POSTCODE_FIRST.test(addressCountry ?? "")
    ? [[postalCode, addressLocality].filter(Boolean).join(" "), addressRegion].filter(Boolean).join(", ")
    : [[addressLocality, addressRegion].filter(Boolean).join(", "), postalCode].filter(Boolean).join(" ");
  const lines = [streetAddress, postOfficeBoxNumber && `PO Box ${postOfficeBoxNumber}`, town, countryName]
    .filter((line): line is string => typeof line === "string" && line !== "");
  return lines.length === 0 ? null : lines.join("\n");
}
