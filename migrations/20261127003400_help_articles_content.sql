-- Help articles: the texts. The Help dialog's, the bulk validation FAQ's and the verdicts' reasons' words as the app
-- shows them (web/src/components/layout/help-dialog.tsx, features/bulk-validation/components/faq-tab.tsx,
-- features/validation/verdict-texts.ts), with the limits and prices of the contracts and the pricing module, plus
-- accounts, the free limit and support. Upserted by slug, so a later migration changes a text the same way.

insert into public.help_articles (slug, title, path, body) values
(
  'validate-an-email',
  'Validating an email address',
  '/#validate-an-email',
  $$Enter an email address on the home page and choose Validate & Explore Domain. MailScout checks the address's format and whether its domain has mail (MX) records, and gives a verdict: deliverable, risky, undeliverable or unknown, with the reasons behind it.

When the address is valid, its domain's website is explored for more addresses and details. Copy what you need, or save an address to your contacts.

A valid format and working mail servers make delivery likely, not certain: no check can promise that a mailbox exists and reads its mail.$$
),
(
  'verdicts',
  'What the verdicts mean: deliverable, risky, undeliverable, unknown',
  '/bulk-validation?tab=faq#verdicts',
  $$Every validated address gets one of four verdicts.

Deliverable: mail to the address should arrive. Counted as Valid in bulk validation.

Risky: mail can be delivered, but something makes it doubtful, such as a disposable domain, a role address like info@ or a likely typo (see the reasons). Counted as Warning.

Undeliverable: mail to the address cannot arrive, because it is not written correctly or its domain cannot receive mail. Counted as Invalid.

Unknown: it could not be found out in time, usually because the domain's name servers did not answer. Counted as Warning. Try it again later.$$
),
(
  'undeliverable-reasons',
  'Why an address is undeliverable or invalid: domain not found, no mail server',
  '/bulk-validation?tab=faq#undeliverable-reasons',
  $$An address is undeliverable (invalid) for one of these reasons, shown with its result:

invalid_syntax: the address is not written the way mail providers accept: check for spaces, doubled dots or a missing part.
domain_not_found: the domain does not exist: it was not found in DNS.
null_mx: the domain declares that it accepts no email at all (a null MX record).
no_mail_server: the domain exists but has no mail server: no MX records and no address to deliver to.
mx_host_unresolved: the domain names mail servers, but none of them has an address, so mail cannot reach them.
mx_private_address: the domain's mail servers have only private or local addresses, which senders on the internet cannot reach.

If the company exists and you believe its domain does receive mail, the domain's owner may have a broken DNS setup: ask them to check their MX records.$$
),
(
  'risky-reasons',
  'Why an address is risky: disposable, role, free provider, typo',
  '/bulk-validation?tab=faq#risky-reasons',
  $$A risky address can receive mail, but one of these reasons makes it doubtful:

disposable: the domain belongs to a disposable (temporary) email service.
role_account: the address belongs to a role or team, such as info@ or support@, rather than a person.
free_provider: the address is at a free email provider.
possible_typo: the domain looks like a misspelling of a well-known one; the result suggests the likely spelling.
no_mx_implicit_a: the domain has no MX records, so mail would go to its web server's address, which often does not accept mail.

Whether to keep risky addresses is your choice: a role address can be exactly what you want, a disposable one rarely is.$$
),
(
  'unknown-results',
  'Why a result is unknown (DNS timeout)',
  '/bulk-validation?tab=faq#unknown-results',
  $$dns_error: the domain's name servers did not answer in time, so this could not be checked. The verdict is then unknown, counted as Warning.

This says nothing bad about the address itself: the domain's name servers were slow or down when we asked. Try again later. In bulk validation, addresses whose domain timed out are tried once more at the end of the job before they are reported as unknown.$$
),
(
  'bulk-file-formats',
  'Which files can I upload for bulk validation, and how are the columns found?',
  '/bulk-validation?tab=faq#bulk-file-formats',
  $$Bulk validation takes a CSV file (.csv), with or without a header row, separated by commas, semicolons or tabs, or a text file (.txt) with one email address a line. Save it as UTF-8 so names with accents come through as written.

The email column is the one whose header contains "email", "e-mail" or "mail", or else the one whose cells hold addresses. First and last name, phone, mobile, job title and company can be mapped too; you can change every choice before you start, and the preview shows the first rows.

Rows whose email cell has no @ are skipped and counted; quotes around values are removed. An invalid file type or a missing email column is reported before anything is uploaded.$$
),
(
  'bulk-limits',
  'How many emails can I upload? Bulk validation file size limits',
  '/bulk-validation?tab=faq#bulk-limits',
  $$A CSV or text file you upload for bulk validation may hold up to 100,000 emails and 50MB. Split a larger list into several files.

You can have up to 3 validations running at once; start the next when one has finished. Bulk validation is for signed-in users: sign in, open Bulk Validation and upload your file.$$
),
(
  'bulk-duplicates',
  'Duplicate addresses in a bulk file are validated once',
  '/bulk-validation?tab=faq#bulk-duplicates',
  $$An address that appears more than once in a file (the same address twice or more) is validated once, and its result is given on every row. Duplicates therefore cost nothing extra and never disagree with each other.

Addresses are compared without regard to upper and lower case and surrounding spaces.$$
),
(
  'bulk-progress',
  'Can I leave the page while a bulk validation runs?',
  '/bulk-validation?tab=faq#bulk-progress',
  $$Yes. Validation runs in the background; My Sessions shows its progress live, and a message appears when it finishes wherever you are in the app. Keep the page open only while the file is being sent.

A session that is still running can be deleted, which stops it.$$
),
(
  'bulk-download',
  'Downloading bulk validation results: what the file holds',
  '/bulk-validation?tab=faq#bulk-download',
  $$When a session is completed, Download gives you your file's columns as uploaded, then: valid, verdict, reasons, mx, disposable, role, free, suggestion, risk_score, deliverability_score.

Cells a spreadsheet would run as a formula are made safe, so they show as text. A duplicated address carries its result on each of its rows.$$
),
(
  'bulk-retention',
  'How long are bulk validation files and results kept?',
  '/bulk-validation?tab=faq#bulk-retention',
  $$Results can be downloaded for 30 days after a validation completes. Then a scheduled job deletes the session with its rows.

You can delete a session sooner yourself from My Sessions; deleting a running one stops it. A deleted session cannot be brought back, so download what you need first.$$
),
(
  'contacts-and-lists',
  'Saving contacts and organising them in lists',
  '/contacts#contacts-and-lists',
  $$Saved addresses go to your contacts, organised in lists; new contacts land in General. Save an address from a validation result or from a domain's discovered emails with Save to Contacts, choosing its list and adding a position, names, company, phone and notes.

On the Contacts page you can search your contacts, edit their details, create lists with a name, description and colour, and delete them. Deleting a list moves its contacts to General; General itself cannot be deleted.

Contacts are for signed-in users.$$
),
(
  'contacts-import-export',
  'Importing and exporting contacts with a CSV file',
  '/contacts#contacts-import-export',
  $$Upload a CSV file on the Contacts page to import contacts: it needs a header row and at least one data row, and an email column. Name, company, position, phone and notes columns are picked up by their headers (first name, last name, company or organization, position, title or job, phone or mobile). Rows without an @ are skipped. When it is done you see how many contacts were imported.

Export CSV downloads the contacts you are looking at (your search and list filter, every page) as a CSV file.$$
),
(
  'domain-exploration',
  'Exploring a domain''s website: why some addresses are missing',
  '/#domain-exploration',
  $$After a valid address, or from the domain form, MailScout explores the domain's website for email addresses, phone numbers, positions, and details about the company such as its description, technologies, address and social media.

Some websites block automated visits, so exploring them can find fewer addresses than exist. A site that draws its content with JavaScript, or is made with a website builder, often keeps contact details in forms or widgets we cannot read: the Emails tab then shows Potential Scraping Limitations Detected, with recommendations, Manual Exploration Tips and a button to open the website in a new tab and look yourself.$$
),
(
  'account-sign-in',
  'Signing in, passwords and usernames',
  '/auth#account-sign-in',
  $$Sign in with your username or your email address and your password. A password has at least 8 characters (at most 72 bytes), is not your username or email, and is not a common or easily guessed password. A username has 3 to 30 characters: letters A-Z, digits, dots, hyphens and underscores, never an @.

After several failed sign-ins with the same username or email (5 in 15 minutes), it is locked for a while: every sign-in with it is refused until the lock ends, even with the right password. Wait, then try again; further locks on the same day last longer.$$
),
(
  'account-email-change',
  'Changing the email address of your account',
  '/#account-email-change',
  $$Open My Account from the account menu in the header. It shows the account you are signed in with and lets you change its email address: enter the new address, then check that mailbox and confirm the change with the link we send there. The address changes only once you confirm.$$
),
(
  'pricing-plans',
  'Plans and prices: Starter, Professional, Business, free trial',
  '/pricing#pricing-plans',
  $$Starter costs $19 a month for 2,500 validations a month; Professional $69 a month for 8,000 (most popular, adds CRM sync with Zoho and API access); Business $169 a month for 25,000 (bulk files of up to 100,000 emails and onboarding; Contact Sales).

Paying yearly saves 25%: $14.25, $51.75 and $126.75 a month. Starter and Professional start with a 14-day free trial, and every plan has a 30-day money-back guarantee: ask for a refund within 30 days of paying.$$
),
(
  'credits',
  'Pay per use: one-time validation credits',
  '/pricing#credits',
  $$Instead of a monthly plan you can pay per use: buy validation credits once; they never expire. 800 validations cost $12 (the minimum purchase), 2,000 cost $30 (save 25%), 5,000 cost $67 (save 35%) and 10,000 cost $120 (save 45%). That is from $0.015 per validation.$$
),
(
  'free-limit',
  'The free limit for visitors without an account',
  '/pricing#free-limit',
  $$Without an account you get 10 free validations a month. When they are used up, an upgrade dialog offers an account or a plan; a visitor may be offered a special one-time offer of 20% off the first month, with a code that expires in 24 hours and works once.

Signed-in use is not counted against the free limit: register to keep validating, to save contacts and to use bulk validation.$$
),
(
  'support-tickets',
  'Getting help: support tickets',
  '/support#support-tickets',
  $$Signed-in users open a support ticket on the Support page with New Ticket: a subject, a description, a category (general, billing, technical, email_validation, contact_management or account) and a priority (low, medium, high or urgent).

When a help article answers your question, an automatic answer appears at once with a link to it; choose This solved it to resolve the ticket. Either way an agent sees the ticket. Agents' replies appear live in the conversation, and you get an email with a link (at most one per ticket every 15 minutes).

Open means it waits for an agent, awaiting response means an agent answered and waits for you; your reply opens it again. A resolved ticket takes no replies; reopen it within 30 days to continue.$$
)
on conflict (slug) do update set title = excluded.title, path = excluded.path, body = excluded.body;
