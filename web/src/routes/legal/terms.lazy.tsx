import { createLazyRoute, Link } from "@tanstack/react-router";
import { LegalDocument, LegalSection } from "./legal-document";

// The page's text, downloaded with the route's own chunk; the route is declared in ./terms.
export const termsLazyRoute = createLazyRoute("/terms")({
  component: TermsPage,
});

function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="November 22, 2026"
      summary="The agreement between you and MailScout when you use the service."
    >
      <LegalSection title="The service">
        <p>
          MailScout validates email addresses, explores the public websites of their domains for business contact
          information, validates files of addresses in bulk, and stores the contacts you save. Some features need an
          account; visitors without one get a limited number of free validations.
        </p>
      </LegalSection>
      <LegalSection title="Your account">
        <p>
          Give accurate details when you register, keep your password to yourself and tell us if you think someone
          else has used your account. An account is for one person. You are responsible for what is done with it.
        </p>
      </LegalSection>
      <LegalSection title="Acceptable use">
        <p>
          You agree to follow the <Link to="/usage-policy">Usage Policy</Link>. In short: no spam, no harvesting
          addresses for resale, no validating lists you have no right to use, and no attempts to get around limits
          or disrupt the service or the websites it explores.
        </p>
      </LegalSection>
      <LegalSection title="Plans, credits and payment">
        <p>
          Paid plans and one-time credit packs are described on the pricing page, with their prices and what they
          include. Subscriptions renew until cancelled; cancelling stops the next renewal. New subscriptions come
          with a 30-day money-back guarantee.
        </p>
      </LegalSection>
      <LegalSection title="Results are estimates">
        <p>
          A valid format and working mail servers make delivery likely, not certain: mail servers can accept and
          later reject a message, and some websites block automated visits so exploration may find less than exists.
          Use the results as guidance; MailScout does not guarantee that any message will be delivered.
        </p>
      </LegalSection>
      <LegalSection title="Your data">
        <p>
          The contacts, lists and files you put into MailScout remain yours. You allow us to store and process them
          only to provide the service to you. The <Link to="/privacy">Privacy Policy</Link> explains what we keep and
          for how long.
        </p>
      </LegalSection>
      <LegalSection title="Ending the agreement">
        <p>
          You can stop using MailScout and close your account at any time. We may suspend or close an account that
          breaks these terms or the Usage Policy, and will say why unless the law or an investigation prevents it.
        </p>
      </LegalSection>
      <LegalSection title="Liability">
        <p>
          MailScout is provided as is. To the extent the law allows, we are not liable for indirect or consequential
          losses, such as lost profits or missed campaigns, and our total liability is limited to what you paid us in
          the twelve months before the claim.
        </p>
      </LegalSection>
      <LegalSection title="Changes to these terms">
        <p>
          We may update these terms. The date above shows the current version; we tell signed-in users about
          significant changes before they apply, and continuing to use MailScout after that means you accept them.
          Questions are welcome through Support.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
