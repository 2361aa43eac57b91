// Lesson 08's session names: one file per chat, and never one file for two chats. A chat id that is
// not a plain word, or is too long, is made one with a hash of the original, so ids that differ only
// in the characters replaced, or after the 80th, stay apart.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sessionName } from "../../lessons/08-assistant/gateway.ts";
import { sessionFile } from "../../lessons/08-assistant/sessions.ts";

const name = (chatId: string, channel = "web") => sessionName({ channel, chatId, sender: "x", text: "", at: new Date(0) } as Parameters<typeof sessionName>[0]);

describe("session names", () => {
  it("keeps a plain id as it is: existing sessions keep their files", () => {
    expect(name("main", "terminal")).toBe("terminal-main");
    expect(name("123456", "telegram")).toBe("telegram-123456");
  });

  it("two ids alike in their first 80 characters, or alike once odd characters are replaced, get two names", () => {
    const long = "a".repeat(90);
    expect(name(`${long}1`)).not.toBe(name(`${long}2`));
    expect(name("a.b")).not.toBe(name("a b"));
    expect(name("a.b")).toMatch(/^web-a_b-[0-9a-f]{8}$/);
  });

  it("property: different chats never share a name, and every name is a valid session file name", () => {
    const id = fc.string({ unit: fc.constantFrom("a", "b", ".", " ", "я", "𝒜", "-", "_", "/"), minLength: 1, maxLength: 100 });
    fc.assert(
      fc.property(id, id, (a, b) => {
        expect(() => sessionFile("/tmp", name(a)), `name for ${JSON.stringify(a)}`).not.toThrow();
        if (a !== b) expect(name(a), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).not.toBe(name(b));
      }),
      { seed: 80, numRuns: 500 },
    );
  });
});
