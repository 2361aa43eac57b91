// Lesson 11's card-number mask on numbers typed the ways people and programs type them: groups split by
// no-break or thin spaces, en dashes or dots, and full-width digits. A card number spelled any of these
// ways is masked; a sum with a decimal point is not.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { luhnValid, maskCardNumbers } from "../../lessons/11-mcp/card-numbers.ts";

const CARD = "4111111111111111";
const groups = (card: string, sep: string) => card.match(/.{1,4}/g)!.join(sep);
const fullWidth = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)));

describe("the card-number mask reads every spelling", () => {
  for (const [label, sep] of [["dots", "."], ["no-break spaces", "\u00A0"], ["narrow no-break spaces", "\u202F"], ["thin spaces", "\u2009"], ["en dashes", "\u2013"]]) {
    it(`groups split by ${label}`, () => {
      expect(maskCardNumbers(`card ${groups(CARD, sep!)} ok`)).toBe("card [card number ending 1111] ok");
    });
  }

  it("full-width digits, with or without separators", () => {
    expect(maskCardNumbers(`カード ${fullWidth(CARD)}`)).toBe("カード [card number ending 1111]");
    expect(maskCardNumbers(`カード ${fullWidth(groups(CARD, " "))}`)).toBe("カード [card number ending 1111]");
  });

  it("leaves sums, dates and numbers that fail the checksum alone", () => {
    expect(maskCardNumbers("сумма 271.74, дата 2026.11.30")).toBe("сумма 271.74, дата 2026.11.30");
    expect(maskCardNumbers(`order ${groups("4111111111111112", ".")}`)).toBe("order 4111.1111.1111.1112");
  });

  it("property: a Luhn-valid number with any mix of separators and digit widths is masked", () => {
    const separator = fc.constantFrom("", " ", "-", ".", "\u00A0", "\u2009", "\u2013");
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }), fc.array(separator, { minLength: 19, maxLength: 19 }), fc.boolean(), (digits, seps, wide) => {
        const check = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => luhnValid([...digits, d].join("")))!;
        const card = [...digits, check].join("");
        let spelled = [...card].map((d, i) => (i === 0 ? d : `${seps[i]}${d}`)).join("");
        if (wide) spelled = fullWidth(spelled);
        const masked = maskCardNumbers(`paid with ${spelled} today`);
        expect(masked, spelled).toBe(`paid with [card number ending ${card.slice(-4)}] today`);
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});
