-- SEO's seeded content templates: two active templates per page type, so generated pages differ.
--
-- Each is written for the person who searched: what the records say about the address or domain, what they mean, and
-- what to do. Titles stay within 60 characters and descriptions within 160 once filled with an ordinary domain. The
-- JSON-LD's `faq` entries become the page's FAQPage; its other keys join the WebPage. Every {variable} a template
-- uses gets its fallback sentence in `variables`, taken from the one list below, which generation renders when the
-- data is missing (a fallback may name {domain} or {address}). Admins may edit or switch templates off; a second run
-- of this file changes nothing (names are unique per page type).

with fallback as (
  select $j${
  "domain": "this domain",
  "checkedAt": "recently",
  "mxSummary": "We could not read the MX records of {domain} when this page was made.",
  "spf": "We could not read the SPF record of {domain} when this page was made.",
  "dmarc": "We could not read the DMARC policy of {domain} when this page was made.",
  "validationStats": "MailScout has not validated enough addresses at {domain} yet to publish figures for it.",
  "provider": "not identified from its MX hosts",
  "mxCount": "unknown",
  "mxTable": "<p>There are no mail servers to list for {domain}.</p>",
  "address": "this address",
  "verdict": "We have no verdict for {address} yet; MailScout's free validator gives a live answer.",
  "reasons": "<p>No particular findings were recorded for this address.</p>"
}$j$::jsonb as sentences
),
template (page_type, template_name, title_template, meta_template, h1_template, content_template, schema_template) as (
  values
  ('mx_checker',
   'mx-records-overview',
   $t${domain} MX records and mail servers$t$,
   $t$See the MX records of {domain}, the mail provider behind them and whether SPF and DMARC protect its mail. Free live check, last read {checkedAt}.$t$,
   $t$MX records for {domain}$t$,
   $t$<h2>Mail servers for {domain}</h2>
<p>{mxSummary}</p>
{mxTable}
<p>Senders try the server with the lowest preference number first and fall back to the next when it does not answer; servers with the same number share the load. A domain with two or more servers keeps receiving mail while one is down.</p>
<h2>Who handles the mail</h2>
<p>Mail provider: {provider}. MX records: {mxCount}.</p>
<h2>Sender authentication</h2>
<p>{spf}</p>
<p>{dmarc}</p>
<h2>What MailScout has seen</h2>
<p>{validationStats}</p>
<p>Last checked: {checkedAt}. Enter an address at {domain} in the checker to validate it live.</p>$t$,
   $t${
    "keywords": "MX records, MX lookup, {domain}, mail server",
    "faq": [
      {"question": "What are the MX records of {domain}?", "answer": "{mxSummary}"},
      {"question": "Which mail provider does {domain} use?", "answer": "Mail provider of {domain}: {provider}."},
      {"question": "Does {domain} publish SPF and DMARC?", "answer": "{spf} {dmarc}"}
    ]
  }$t$::jsonb),
  ('mx_checker',
   'mx-delivery-path',
   $t$MX lookup for {domain} | MailScout$t$,
   $t$Live MX lookup for {domain}: mail servers in delivery order, the provider that runs them, SPF and DMARC. Test an address there for free.$t$,
   $t$Where mail to {domain} goes$t$,
   $t$<p>{mxSummary}</p>
<h2>The delivery order</h2>
{mxTable}
<p>Each MX record names a server and a preference. A sending server looks up these records, sorts them by preference (lowest first) and hands the message to the first server that accepts it. A null MX record means the domain accepts no mail at all; no MX record at all sends mail to the domain's own address.</p>
<h2>Provider and setup</h2>
<p>Mail provider: {provider}. MX records: {mxCount}.</p>
<p>{spf}</p>
<p>{dmarc}</p>
<h2>Addresses at {domain}</h2>
<p>{validationStats}</p>
<p>Last read: {checkedAt}. DNS changes can take a few hours to reach every resolver, so a recent move to a new provider may show here later.</p>$t$,
   $t${
    "keywords": "MX lookup, mail delivery, {domain}, MX checker",
    "faq": [
      {"question": "Where is mail to {domain} delivered?", "answer": "{mxSummary}"},
      {"question": "Who runs the mail servers of {domain}?", "answer": "Mail provider of {domain}: {provider}."},
      {"question": "Is mail from {domain} protected against spoofing?", "answer": "{spf} {dmarc}"}
    ]
  }$t$::jsonb),
  ('domain_verify',
   'deliverability-overview',
   $t${domain} email deliverability check$t$,
   $t$Can {domain} receive email? Its MX records, SPF and DMARC policies and MailScout's validation figures in plain words. Last read {checkedAt}.$t$,
   $t$Email deliverability of {domain}$t$,
   $t$<h2>Can {domain} receive email?</h2>
<p>{mxSummary}</p>
<p>Mail provider: {provider}. MX records: {mxCount}.</p>
<h2>Is its mail protected against spoofing?</h2>
<p>{spf}</p>
<p>{dmarc}</p>
<p>SPF lists the servers allowed to send for a domain; DMARC tells receivers what to do with mail that fails the check. Together they make forged mail in the name of {domain} easier to catch.</p>
<h2>Validation figures</h2>
<p>{validationStats}</p>
<h2>Before you send to {domain}</h2>
<ul><li>Validate each address: a domain that accepts mail can still reject a single mailbox.</li><li>Remove addresses that bounce: repeated bounces hurt your sender reputation.</li><li>Check lists again after a few months: mailboxes close and domains change providers.</li></ul>
<p>Last checked: {checkedAt}.</p>$t$,
   $t${
    "keywords": "email deliverability, {domain}, domain check, SPF, DMARC",
    "faq": [
      {"question": "Can {domain} receive email?", "answer": "{mxSummary}"},
      {"question": "Does {domain} protect its mail with SPF and DMARC?", "answer": "{spf} {dmarc}"}
    ]
  }$t$::jsonb),
  ('domain_verify',
   'sender-authentication',
   $t$Verify {domain}: MX, SPF and DMARC$t$,
   $t$Is {domain} set up to send and receive email? Its MX, SPF and DMARC records explained in plain words. Last read {checkedAt}.$t$,
   $t$Email setup of {domain}$t$,
   $t$<h2>Receiving mail</h2>
<p>{mxSummary}</p>
{mxTable}
<p>Mail provider: {provider}.</p>
<h2>SPF: who may send for {domain}</h2>
<p>{spf}</p>
<p>An SPF record ending in -all refuses every server it does not list, ~all marks them as suspicious, ?all makes no claim, and +all lets any server send, which protects nothing.</p>
<h2>DMARC: what happens to forged mail</h2>
<p>{dmarc}</p>
<p>With p=reject receivers refuse mail that fails SPF and DKIM, with p=quarantine they deliver it to spam, and with p=none they only report it to the domain's owner.</p>
<h2>Our figures for {domain}</h2>
<p>{validationStats}</p>
<p>Last checked: {checkedAt}.</p>$t$,
   $t${
    "keywords": "domain verification, SPF check, DMARC check, {domain}",
    "faq": [
      {"question": "Which servers may send mail for {domain}?", "answer": "{spf}"},
      {"question": "What is the DMARC policy of {domain}?", "answer": "{dmarc}"},
      {"question": "Can {domain} receive email?", "answer": "{mxSummary}"}
    ]
  }$t$::jsonb),
  ('email_validate',
   'address-verdict',
   $t$Is {address} valid? Email check$t$,
   $t$Is {address} deliverable? MailScout's verdict, the reasons behind it and how {domain} handles its mail. Last checked {checkedAt}.$t$,
   $t$Is {address} a valid email address?$t$,
   $t$<h2>Verdict</h2>
<p>{verdict}</p>
{reasons}
<h2>The domain behind it</h2>
<p>{mxSummary}</p>
<p>Mail provider: {provider}.</p>
<p>{spf}</p>
<p>{dmarc}</p>
<h2>What MailScout has seen at {domain}</h2>
<p>{validationStats}</p>
<h2>How the check works</h2>
<p>MailScout checks the address's spelling, the mail servers of {domain}, whether the domain is disposable or a free mail provider, whether the address is a role account such as info@ or sales@, and what earlier validations found. It sends no email to the address.</p>
<p>Last checked: {checkedAt}.</p>$t$,
   $t${
    "keywords": "email validation, email checker, {address}, {domain}",
    "faq": [
      {"question": "Is {address} a valid email address?", "answer": "{verdict}"},
      {"question": "Can {domain} receive email?", "answer": "{mxSummary}"}
    ]
  }$t$::jsonb),
  ('email_validate',
   'address-deliverability',
   $t$Validate {address} | MailScout$t$,
   $t$Will mail to {address} arrive? MailScout's verdict in plain words, the reasons for it and the MX, SPF and DMARC setup of {domain}.$t$,
   $t$Validate {address}$t$,
   $t$<p>{verdict}</p>
{reasons}
<h2>Can {domain} receive the message?</h2>
<p>{mxSummary}</p>
{mxTable}
<p>Mail provider: {provider}.</p>
<h2>Sender protection at {domain}</h2>
<p>{spf}</p>
<p>{dmarc}</p>
<h2>Validation history</h2>
<p>{validationStats}</p>
<h2>Why validate before sending</h2>
<ul><li>Mail to addresses that do not exist bounces, and a high bounce rate gets your own mail filtered as spam.</li><li>Role addresses such as info@ or support@ reach a shared inbox or a team, not one person.</li><li>Addresses at disposable domains stop working within hours or days.</li></ul>
<p>Last checked: {checkedAt}.</p>$t$,
   $t${
    "keywords": "validate email, email verification, {address}, {domain}",
    "faq": [
      {"question": "Will mail to {address} arrive?", "answer": "{verdict}"},
      {"question": "Which mail provider does {domain} use?", "answer": "Mail provider of {domain}: {provider}."}
    ]
  }$t$::jsonb)
)
insert into public.seo_content_templates
  (page_type, template_name, title_template, meta_template, h1_template, content_template, schema_template, variables)
select t.page_type, t.template_name, t.title_template, t.meta_template, t.h1_template, t.content_template,
       t.schema_template,
       (select jsonb_object_agg(f.key, f.value)
          from jsonb_each(fallback.sentences) as f
         where strpos(concat_ws(' ', t.title_template, t.meta_template, t.h1_template, t.content_template,
                                t.schema_template::text), '{' || f.key || '}') > 0)
  from template as t
 cross join fallback
on conflict (page_type, template_name) do nothing;
