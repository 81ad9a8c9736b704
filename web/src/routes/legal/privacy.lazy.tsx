import { createLazyRoute, Link } from "@tanstack/react-router";
import { LegalDocument, LegalSection } from "./legal-document";

// The page's text, downloaded with the route's own chunk; the route is declared in ./privacy.
export const privacyLazyRoute = createLazyRoute("/privacy")({
  component: PrivacyPage,
});

function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="November 22, 2026"
      summary="What MailScout stores, why, for how long, and what you can do about it."
    >
      <LegalSection title="What we store">
        <ul>
          <li>
            <strong className="text-foreground">Your account:</strong> username, email address, optional first and
            last name, plan and credits, and when the account was created. Your password is stored only as a bcrypt
            hash; nobody, including us, can read it.
          </li>
          <li>
            <strong className="text-foreground">Addresses you validate:</strong> the address, its domain and the
            verdict (format, mail-server records, likely deliverability). Visitors without an account are counted by
            a random session id kept in their browser, so that the free limit can be applied.
          </li>
          <li>
            <strong className="text-foreground">Domains you explore:</strong> the domain and the information its
            public website and registration records show: addresses, phone numbers, positions, company description,
            technologies, postal address and social profiles.
          </li>
          <li>
            <strong className="text-foreground">Contacts you save:</strong> the fields you enter or keep (name,
            company, position, phone, notes), the list they belong to, and where they came from.
          </li>
          <li>
            <strong className="text-foreground">Bulk validation files</strong> you upload and their results, and{" "}
            <strong className="text-foreground">support tickets</strong> with their messages.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="What stays in your browser">
        <p>
          Your sign-in session (so you stay signed in between visits), your light or dark theme choice, and, when
          you are not signed in, the anonymous session id. These live in your browser's local storage. MailScout uses
          no advertising or third-party tracking cookies.
        </p>
      </LegalSection>
      <LegalSection title="How we use it">
        <p>
          To provide the service you asked for, to apply plan limits, to prevent abuse and to answer your support
          requests. We do not sell your data, and we do not use your contacts or files for anything but showing and
          processing them for you.
        </p>
      </LegalSection>
      <LegalSection title="Who can see it">
        <p>
          Your contacts, lists, files and history are visible to you alone; the database itself enforces this for
          every request. MailScout administrators can access account data when needed for support, billing or
          investigating abuse. Our hosting provider stores and processes the data on our behalf and may not use it
          for anything else.
        </p>
      </LegalSection>
      <LegalSection title="How long we keep it">
        <ul>
          <li>Account data, contacts and lists: for as long as your account exists.</li>
          <li>Bulk validation sessions: until you delete them; deleting one removes its file and results.</li>
          <li>Anonymous usage counts: only as long as needed to apply the monthly free limit.</li>
          <li>
            When you close your account we delete its data within 30 days, except records the law requires us to
            keep, such as payment records.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="Your choices and rights">
        <p>
          You can see and correct your details, delete contacts, lists and sessions at any time, ask for a copy of
          your data, or ask us to close your account. Write to us through Support; we answer within 30 days.
        </p>
      </LegalSection>
      <LegalSection title="People found on websites">
        <p>
          Domain exploration shows contact details that a company publishes on its own website. If your details
          appear and you want them removed from MailScout's results, contact Support and we will remove them.
        </p>
      </LegalSection>
      <LegalSection title="Changes">
        <p>
          If we change this policy we will update the date above, and tell signed-in users about significant changes
          before they apply. Use of MailScout is also governed by the <Link to="/terms">Terms</Link> and the{" "}
          <Link to="/usage-policy">Usage Policy</Link>.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
