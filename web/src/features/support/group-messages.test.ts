import { describe, expect, it } from "vitest";
import { message } from "@/test/support";
import { groupMessages } from "./group-messages";

describe("groupMessages", () => {
  it("leaves out the opening description and groups consecutive messages by sender", () => {
    const groups = groupMessages(
      [
        message(1, { message: "It broke." }),
        message(2, { senderType: "ai", senderName: null }),
        message(3, { senderType: "admin", senderName: "Alex" }),
        message(4, { senderType: "admin", senderName: "Alex" }),
        message(5, { senderType: "admin", senderName: "Sam" }),
        message(6),
        message(7),
      ],
      "It broke.",
    );
    expect(groups.map((group) => [group.senderType, group.messages.map((item) => item.id)])).toEqual([
      ["ai", [2]],
      ["admin", [3, 4]],
      ["admin", [5]],
      ["user", [6, 7]],
    ]);
  });

  it("gives each automatic answer a group of its own, and keeps a first message that is not the description", () => {
    const ai = { senderType: "ai" as const, senderName: null };
    expect(groupMessages([message(1, ai), message(2, ai)], "Something else").map((group) => group.key)).toEqual(["1", "2"]);
  });
});
