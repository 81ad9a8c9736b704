import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessageText } from "./message-text";

describe("MessageText", () => {
  it("links the app's paths, web addresses and titled links, and nothing else", () => {
    render(
      <MessageText
        text={
          "Read more: /bulk-validation#csv\n- Saving contacts: /contacts.\nSee [the FAQ](/bulk-validation?tab=faq) or https://example.com/docs. " +
          "Not a link: and/or, 1/2, <b>bold</b>, javascript:alert(1)"
        }
      />,
    );
    const links = screen.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["/bulk-validation#csv", "/bulk-validation#csv"],
      ["/contacts", "/contacts"],
      ["the FAQ", "/bulk-validation?tab=faq"],
      ["https://example.com/docs", "https://example.com/docs"],
    ]);
    expect(screen.getByText(/<b>bold<\/b>/)).toBeVisible();
    expect(screen.getByRole("link", { name: "https://example.com/docs" })).toHaveAttribute("rel", "noopener noreferrer");
  });
});
