import { useEffect } from "react";

/** Names the browser tab after the page, so history, tabs and screen readers tell pages apart. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · MailScout`;
  }, [title]);
}
