// Phone numbers as E.164 ("+442079460958") where the country can be told, with libphonenumber-js's full metadata
// (the "max" build validates number ranges, not only lengths, so a postcode or an order number is not a phone).
// A number written without its country code ("(020) 7946 0958") needs the site's country: the postal address in
// its structured data, else its country-code TLD, else the region of its html lang ("en-GB"). Without one, text only
// yields numbers written in international form; a tel: link, which says it is a phone, keeps the number as written.
import {
  type CountryCode,
  findPhoneNumbersInText,
  getCountries,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";

/** Country-code TLDs sold worldwide as generic names (.io, .co, .ai, .me, .tv...): they say nothing of a country. */
const GENERIC_CCTLDS = new Set([
  "ac", "ai", "cc", "co", "fm", "gg", "io", "la", "ly", "me", "ms", "nu", "so", "sh", "tk", "to", "tv", "vc", "ws",
]);

/** English country names → ISO code, from the runtime's CLDR data (not a list of our own); built on first use. */
let countryByName: Map<string, CountryCode> | undefined;

function countryNamed(name: string): CountryCode | undefined {
  if (countryByName === undefined) {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    countryByName = new Map<string, CountryCode>([["usa", "US"], ["uk", "GB"], ["england", "GB"]]);
    for (const code of getCountries()) {
      const name = names.of(code);
      if (name !== undefined) countryByName.set(name.toLowerCase(), code);
    }
  }
  return countryByName.get(name.toLowerCase());
}

function countryCode(value: string): CountryCode | undefined {
  const trimmed = value.trim();
  const upper = trimmed.toUpperCase();
  if (upper === "UK") return "GB";
  if (/^[A-Z]{2}$/.test(upper) && isSupportedCountry(upper)) return upper as CountryCode;
  return countryNamed(trimmed);
}

export interface CountryEvidence {
  domain: string;
  /** addressCountry of the site's schema.org PostalAddress. */
  addressCountry: string | null;
  /** The home page's <html lang>. */
  htmlLang: string | null;
}

export function siteCountry({ domain, addressCountry, htmlLang }: CountryEvidence): CountryCode | undefined {
  const fromAddress = addressCountry === null ? undefined : countryCode(addressCountry);
  if (fromAddress !== undefined) return fromAddress;
  const tld = domain.slice(domain.lastIndexOf(".") + 1);
  if (tld.length === 2 && !GENERIC_CCTLDS.has(tld)) {
    const fromTld = countryCode(tld === "uk" ? "GB" : tld);
    if (fromTld !== undefined) return fromTld;
  }
  if (htmlLang !== null) {
    try {
      const region = new Intl.Locale(htmlLang.trim()).region;
      if (region !== undefined) return countryCode(region);
    } catch {
      // An invalid language tag says nothing.
    }
  }
  return undefined;
}

/**
 * A number from a tel: link: E.164 when it can be read (international form, or national with a known country),
 * else the number as written, since the link says it is a phone. Null when it has too few digits to be one.
 */
export function phoneFromTelLink(href: string, country: CountryCode | undefined): string | null {
  let written: string;
  try {
    written = decodeURIComponent(href.trim().replace(/^tel:/i, "")).split(/[;?]/)[0]!.trim();
  } catch {
    return null;
  }
  const digits = written.replace(/\D/g, "");
  if (digits.length < 5 || digits.length > 17) return null;
  const international = written.replace(/^00/, "+");
  const parsed = parsePhoneNumberFromString(international, country);
  if (parsed !== undefined && parsed.isPossible() && (international.startsWith("+") || country !== undefined)) {
    return parsed.number;
  }
  return written.replace(/\s+/g, " ");
}

export interface PhoneInText {
  /** E.164. */
  readonly phone: string;
  readonly start: number;
  readonly end: number;
}

/** Valid numbers written in text: only international ones when the country is unknown. */
export function phonesInText(text: string, country: CountryCode | undefined): PhoneInText[] {
  // The phone library is the slowest step of extraction: text with fewer digits than any phone number skips it.
  if (!/(?:\d\D*){6}/.test(text)) return [];
  // "0044 20 7946 0958": the international prefix dialled from Europe, written as "+" (same length, same offsets).
  const normalised = text.replace(/(^|[^\d+])00(?=[1-9](?:[\s().-]?\d){6})/g, "$1 +");
  const found = country === undefined
    ? findPhoneNumbersInText(normalised)
    : findPhoneNumbersInText(normalised, { defaultCountry: country });
  return found
    .filter(({ number }) => number.isValid())
    .map(({ number, startsAt, endsAt }) => ({ phone: number.number, start: startsAt, end: endsAt }));
}
