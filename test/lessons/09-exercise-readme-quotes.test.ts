// Exercise 09's READMEs quote what the gateway sends when a turn fails. The quotes must be the code's
// words in each language (shared/i18n), so a learner comparing the README with their chat finds them.

import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { messages } from "../../shared/i18n/messages.ts";

const readme = async (name: string) => (await readFile(`exercises/09-channels/${name}`, "utf8")).replace(/\s+/g, " ");

describe("exercise 09's READMEs quote the gateway's failure reply as the code sends it", () => {
  for (const [file, lang] of [["README.md", "en"], ["README.ru.md", "ru"]] as const) {
    it(`${file} quotes the reply in English and in Russian`, async () => {
      const text = await readme(file);
      for (const code of ["en", "ru"] as const) {
        expect(text, `${file} (${lang}) quotes the ${code} reply: ${messages(code).assistant.turnFailed("...")}`).toContain(messages(code).assistant.turnFailed("..."));
      }
    });
  }
});
