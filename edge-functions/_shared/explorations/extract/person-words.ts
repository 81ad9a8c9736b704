// Telling a person's name and a job title apart from the other short lines of a contact card ("Acme Corp",
// "New York, NY 10001", "Contact us", "Read more"). A name is two to four capitalised words with no title, place or
// company word in it; a title names a function ("Head of Sales", "CTO", "Geschäftsführer"). Names come back as
// "First Last": honorifics and degrees dropped, "Last, First" turned round, ALL CAPS set in title case.

/**
 * Words of job titles and departments, English and the German and French of Impressum and mentions légales pages.
 * Words that also name menu items and products ("Board Portal", "Product", "Services") are left out: a title needs
 * a word that only titles use.
 */
const TITLE_WORDS = new Set([
  "ceo", "cto", "cfo", "coo", "cmo", "cio", "cpo", "cso", "cro", "vp", "svp", "evp", "md", "chief", "president",
  "vice", "director", "manager", "head", "lead", "leader", "officer", "founder", "co-founder", "cofounder", "owner",
  "partner", "principal", "chair", "chairman", "chairwoman", "chairperson", "secretary", "treasurer", "engineer",
  "developer", "designer", "architect", "analyst", "consultant", "specialist", "coordinator", "administrator",
  "assistant", "associate", "executive", "representative", "advisor", "adviser", "counsel", "attorney", "lawyer",
  "accountant", "controller", "editor", "writer", "producer", "recruiter", "agent", "supervisor", "intern",
  "scientist", "researcher", "professor", "teacher", "nurse", "physician", "pharmacist", "therapist", "technician",
  "receptionist", "clerk", "buyer", "planner", "strategist", "tutor", "instructor", "coach", "trainer", "lecturer",
  "registrar", "librarian", "curator", "chef", "pastor", "dean", "paralegal", "solicitor", "barrister", "sales",
  "marketing", "support", "operations", "finance", "hr", "communications", "press", "media", "relations", "legal",
  "procurement", "customer", "success", "recruiting", "partnerships", "geschäftsführer", "geschäftsführerin",
  "inhaber", "inhaberin", "leiter", "leiterin", "vorstand", "prokurist", "vertrieb", "directeur", "directrice",
  "gérant", "gérante", "responsable", "président", "présidente",
]);

/** German titles are compounds ("Konditormeister", "Vertriebsleiterin"): known endings. */
const GERMAN_TITLE = /(?:leiter|führer|meister|berater|referent|vorstand)(?:in)?$/;

/** Words that put a line outside the names: page furniture, places, companies, greetings. */
const NOT_NAME_WORDS = new Set([
  "contact", "contacts", "us", "team", "our", "about", "home", "email", "e-mail", "mail", "phone", "tel", "telephone",
  "fax", "mobile", "address", "street", "st", "road", "rd", "avenue", "ave", "suite", "floor", "building", "city",
  "the", "and", "of", "for", "with", "at", "in", "on", "to", "from", "by", "or", "a", "an", "welcome", "hello", "hi",
  "dear", "thanks", "privacy", "policy", "terms", "cookie", "cookies", "copyright", "all", "rights", "reserved", "inc",
  "ltd", "llc", "llp", "gmbh", "corp", "corporation", "company", "co", "ag", "sa", "plc", "bv", "group", "holdings",
  "international", "solutions", "read", "more", "learn", "view", "profile", "click", "here", "follow", "linkedin",
  "twitter", "facebook", "instagram", "youtube", "github", "tiktok", "map", "directions", "open", "hours", "monday",
  "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "new", "news", "blog", "careers", "jobs",
  "impressum", "imprint", "kontakt", "legal", "notice", "get", "touch", "send", "message", "meet", "leadership",
  "management", "staff", "department", "enquiries", "inquiries", "general", "info", "information", "headquarters",
]);

/** Lower-case particles of family names ("Ludwig van Beethoven", "Ana de la Cruz"). */
const PARTICLES = new Set([
  "van", "von", "der", "den", "de", "del", "della", "da", "di", "du", "la", "le", "dos", "das", "bin", "al", "ten",
  "ter", "zu", "y",
]);

