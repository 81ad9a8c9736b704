import { createLazyRoute, Link } from "@tanstack/react-router";
import { LegalDocument, LegalSection } from "./legal-document";

// The page's text, downloaded with the route's own chunk; the route is declared in ./usage-policy.
export const usagePolicyLazyRoute = createLazyRoute("/usage-policy")({
  component: UsagePolicyPage,
});

function UsagePolicyPage() {
  return (
    <LegalDocument
      title="Usage Policy"
      updated="November 22, 2026"
      summary="MailScout is for reaching people who expect to hear from you. This policy says what that means in practice."
    >
      <LegalSection title="What MailScout is for">
        <p>
          MailScout checks whether email addresses are well formed and whether their domains accept mail, explores
          the public website of an address's domain for business contact details, and keeps the contacts you choose
          in your own lists. Use it to keep your mailing lists clean, to reduce bounces, and to research the
          companies you work with or want to work with.
        </p>
      </LegalSection>
      <LegalSection title="Allowed use">
        <ul>
          <li>Validating addresses of customers, subscribers and leads you have a lawful basis to contact.</li>
          <li>Cleaning a list before a campaign, so that messages reach real inboxes and bounces stay low.</li>
          <li>Looking up the contact details a company publishes on its own website for business outreach.</li>
          <li>Keeping notes and lists of the contacts you work with.</li>
        </ul>
      </LegalSection>
      <LegalSection title="Not allowed">
        <ul>
          <li>
            Sending spam: unsolicited bulk messages, or any mailing that breaks anti-spam law such as CAN-SPAM, CASL
            or the GDPR and ePrivacy rules.
          </li>
          <li>Building, selling or sharing address lists harvested with MailScout.</li>
          <li>Validating addresses that were bought, leaked or otherwise obtained without the owners' consent.</li>
          <li>Phishing, fraud, harassment, stalking, or contacting anyone who has asked you not to.</li>
          <li>
            Getting around limits: creating several accounts, rotating anonymous sessions, or automating requests to
            MailScout outside the interfaces we provide.
          </li>
          <li>
            Pointing domain exploration at websites in order to overload them, or probing MailScout's own systems
            for weaknesses.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="Limits">
        <p>
          Visitors without an account get a small number of free validations each month. Bulk validation accepts
          files of up to 100,000 addresses per upload. Requests are rate-limited to keep the service fast for
          everyone; your plan on the pricing page says what it includes.
        </p>
      </LegalSection>
      <LegalSection title="Domain exploration">
        <p>
          Exploration reads only pages that a domain's website makes publicly available, the way a visitor's browser
          would. Results are what the site itself publishes; you are responsible for how you use them.
        </p>
      </LegalSection>
      <LegalSection title="Enforcement and reporting">
        <p>
          We may limit, suspend or close accounts that break this policy, with or without notice when the abuse is
          serious. If you believe MailScout is being misused, or you want your own published details removed from
          results, tell us through Support. See also our <Link to="/terms">Terms</Link> and{" "}
          <Link to="/privacy">Privacy</Link> pages.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
