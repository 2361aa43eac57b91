// What the offline model says when a tool call fails. A tool's error comes back in whatever shape the
// lesson chose (plain text, or JSON such as {"success":false,"error":"..."}); a person should read the
// tool's message in a sentence, not the JSON around it. A missing exchange rate gets its reason spelled
// out: which pair the demo table lacks, which pairs it has, and the way round the tool suggests.

import type { PlanContext } from "./plan-context.ts";
import { formatList } from "./read-result.ts";
import { retellInRussian } from "./tool-errors-ru.ts";

// The tool's own message: the "error" (or "message") field of a JSON result, else the text as it is.
export function errorMessage(output: string): string {
  try {
    const found = messageIn(JSON.parse(output));
    if (found !== undefined) return found;
  } catch {
    // not JSON: the text is the message
  }
  return output.trim();
}

function messageIn(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ["error", "message"]) {
    const inner = record[key];
    if (typeof inner === "string" && inner.trim() !== "") return inner.trim();
    if (typeof inner === "object" && inner !== null) {
      const nested = messageIn(inner);
      if (nested !== undefined) return nested;
    }
  }
  return undefined;
}

// Sentences that tell the model what to send next, as the course's tools end their errors.
const NEXT_CALL = /^(?:give|choose|use|add|separate|pick|retry|the call was right|the same call will)\b/iu;

// A tool's error is written for the model: "Tell the user to keep it in .env" is advice to pass on, and
// "do not repeat the secret in your answer" an instruction to follow, not to read out to the user.
export function forTheUser(output: string): string {
  // "e.g." ends no sentence: "Give a file name inside it, e.g. "reports/x.txt"." is one.
  const parts = output.split(/(?<=[.;!])(?<!\b(?:e\.g|i\.e)\.)\s+/u);
  const sentences = parts.flatMap((sentence, index) => {
    const end = sentence.endsWith(";") ? `${sentence.slice(0, -1)}.` : sentence;
    // Only a clause that followed a ";" is made to start a sentence: "src holds: ..." names a folder.
    const clause = index > 0 && parts[index - 1]!.endsWith(";");
    const advice = /^tell the user to\s+(\S)(.*)$/iu.exec(end);
    if (advice) return [`${advice[1]!.toUpperCase()}${advice[2]}`];
    if (/^(?:tell the user\b|do not\b|don't\b|ask the user\b)/iu.test(end)) return [];
    // What to send in the next call ("Choose another name.", "retry it in a moment") is the model's to
    // act on; the person hears what went wrong: "... only writes inside its workspace folder: give a
    // name such as ..." keeps the part before the colon.
    if (NEXT_CALL.test(end)) return [];
    const before = new RegExp(`^(.*?[^:\\s]):\\s+${NEXT_CALL.source.slice(1)}`, "iu").exec(end);
    if (before) return [`${before[1]}.`];
    // "Tell the user; they can replace it": what is left is said to the user, so "they" is "you".
    const you = end.replace(/^they\b/u, "You");
    return [clause ? you.replace(/^\p{Ll}/u, (first) => first.toUpperCase()) : you];
  });
  return sentences.join(" ");
}

// What a failed tool said, for the person, in the task's language: the tool's message (not its JSON),
// without the instructions meant for the model (forTheUser). A Russian task gets Russian words for the
// errors the course's tools give (tool-errors-ru.ts); any other message is quoted as the tool's own.
// Every skill that tells the person about a failed call says it with this.
export function toolSaid(ctx: Pick<PlanContext, "t" | "lang">, output: string): string {
  const message = errorMessage(output);
  const told = forTheUser(message) || message;
  if (ctx.lang === "en") return told;
  return retellInRussian(message) ?? `ответ инструмента (по-английски): «${told}»`;
}

// "There is no demo rate for RUB/BTC. Available pairs (either direction): USD/RUB, EUR/RUB, USD/EUR, BTC/USD."
const NO_RATE = /no (?:demo )?rate for ([A-Z]{3})\/([A-Z]{3})/u;
const AVAILABLE = /available pairs[^:]{0,40}:\s*([A-Z]{3}\/[A-Z]{3}(?:,\s*[A-Z]{3}\/[A-Z]{3}){0,20})/iu;
// "Go through USD: get RUB/USD and USD/BTC, then multiply ..."
const GO_THROUGH = /go through ([A-Z]{3})/iu;

// One sentence (or two) for a failed call: what the tool said, and for a missing rate, why.
export function explainToolError(ctx: Pick<PlanContext, "t" | "lang">, tool: string, output: string): string {
  const message = errorMessage(output);
  const missing = NO_RATE.exec(message);
  if (tool === "get_exchange_rate" && missing) {
    const [, from, to] = missing;
    const pairs = AVAILABLE.exec(message)?.[1]?.split(/,\s*/u);
    const via = GO_THROUGH.exec(message)?.[1]?.toUpperCase();
    const table = pairs
      ? ctx.t({
          en: `: its demo table has only ${formatList(pairs, "en")} (each either way)`,
          ru: `: в его демо-таблице есть только ${formatList(pairs, "ru")} (в обе стороны)`,
        })
      : "";
    const hint = via
      ? ctx.t({
          en: ` The tool suggests going through ${via}: ${from}/${via}, then ${via}/${to}, and multiplying the two rates.`,
          ru: ` Инструмент советует идти через ${via}: ${from}/${via}, потом ${via}/${to}, и перемножить два курса.`,
        })
      : "";
    return ctx.t({
      en: `get_exchange_rate has no demo rate for ${from}/${to}, so I could not answer${table}.${hint}`,
      ru: `У get_exchange_rate нет демо-курса ${from}/${to}, поэтому ответить я не смог${table}.${hint}`,
    });
  }
  return ctx.t({
    en: `I could not finish: ${tool} failed and said: "${toolSaid(ctx, output)}"`,
    ru: `Не получилось: ${tool} вернул ошибку: ${toolSaid(ctx, output)}`,
  });
}