const HONORIFICS = /^(?:mr|mrs|ms|miss|mx|dr|prof|sir|dame|herr|frau|mme|mlle|m)\.?$/i;
const DEGREES = /^(?:jr|sr|ii|iii|iv|phd|ph\.d|md|mba|msc|bsc|ba|ma|esq|cpa|dipl\.-ing|mag)\.?,?$/i;
const NAME_WORD = /^(?:\p{Lu}[\p{L}'’-]*|\p{Lu}\.)$/u;

function titleCase(word: string): string {
  return word
    .toLowerCase()
    .replace(/(^|[-'’])(\p{L})/gu, (_, mark: string, letter: string) => mark + letter.toUpperCase());
}

/**
 * The text as "First Last" when it reads as a person's name, else null. "Lee, Ann" → "Ann Lee"; "Dr. Ann Lee,
 * PhD" → "Ann Lee"; "ANN LEE" → "Ann Lee".
 */
export function personName(text: string): string | null {
  let value = text.replace(/\s+/g, " ").trim().replace(/[:;,]+$/, "");
  if (value.length < 3 || value.length > 60 || /[\d@/\\|&+=#]/.test(value)) return null;
  const comma = /^([^,]+),\s*([^,]+)$/.exec(value);
  if (comma !== null && !DEGREES.test(comma[2]!.trim())) {
    const [last, first] = [comma[1]!.trim(), comma[2]!.trim()];
    if (!last.includes(" ") && first.split(" ").length <= 2) value = `${first} ${last}`;
    else return null;
  }
  const words = value.replace(/,/g, " ").split(" ").filter((word) => word !== "");
  while (words.length > 0 && HONORIFICS.test(words[0]!)) words.shift();
  while (words.length > 0 && DEGREES.test(words.at(-1)!)) words.pop();
  if (words.length < 2 || words.length > 4) return null;
  const capitalised = words.filter((word) => !PARTICLES.has(word));
  if (capitalised.length < 2 || PARTICLES.has(words[0]!) || PARTICLES.has(words.at(-1)!)) return null;
  for (const word of words) {
    const lower = word.toLowerCase().replace(/\.$/, "");
    if (NOT_NAME_WORDS.has(lower) || TITLE_WORDS.has(lower) || GERMAN_TITLE.test(lower)) return null;
    if (!PARTICLES.has(word) && !NAME_WORD.test(word)) return null;
  }
  const shouting = words.every((word) => word === word.toUpperCase());
  return words.map((word) => (shouting && !PARTICLES.has(word) ? titleCase(word) : word)).join(" ");
}

export interface NameInText {
  readonly name: string;
  /** The whole piece is the name; otherwise it was picked out of longer text, which is weaker evidence. */
  readonly whole: boolean;
}

/**
 * The names in a piece of text: the whole of it when it is a name, else each run of capitalised words in it
 * ("our communications officer Jane Smith at" → "Jane Smith"; "Contact Jane Smith" → "Jane Smith").
 */
export function namesIn(text: string): NameInText[] {
  const whole = personName(text);
  if (whole !== null) return [{ name: whole, whole: true }];
  const names: NameInText[] = [];
  let run: string[] = [];
  const close = () => {
    // Page words around a name are dropped ("Contact Jane Smith"); a run with a title word is a title, not a name
    // ("Talent Acquisition Lead").
    while (run.length > 0 && isPageWord(run[0]!)) run.shift();
    while (run.length > 0 && (isPageWord(run.at(-1)!) || PARTICLES.has(run.at(-1)!))) run.pop();
    const name = run.length >= 2 ? personName(run.join(" ")) : null;
    if (name !== null) names.push({ name, whole: false });
    run = [];
  };
  for (const word of text.split(/\s+/)) {
    const bare = word.replace(/[.,;:!?"“”]+$/, "");
    if (NAME_WORD.test(bare) || (run.length > 0 && PARTICLES.has(bare)) || HONORIFICS.test(bare)) {
      run.push(bare);
      if (bare !== word) close();
    } else close();
  }
  close();
  return names;
}

function isPageWord(word: string): boolean {
  return NOT_NAME_WORDS.has(word.toLowerCase().replace(/\.$/, ""));
}

/** The text when it reads as a job title or department ("Head of Sales", "CTO", "Customer Support"), else null. */
export function jobTitle(text: string): string | null {
  const value = text.replace(/\s+/g, " ").trim().replace(/^[-–—:|•·,\s]+|[-–—:|•·,\s]+$/g, "");
  if (value.length < 2 || value.length > 70 || /[@\d]/.test(value) || /[.?!]$/.test(value)) return null;
  const words = value.toLowerCase().split(/[\s/,&]+/).filter((word) => word !== "");
  if (words.length > 7) return null;
  // "Vertreten durch die Geschäftsführerin", "Represented by": who acts for whom, not a job.
  if (
    words.some((word) =>
      /^(?:we|our|you|your|us|me|my|i|contact|call|email|write|click|read|learn|by|durch|par)$/.test(word)
    )
  ) {
    return null;
  }
  if (!words.some((word) => TITLE_WORDS.has(word.replace(/[().]/g, "")) || GERMAN_TITLE.test(word))) return null;
  return /^\p{Ll}/u.test(value) ? null : value;
}

/** Nouns of someone who does something: florist, optician, gardener, sommelier, blacksmith, barista. */
const AGENT_NOUN = /(?:ist|ian|ista|eur|euse|smith|wright|maker|man|woman|person)$/;
/** The same endings that places and things share too (Manchester, Windsor, Newsletter): only after a qualifier. */
const AGENT_NOUN_QUALIFIED = /(?:er|or|ier)$/;
const CONNECTORS = new Set(["of", "and", "&", "for", "und", "für", "de", "du"]);

/**
 * A role written right after a person's name that has no title word ("Event Florist", "Head Gardener", "Optician"):
 * one to four capitalised words ending in a noun of someone who does something; a bare "-er"/"-or" word needs a
 * qualifier before it ("Head Gardener", not "Manchester"). Not a place, a greeting or a link's call ("Follow Leo").
 */
export function roleAfterName(text: string, { couldBeName = false } = {}): string | null {
  const titled = jobTitle(text);
  if (titled !== null) return titled;
  const value = text.replace(/\s+/g, " ").trim();
  if (value.length > 50 || /[@\d.?!]/.test(value)) return null;
  const words = value.split(" ");
  const content = words.filter((word) => !CONNECTORS.has(word.toLowerCase()));
  if (content.length === 0 || words.length > 4 || CONNECTORS.has(words.at(-1)!.toLowerCase())) return null;
  if (content.some((word) => !/^\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?$/u.test(word) || isPageWord(word))) return null;
  const head = words.at(-1)!.toLowerCase();
  const qualified = !couldBeName && content.length >= 2 && AGENT_NOUN_QUALIFIED.test(head);
  return AGENT_NOUN.test(head) || qualified ? value : null;
}

/** Letters only, lower-cased, accents folded: how a name is spelled in a mailbox ("Núñez" → "nunez"). */
export function foldLetters(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z]/g, "");
}

/** The spellings of a name's word in an address: "Müller" is written muller or mueller, "O'Brien" obrien. */
export function spellings(word: string): string[] {
  const plain = foldLetters(word);
  const transcribed = foldLetters(word.toLowerCase().replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue"));
  return plain === transcribed ? [plain] : [plain, transcribed];
}

/**
 * Whether the mailbox carries a word of the name: ann.lee@, alee@ and lee@ for "Ann Lee", bo.li@ for "Bo Li", and
 * ann@ for "Annabel Lee" (a short form: up to five letters, so "ersatzteile@" is not "Ersatzteilen"). Used to
 * prefer, among the names of a card, the one the address belongs to.
 */
export function nameMatchesMailbox(name: string, local: string): boolean {
  const tokens = local.toLowerCase().split("+")[0]!.split(/[._-]+/).map(foldLetters).filter((token) => token !== "");
  const mailbox = tokens.join("");
  const words = name.split(" ").filter((word) => !PARTICLES.has(word));
  return words.some((word) =>
    spellings(word).some((spelling) =>
      (spelling.length >= 3 && mailbox.includes(spelling)) ||
      (spelling.length >= 2 && tokens.includes(spelling)) ||
      (mailbox.length >= 3 && mailbox.length <= 5 && spelling.startsWith(mailbox))
    )
  );
}
