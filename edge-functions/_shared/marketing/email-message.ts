// A campaign email as each recipient gets it: the admin's HTML sanitised, every web link sent through the click
// redirect (/api/email/click/{token}/{n}, n the link's place in the list snapshotted at send time), an open pixel, an
// unsubscribe link, a text part, and the one-click unsubscribe headers of RFC 8058 that mail providers show as a
// button. Pure: the worker gives it the campaign, the links stored for the send and the recipient.
// @ts-types="@types/sanitize-html"
import sanitizeHtml from "sanitize-html";
import { campaignText, sanitizeCampaignHtml } from "../email-content/index.ts";
import type { EmailMessage } from "../email/index.ts";

/** Runs `rewrite` on every web link's href in order, keeping everything else of the (already sanitised) HTML. */
function mapWebLinks(html: string, rewrite: (href: string) => string): string {
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href;
        return { tagName, attribs: href && /^https?:/i.test(href) ? { ...attribs, href: rewrite(href) } : attribs };
      },
    },
  });
}

export interface PreparedCampaign {
  subject: string;
  /** The sanitised HTML. */
  html: string;
  /** Its distinct web links in order of first appearance: what the send snapshots. */
  links: string[];
}

export function prepareCampaign(subject: string, content: string): PreparedCampaign {
  const html = sanitizeCampaignHtml(content);
  const links: string[] = [];
  mapWebLinks(html, (href) => {
    if (!links.includes(href)) links.push(href);
    return href;
  });
  return { subject, html, links };
}

export interface Recipient {
  email: string;
  token: string;
}

export interface MessageSettings {
  /** The SPA's origin, which serves /api too. */
  site: string;
  from: string;
}

/** Where a recipient's one-click unsubscribe goes (mail providers POST to it). */
export function unsubscribeUrl(site: string, token: string): string {
  return `${site}/api/email/unsubscribe/${token}`;
}

/**
 * The recipient's message. `links` is the send's snapshot: a link of the content that is not in it (the campaign was
 * edited during the send) goes out untracked rather than through a number that means another link.
 */
export function campaignMessage(
  campaign: PreparedCampaign,
  links: readonly string[],
  recipient: Recipient,
  settings: MessageSettings,
): EmailMessage {
  const { site, from } = settings;
  const tracked = mapWebLinks(campaign.html, (href) => {
    const n = links.indexOf(href);
    return n === -1 ? href : `${site}/api/email/click/${recipient.token}/${n}`;
  });
  const unsubscribePage = `${site}/unsubscribe/${recipient.token}`;
  const html = `${tracked}
<p style="font-size:12px;color:#6b7280">You get this email because you have a MailScout account. <a href="${unsubscribePage}">Unsubscribe</a></p>
<img src="${site}/api/email/open/${recipient.token}" width="1" height="1" alt="" style="display:block;border:0" />`;
  return {
    from,
    to: recipient.email,
    subject: campaign.subject,
    html,
    text: `${campaignText(tracked)}\n\nUnsubscribe: ${unsubscribePage}`,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl(site, recipient.token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
