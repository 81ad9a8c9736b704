// Where each share channel takes a person: plain URLs of each network's documented share endpoint, opened in a new
// tab, so sharing loads no third-party script.

export const SHARE_HASHTAGS = ["EmailValidator", "LeadGeneration", "EmailVerification"] as const;

export type LinkChannel = "email" | "x" | "linkedin" | "whatsapp" | "facebook" | "sms";

export type ShareMessage = { url: string; title: string; text: string };

const hashtagText = SHARE_HASHTAGS.map((tag) => `#${tag}`).join(" ");

export function shareLinks({ url, title, text }: ShareMessage): Record<LinkChannel, string> {
  const e = encodeURIComponent;
  const withTags = `${text} ${url} ${hashtagText}`;
  return {
    email: `mailto:?subject=${e(title)}&body=${e(`${text}\n\n${url}\n\n${hashtagText}`)}`,
    x: `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(url)}&hashtags=${SHARE_HASHTAGS.join(",")}`,
    // LinkedIn and Facebook take the page only (Facebook one hashtag); the page's own description does the rest.
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}`,
    whatsapp: `https://wa.me/?text=${e(withTags)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}&hashtag=${e(`#${SHARE_HASHTAGS[0]}`)}`,
    // "sms:?&body=" is the form both Android's and iOS's messaging apps read.
    sms: `sms:?&body=${e(withTags)}`,
  };
}
