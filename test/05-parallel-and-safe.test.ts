// Checks for exercise 05: the batch executor. Run them with: npm run check 5
// Parallelism is proven by the order of start/end marks, never by the clock; timeouts use tiny delays.

import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import type Anthropic from "@anthropic-ai/sdk";
import {
  canRunInParallel,
  executeBatch,
  MAX_CHARS,
  MAX_LINES,
  runWithTimeout,
  TimeoutError,
  truncateOutput,
} from "@exercise/05-parallel-and-safe/executor.ts";
import type { ToolCall } from "../lessons/04-tool-contract/contract.ts";
import type { SafeTool } from "../lessons/05-parallel-and-safe/executor.ts";
import { runLoop } from "../lessons/02-agent-loop/loop.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";
import { say } from "./helpers/say.ts";

const FILE = "exercises/05-parallel-and-safe/executor.ts";
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// A tool that marks when it starts and ends, so a test can see whether calls overlapped.
function marked(name: string, events: string[], flags: Partial<SafeTool> = {}, output = `${name} done`): SafeTool {
  return {
    name,
    description: `${name} for tests`,
    input_schema: { type: "object", properties: {} },
    ...flags,
    async run() {
      events.push(`start ${name}`);
      await sleep(5);
      events.push(`end ${name}`);
      return output;
    },
  };
}

const calls = (...names: string[]): ToolCall[] => names.map((name) => ({ id: `toolu_${name}`, name, input: {} }));
// executeBatch must never reject; if it does, say so in words a learner can act on.
async function batch(...args: Parameters<typeof executeBatch>): Promise<Anthropic.ToolResultBlockParam[]> {
  return executeBatch(...args).catch((error: unknown) => {
    throw new Error(say(`executeBatch rejected (${String(error)}): every call must end in a tool_result; catch per call (TODO 4 in ${FILE}).`, `executeBatch отклонила промис («${String(error)}»): каждый вызов должен закончиться tool_result; ловите ошибки каждого вызова отдельно (TODO 4 в ${FILE}).`));
  });
}

const byId = (results: Anthropic.ToolResultBlockParam[], id: string) => results.find((r) => r.tool_use_id === id);
const noSchema = { type: "object" as const, properties: {} };
// A lone surrogate is half of an emoji: no longer text the API can read.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("canRunInParallel (TODO 1)", () => {
  const events: string[] = [];
  const tools = [
    marked("read_a", events, { concurrencySafe: true }),
    marked("read_b", events, { concurrencySafe: true }),
    marked("write_c", events, { concurrencySafe: false }),
    marked("quiet_d", events),
    // Tools described in JSON (an MCP server, a config file) can carry flags that are not booleans.
    marked("json_e", events, { concurrencySafe: "false" as unknown as boolean }),
    marked("json_f", events, { concurrencySafe: 1 as unknown as boolean }),
  ];
  it("is true only when every call is to a concurrency-safe tool", () => {
    expect(canRunInParallel(calls("read_a", "read_b"), tools), say(`Two concurrency-safe reads may run together (TODO 1 in ${FILE}).`, `Два чтения, безопасных для параллельной работы (concurrencySafe), могут идти вместе (TODO 1 в ${FILE}).`)).toBe(true);
    expect(canRunInParallel(calls("read_a"), tools), say("A single concurrency-safe call is safe too.", "Один вызов, безопасный для параллельной работы, тоже безопасен.")).toBe(true);
    expect(canRunInParallel(calls("read_a", "write_c"), tools), say("One write in the turn means the whole turn runs in order.", "Одна запись в ходе — и весь ход идёт по очереди.")).toBe(false);
    expect(canRunInParallel(calls("write_c", "read_a"), tools), say("One write in the turn, wherever it is, means the whole turn runs in order.", "Одна запись в ходе, где бы она ни стояла, — и весь ход идёт по очереди.")).toBe(false);
    expect(
      canRunInParallel(calls("read_a", "quiet_d"), tools),
      say("A tool that does not declare concurrencySafe is assumed unsafe: it must not run in parallel.", "Инструмент, который не объявил concurrencySafe, считается небезопасным: его нельзя запускать параллельно."),
    ).toBe(false);
    expect(canRunInParallel(calls("read_a", "nope"), tools), say("An unknown tool is not known to be safe.", "О неизвестном инструменте неизвестно, что он безопасен.")).toBe(false);
  });

  it("asks concurrencySafe, not readOnly: the two mean different things", () => {
    const flagged = [
      // Reads only, but shares one session with the server: not safe to run twice at once.
      marked("read_session", [], { readOnly: true, concurrencySafe: false }),
      marked("read_cache", [], { readOnly: true, concurrencySafe: true }),
      // Writes, but each call to its own new file: safe alongside others.
      marked("append_log", [], { readOnly: false, concurrencySafe: true }),
    ];
    expect(
      canRunInParallel(calls("read_cache", "read_session"), flagged),
      say("read_session is read-only but says concurrencySafe: false, and canRunInParallel let it run alongside another call. " +
        `"Changes nothing" (readOnly) is not "safe to run at the same time" (concurrencySafe): decide by concurrencySafe alone (TODO 1 in ${FILE}).`, "read_session только читает, но говорит concurrencySafe: false, а canRunInParallel пустила его вместе с другим вызовом. " +
        `«Ничего не меняет» (readOnly) — не то же, что «безопасно запускать одновременно» (concurrencySafe): решайте только по concurrencySafe (TODO 1 в ${FILE}).`),
    ).toBe(false);
    expect(
      canRunInParallel(calls("read_cache", "append_log"), flagged),
      say("append_log writes but says concurrencySafe: true, so it may run alongside read_cache: decide by concurrencySafe, not readOnly " +
        `(TODO 1 in ${FILE}).`, "append_log пишет, но говорит concurrencySafe: true, так что может идти вместе с read_cache: решайте по concurrencySafe, а не по readOnly " +
        `(TODO 1 в ${FILE}).`),
    ).toBe(true);
  });

  it('treats a flag that is not the boolean true ("false", 1) as unsafe', { tags: "hard" }, () => {
    expect(
      canRunInParallel(calls("read_a", "json_e"), tools),
      say('concurrencySafe: "false" (a string, as JSON may carry it) is truthy but says NOT safe: compare with === true, not truthiness.', 'concurrencySafe: "false" (строка, как её может принести JSON) истинна в условии, но говорит, что НЕ безопасно: сравнивайте через `=== true`, а не по истинности.'),
    ).toBe(false);
    expect(canRunInParallel(calls("read_a", "json_f"), tools), say("concurrencySafe: 1 is not the boolean true: only === true counts as safe.", "concurrencySafe: 1 — не логическое `true`: безопасным считается только === true.")).toBe(false);
  });
});

describe("runWithTimeout (TODO 2)", () => {
  it("resolves with the work's value when it finishes in time", async () => {
    await expect(runWithTimeout(async () => "ok", 1_000), say(`runWithTimeout should resolve with what work returns (TODO 2 in ${FILE}).`, `runWithTimeout должна выполниться с тем, что вернула work (TODO 2 в ${FILE}).`)).resolves.toBe("ok");
    await expect(runWithTimeout(() => 42, 1_000), say("A work that returns a plain value (no promise) resolves with it too.", "work, которая возвращает простое значение (не промис), тоже даёт это значение.")).resolves.toBe(42);
  });

  it("rejects with a TimeoutError that says after how long, and aborts the signal with it", async () => {
    let signal: AbortSignal | undefined;
    const hanging = (s: AbortSignal) => {
      signal = s;
      return new Promise<string>(() => {});
    };
    const error = await runWithTimeout(hanging, 20).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, say(`A call that never ends must be stopped: runWithTimeout should reject with a TimeoutError (TODO 2 in ${FILE}).`, `Вызов, который никогда не кончается, нужно остановить: runWithTimeout должна отклониться с TimeoutError (TODO 2 в ${FILE}).`)).toBeInstanceOf(TimeoutError);
    expect((error as Error).name, say('A TimeoutError says so in its name ("TimeoutError"), as the class in the file does.', 'TimeoutError говорит об этом своим именем ("TimeoutError"), как класс в файле.')).toBe("TimeoutError");
    expect((error as Error).message, say("The TimeoutError's message should say after how many ms it gave up (20).", "Сообщение TimeoutError должно сказать, через сколько мс она сдалась (20).")).toMatch(/\b20\b/);
    expect(signal?.aborted, say("When the time is up, abort the signal handed to work (use an AbortController), so the tool can stop.", "Когда время вышло, прервите сигнал, переданный в work (через AbortController), чтобы инструмент мог остановиться.")).toBe(true);
    expect(signal?.reason, say("Abort with the TimeoutError as the reason (controller.abort(error)), so the tool can tell why it was stopped.", "Прерывайте с TimeoutError в качестве причины (controller.abort(error)), чтобы инструмент знал, почему его остановили.")).toBe(error);
  });

  it("does not abort the signal of a work that finished in time", { tags: "hard" }, async () => {
    let signal: AbortSignal | undefined;
    await runWithTimeout(async (s) => {
      signal = s;
      return "ok";
    }, 1_000);
    expect(signal?.aborted, say("The work finished in time, so its signal must not be aborted.", "work закончилась вовремя, так что её сигнал нельзя прерывать.")).toBe(false);
  });

  it("passes the work's own error through (it is not a timeout)", async () => {
    const failing = async () => {
      throw new Error("disk full");
    };
    const error = await runWithTimeout(failing, 1_000).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, say("A failure that is not a timeout must reject with the original error.", "Сбой, который не тайм-аут, должен отклонять промис исходной ошибкой.")).toBeInstanceOf(Error);
    expect(error, say("A failure of the work itself is not a timeout: do not turn it into a TimeoutError.", "Сбой самой work — не тайм-аут: не превращайте его в TimeoutError.")).not.toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe("disk full");
  });

  it("turns a synchronous throw into a rejection", { tags: "hard" }, async () => {
    const throwsAtOnce = () => {
      throw new Error("bad input");
    };
    let outcome: unknown;
    try {
      outcome = await runWithTimeout(throwsAtOnce, 1_000).then(
        () => "resolved",
        (e: unknown) => e,
      );
    } catch (error) {
      outcome = `threw synchronously: ${String(error)}`;
    }
    expect(
      outcome instanceof Error ? outcome.message : outcome,
      say("A work that throws before returning a promise must make runWithTimeout REJECT with that error (call it inside " +
        "Promise.resolve().then(...) or the promise executor), not throw out of runWithTimeout.", "work, которая бросает исключение до того, как вернуть промис, должна заставить runWithTimeout ОТКЛОНИТЬСЯ с этой ошибкой (вызывайте её внутри " +
        "Promise.resolve().then(...) или в исполнителе промиса), а не бросать исключение из runWithTimeout."),
    ).toBe("bad input");
  });

  it("clears its timer when the work finishes first", { tags: "hard" }, async () => {
    vi.useFakeTimers();
    try {
      await runWithTimeout(async () => "quick", 60_000);
      await vi.advanceTimersByTimeAsync(0); // lets a .finally() run; the 60 s timer does not fire
      expect(vi.getTimerCount(), say("A finished call left its timeout timer running: clearTimeout it when work settles.", "Завершившийся вызов оставил таймер тайм-аута работать: вызовите clearTimeout, когда work завершится.")).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("clears its timer when the work fails first (a rejection or a throw)", { tags: "hard" }, async () => {
    vi.useFakeTimers();
    try {
      await runWithTimeout(() => Promise.reject(new Error("locked")), 60_000).catch(() => undefined);
      await runWithTimeout(() => {
        throw new Error("bad input");
      }, 60_000).catch(() => undefined);
      await vi.advanceTimersByTimeAsync(0);
      expect(
        vi.getTimerCount(),
        say("A call that FAILED left its timeout timer running (a live timer keeps the process alive and fires later): clear " +
          "the timer when the work settles either way, e.g. .finally(() => clearTimeout(timer)).", "Вызов, который УПАЛ, оставил таймер тайм-аута работать (живой таймер держит процесс и срабатывает позже): снимайте " +
          "таймер, чем бы work ни кончилась, например .finally(() => clearTimeout(timer))."),
      ).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

// The numbers in the note, so a check can ask "does it say 2 lines?" without fixing its wording.
function numbersIn(note: string): number[] {
  return (note.replace(/(\d)[,\s\u00a0\u202f](?=\d{3}\b)/g, "$1").match(/\d+/g) ?? []).map(Number);
}

describe("truncateOutput (TODO 3)", () => {
  it("leaves text within both limits unchanged", () => {
    expect(truncateOutput("short\ntext", 100, 10), say(`Text within the limits must come back as is (TODO 3 in ${FILE}).`, `Текст в пределах лимитов должен вернуться как есть (TODO 3 в ${FILE}).`)).toBe("short\ntext");
  });

  it("leaves text exactly at the limits unchanged (a final newline does not start a line)", { tags: "hard" }, () => {
    const exact = "x".repeat(100);
    expect(truncateOutput(exact, 100, 10), say("A text of exactly maxChars characters fits: at most means <=, nothing to cut.", "Текст ровно в maxChars символов помещается: «не больше» значит <=, резать нечего.")).toBe(exact);
    const twoLines = "first\nsecond\n";
    expect(
      truncateOutput(twoLines, 100, 2),
      say('"first\\nsecond\\n" is two lines (a line ends at \\n), so with maxLines 2 nothing is cut. Counting ' +
        'text.split("\\n").length gives 3 because of the empty piece after the final newline.', '"first\\nsecond\\n" — две строки (строка кончается на \\n), так что при maxLines 2 ничего не режется. Подсчёт ' +
        'text.split("\\n").length даёт 3 из-за пустого куска после последнего перевода строки.'),
    ).toBe(twoLines);
    expect(truncateOutput("first\nsecond", 100, 2), say("Two lines with maxLines 2 fit: nothing to cut, nothing to add.", "Две строки при maxLines 2 помещаются: резать и добавлять нечего.")).toBe("first\nsecond");
    const cyrillic = "ж".repeat(100);
    expect(
      truncateOutput(cyrillic, 100, 10),
      say("100 Cyrillic letters are 100 characters (200 bytes in UTF-8): count characters (text.length), not bytes.", "100 кириллических букв — это 100 символов (200 байт в UTF-8): считайте символы (text.length), а не байты."),
    ).toBe(cyrillic);
  });

  it("cuts by lines, and the note says how many lines were cut and how to ask for less", () => {
    const text = Array.from({ length: 500 }, (_, i) => `line ${i + 1}`).join("\n");
    const out = truncateOutput(text, 1_000_000, 200);
    expect(out, say("The first 200 lines should be kept.", "Первые 200 строк должны остаться.")).toContain("line 200\n");
    expect(out, say("Line 201 and after should be cut.", "Строка 201 и дальше должны быть отрезаны.")).not.toContain("line 201");
    const note = out.slice(out.indexOf("line 200") + "line 200".length);
    expect(numbersIn(note), say(`The note should say how many lines were cut (300). Note: ${note}`, `Пометка должна сказать, сколько строк отрезано (300). Пометка: ${JSON.stringify(note)}`)).toContain(300);
    expect(/narrow|offset|less|smaller/i.test(note), say(`The note should say how to ask for less (narrow the query, use an offset). Got: ${note}`, `Пометка должна сказать, как попросить меньше (сузить запрос, взять offset). Получено: ${JSON.stringify(note)}`)).toBe(true);
  });

  it("cuts by characters, and the note says how many characters were cut", () => {
    const text = "x".repeat(10_000);
    const out = truncateOutput(text, 8_000, 200);
    expect(out.startsWith("x".repeat(8_000)) && !out.startsWith("x".repeat(8_001)), say("Keep exactly the first 8000 characters.", "Оставьте ровно первые 8000 символов.")).toBe(true);
    expect(numbersIn(out.slice(8_000)), say(`The note should say how many characters were cut (2000). Got: ${out.slice(8_000)}`, `Пометка должна сказать, сколько символов отрезано (2000). Получено: ${JSON.stringify(out.slice(8_000))}`)).toContain(2_000);
  });

  it("counts the lines right when the cut falls just after a newline", { tags: "hard" }, () => {
    const text = "aaa\nbbb\nccc";
    const out = truncateOutput(text, 4, 100);
    expect(out.startsWith("aaa\n"), say("With maxChars 4, keep exactly \"aaa\\n\".", "При maxChars 4 оставьте ровно \"aaa\\n\".")).toBe(true);
    expect(out, say("Nothing of the second line fits in 4 characters.", "Из второй строки в 4 символа ничего не помещается.")).not.toContain("bbb");
    const numbers = numbersIn(out.slice(4));
    expect(numbers, say(`7 characters were cut ("bbb\\nccc"). Note: ${out.slice(4)}`, `Отрезано 7 символов ("bbb\\nccc"). Пометка: ${JSON.stringify(out.slice(4))}`)).toContain(7);
    expect(
      numbers,
      say(`Two whole lines ("bbb" and "ccc") are not shown, so the note must say 2. Counting "aaa\\n".split("\\n").length ` +
        `as 2 kept lines (the empty piece after the newline) gives 1. Note: ${out.slice(4)}`, `Две целые строки ("bbb" и "ccc") не показаны, так что пометка должна сказать 2. Если считать "aaa\\n".split("\\n").length ` +
        `за 2 оставленные строки (пустой кусок после перевода строки), выйдет 1. Пометка: ${JSON.stringify(out.slice(4))}`),
    ).toContain(2);
  });

  it("puts the note on a line of its own, and a half-shown line counts as shown", { tags: "hard" }, () => {
    const out = truncateOutput("aaa\nbbb\nccc", 6, 100);
    const lines = out.split("\n");
    expect(lines.slice(0, 2), say(`The kept text "aaa\\nbb" stays as it is and the note starts on a new line. Got: ${JSON.stringify(out)}`, `Оставленный текст "aaa\\nbb" остаётся как есть, а пометка начинается с новой строки. Получено: ${JSON.stringify(out)}`)).toEqual(["aaa", "bb"]);
    const numbers = numbersIn(lines.slice(2).join("\n"));
    expect(numbers, say("5 characters were cut (\"b\\nccc\").", "Отрезано 5 символов (\"b\\nccc\").")).toContain(5);
    expect(numbers, say('"bb" is shown (in part), so only one line, "ccc", is not shown: the note should say 1.', '"bb" показана (частично), так что не показана только одна строка, "ccc": пометка должна сказать 1.')).toContain(1);
  });

  it("starts the note on a line of its own also when the kept text starts with a line break", { tags: "hard" }, () => {
    for (const [text, maxChars, maxLines, kept] of [
      ["\nfirst line that is long", 10, 100, "\nfirst lin"],
      ["one\ntwo\nthree\n", 100, 2, "one\ntwo\n"],
    ] as const) {
      const out = truncateOutput(text, maxChars, maxLines);
      const after = out.slice(kept.length);
      expect(
        out.startsWith(kept) && (kept.endsWith("\n") || after.startsWith("\n")) && after.trim() !== "",
        say(`truncateOutput(${JSON.stringify(text)}, ${maxChars}, ${maxLines}) gave ${JSON.stringify(out)}: keep ${JSON.stringify(kept)} as it is, ` +
          `then the note on a line of its own: add a line break before it unless the kept text ENDS with one (whether it starts ` +
          `with one does not matter) (TODO 3 in ${FILE}).`, `truncateOutput(${JSON.stringify(text)}, ${maxChars}, ${maxLines}) дала ${JSON.stringify(out)}: оставьте ${JSON.stringify(kept)} как есть, ` +
          `а пометку — на отдельной строке: добавьте перед ней перевод строки, если оставленный текст им НЕ КОНЧАЕТСЯ (начинается ли он ` +
          `с него — неважно) (TODO 3 в ${FILE}).`),
      ).toBe(true);
    }
  });

  it("never cuts an emoji in half", { tags: "hard" }, () => {
    const out = truncateOutput("😀".repeat(10), 5, 10);
    const kept = out.split("\n")[0] ?? "";
    expect(
      LONE_SURROGATE.test(out),
      say(`The cut fell inside an emoji (two UTF-16 units) and left half of it, which is not text the API can read. ` +
        `When the last kept unit is the first half of a pair, cut before it. Got: ${JSON.stringify(kept)}`, `Разрез пришёлся внутрь эмодзи (две единицы UTF-16) и оставил его половину, а это уже не текст, который API может прочесть. ` +
        `Если последняя оставленная единица — первая половина пары, режьте перед ней. Получено: ${JSON.stringify(kept)}`),
    ).toBe(false);
    expect(kept, say("Keep the two emoji that fit whole in 5 units.", "Оставьте два эмодзи, которые целиком помещаются в 5 единиц.")).toBe("😀😀");
    const early = truncateOutput(`😀${"x".repeat(10)}`, 5, 10);
    expect(early.split("\n")[0], say("An emoji early in the text is not at the cut: keep it and cut at exactly 5 units (😀 + 3 x).", "Эмодзи в начале текста не на месте разреза: оставьте его и режьте ровно на 5 единицах (😀 + 3 x).")).toBe("😀xxx");
  });

  it("counts every line as not shown when nothing of the text fits (an emoji at the start, 1 unit allowed)", { tags: "hard" }, () => {
    const text = "😀 first line\nsecond line\n";
    const out = truncateOutput(text, 1, 100);
    expect(LONE_SURROGATE.test(out), say(`Half of the emoji was kept. Got: ${JSON.stringify(out)}`, `Осталась половина эмодзи. Получено: ${JSON.stringify(out)}`)).toBe(false);
    const numbers = numbersIn(out);
    expect(numbers, say(`Nothing was kept, so all ${text.length} characters are not shown. Got: ${JSON.stringify(out)}`, `Ничего не осталось, так что не показаны все ${text.length} символов. Получено: ${JSON.stringify(out)}`)).toContain(text.length);
    expect(
      numbers,
      say(`Nothing of either line is shown, so the note should say 2 lines are not shown. Got: ${JSON.stringify(out)}. An empty kept ` +
        `text has no lines: "".split("\\n") gives [""], one element, so count 0 for "" (TODO 3 in ${FILE}).`, `Ни из одной строки ничего не показано, так что пометка должна сказать, что не показаны 2 строки. Получено: ${JSON.stringify(out)}. ` +
        `В пустом оставленном тексте нет строк: "".split("\\n") даёт [""], один элемент, так что для "" считайте 0 (TODO 3 в ${FILE}).`),
    ).toContain(2);
  });

  it("uses MAX_CHARS and MAX_LINES when no limits are given", () => {
    const long = Array.from({ length: MAX_LINES + 1 }, (_, i) => `r${i}`).join("\n");
    expect(truncateOutput(long), say(`${MAX_LINES + 1} lines with the default limits: the last line should be cut.`, `${MAX_LINES + 1} строк при лимитах по умолчанию: последняя строка должна быть отрезана.`)).not.toContain(`r${MAX_LINES}\n`);
    expect(truncateOutput(long).split("\n").slice(0, MAX_LINES).join("\n"), say(`Keep the first ${MAX_LINES} lines.`, `Оставьте первые ${MAX_LINES} строк.`)).toBe(
      long.split("\n").slice(0, MAX_LINES).join("\n"),
    );
    const wide = "y".repeat(MAX_CHARS + 1);
    expect(truncateOutput(wide).startsWith("y".repeat(MAX_CHARS)), say(`Keep MAX_CHARS (${MAX_CHARS}) characters by default.`, `По умолчанию оставляйте MAX_CHARS (${MAX_CHARS}) символов.`)).toBe(true);
    expect(truncateOutput(wide).startsWith("y".repeat(MAX_CHARS + 1)), say(`Cut at MAX_CHARS (${MAX_CHARS}) by default.`, `По умолчанию режьте на MAX_CHARS (${MAX_CHARS}).`)).toBe(false);
  });
});

describe("executeBatch (TODO 4)", () => {
  it("runs a turn of concurrency-safe calls at the same time", async () => {
    const events: string[] = [];
    const tools = ["a", "b", "c"].map((n) => marked(n, events, { concurrencySafe: true, readOnly: true }));
    const results = await batch(calls("a", "b", "c"), tools);
    expect(
      events.slice(0, 3).every((e) => e.startsWith("start")),
      say(`All three reads should start before any ends (they overlap). Order seen: ${events.join(", ")}. ` +
        `Use Promise.all over the calls when canRunInParallel says so (TODO 4 in ${FILE}).`, `Все три чтения должны начаться раньше, чем какое-то кончится (они перекрываются). Порядок: ${events.join(", ")}. ` +
        `Используйте Promise.all по вызовам, когда canRunInParallel это разрешает (TODO 4 в ${FILE}).`),
    ).toBe(true);
    expect(results.length, say("One tool_result per call.", "По одному tool_result на вызов.")).toBe(3);
    for (const id of ["toolu_a", "toolu_b", "toolu_c"]) {
      const result = byId(results, id);
      expect(result?.type, say(`The result for ${id} should be a block of type "tool_result".`, `Результат для ${id} должен быть блоком типа "tool_result".`)).toBe("tool_result");
      expect(resultText(result), say(`The result for ${id} should carry that call's output.`, `Результат для ${id} должен нести вывод этого вызова.`)).toBe(`${id.slice(6)} done`);
      expect(result?.is_error ?? false, say(`${id} succeeded: its result must not say is_error.`, `${id} прошёл успешно: в его результате не должно быть is_error.`)).toBe(false);
    }
  });

  it("runs the whole turn in order when one call writes", async () => {
    const events: string[] = [];
    const tools = [
      marked("a", events, { concurrencySafe: true }),
      marked("w", events, { concurrencySafe: false, readOnly: false }),
      marked("b", events, { concurrencySafe: true }),
    ];
    await batch(calls("a", "w", "b"), tools);
    expect(
      events,
      say("With a write in the turn, each call must finish before the next starts, in the order the model asked. " +
        "Running them together would let a write race the reads.", "Когда в ходе есть запись, каждый вызов должен закончиться до начала следующего, в том порядке, в каком просила модель. " +
        "Запуск вместе дал бы записи гоняться с чтениями."),
    ).toEqual(["start a", "end a", "start w", "end w", "start b", "end b"]);
  });

  it("treats a tool with no concurrencySafe flag as unsafe", async () => {
    const events: string[] = [];
    const tools = [marked("a", events, { concurrencySafe: true }), marked("q", events)];
    await batch(calls("a", "q"), tools);
    expect(events, say("A tool that says nothing about concurrency must not run in parallel.", "Инструмент, который ничего не говорит о параллельной работе, нельзя запускать параллельно.")).toEqual(["start a", "end a", "start q", "end q"]);
  });

  it("returns the results in the order of the calls, not the order they finished", async () => {
    const delayed = (name: string, ms: number): SafeTool => ({
      name,
      description: name,
      input_schema: noSchema,
      concurrencySafe: true,
      run: () => sleep(ms).then(() => `${name} done`),
    });
    const results = await batch(calls("slow", "fast", "mid"), [delayed("slow", 30), delayed("fast", 1), delayed("mid", 10)]);
    expect(
      results.map((r) => r.tool_use_id),
      say("Results must come back in the order of `calls`: pushing each result when its call finishes gives the order of " +
        "finishing. Promise.all(calls.map(...)) keeps the order.", "Результаты должны вернуться в порядке `calls`: если добавлять каждый результат, когда его вызов кончился, выйдет порядок " +
        "завершения. Promise.all(calls.map(...)) сохраняет порядок."),
    ).toEqual(["toolu_slow", "toolu_fast", "toolu_mid"]);
  });

  it("answers every call even when one throws (parallel)", async () => {
    const events: string[] = [];
    const boom: SafeTool = {
      ...marked("boom", events, { concurrencySafe: true }),
      run: () => {
        throw new Error("database is down");
      },
    };
    const tools = [marked("a", events, { concurrencySafe: true }), boom, marked("b", events, { concurrencySafe: true })];
    const results = await batch(calls("a", "boom", "b"), tools);
    expect(results.map((r) => r.tool_use_id), say("Exactly one tool_result per tool_use, whatever happens.", "Ровно один tool_result на каждый tool_use, что бы ни случилось.")).toEqual(["toolu_a", "toolu_boom", "toolu_b"]);
    expect(byId(results, "toolu_boom")?.is_error, say("The failed call must come back with is_error: true.", "Упавший вызов должен вернуться с is_error: true.")).toBe(true);
    expect(
      [resultText(byId(results, "toolu_a")), resultText(byId(results, "toolu_b"))],
      say("One call failed and the other calls lost their outputs: catch each call's failure on its own (in a runOne that never " +
        "throws), not around the whole Promise.all.", "Один вызов упал, и остальные потеряли свои выводы: ловите сбой каждого вызова отдельно (в runOne, которая никогда не " +
        "бросает исключений), а не вокруг всего Promise.all."),
    ).toEqual(["a done", "b done"]);
    expect(resultText(byId(results, "toolu_boom")), say("Pass the error's message to the model.", "Передайте сообщение ошибки модели.")).toContain("database is down");
    expect(resultText(byId(results, "toolu_boom")), say("Name the tool that failed in its result, so the model knows which call to look at.", "Назовите упавший инструмент в его результате, чтобы модель знала, на какой вызов смотреть.")).toContain("boom");
  });

  it("answers every call when one's promise rejects (parallel)", async () => {
    const events: string[] = [];
    const rejecting: SafeTool = {
      ...marked("lookup", events, { concurrencySafe: true }),
      run: () => sleep(2).then(() => Promise.reject(new Error("rate service unreachable"))),
    };
    const tools = [rejecting, marked("a", events, { concurrencySafe: true })];
    const results = await batch(calls("lookup", "a"), tools);
    expect(results.map((r) => r.tool_use_id), say("A rejected promise is a failure like a throw: one result per call.", "Отклонённый промис — такой же сбой, как исключение: по одному результату на вызов.")).toEqual(["toolu_lookup", "toolu_a"]);
    expect(byId(results, "toolu_lookup")?.is_error, say("A tool whose promise rejects must come back with is_error: true.", "Инструмент, чей промис отклонён, должен вернуться с is_error: true.")).toBe(true);
    expect(resultText(byId(results, "toolu_lookup")), say("Pass the rejection's message to the model.", "Передайте модели сообщение отказа.")).toContain("rate service unreachable");
    expect(resultText(byId(results, "toolu_a")), say("The other call still succeeds.", "Другой вызов всё равно проходит успешно.")).toBe("a done");
  });

  it("goes on after a failure when running in order", async () => {
    const events: string[] = [];
    const failing: SafeTool = { ...marked("w", events), run: () => Promise.reject(new Error("locked")) };
    const results = await batch(calls("w", "a"), [failing, marked("a", events)]);
    expect(results.length, say("The call after a failure must still run and be answered.", "Вызов после сбоя всё равно должен выполниться и получить ответ.")).toBe(2);
    expect(byId(results, "toolu_w")?.is_error, say("The failed call must come back with is_error: true.", "Упавший вызов должен вернуться с is_error: true.")).toBe(true);
    expect(byId(results, "toolu_a")?.is_error ?? false, say("The second call should succeed.", "Второй вызов должен пройти успешно.")).toBe(false);
    expect(events, say("The second call ran.", "Второй вызов должен был выполниться.")).toEqual(["start a", "end a"]);
  });

  it("stops a call that takes too long: is_error, timed out, the call was fine, may be retried; the signal is aborted", async () => {
    let signal: AbortSignal | undefined;
    const slow: SafeTool = {
      name: "slow",
      description: "slow",
      input_schema: noSchema,
      concurrencySafe: true,
      timeoutMs: 20,
      run: (_input, s) => {
        signal = s;
        return sleep(400).then(() => "too late");
      },
    };
    const events: string[] = [];
    const results = await batch(calls("slow", "a"), [slow, marked("a", events, { concurrencySafe: true })], { timeoutMs: 5_000 });
    const result = byId(results, "toolu_slow");
    expect(
      resultText(result),
      say("The tool's own timeoutMs (20 ms) must win over options.timeoutMs (5000 ms); the call was not stopped in time.", "Собственный timeoutMs инструмента (20 мс) должен быть важнее options.timeoutMs (5000 мс); вызов не остановлен вовремя."),
    ).not.toBe("too late");
    expect(result?.is_error, say("A timed-out call must come back with is_error: true.", "Вызов с истёкшим тайм-аутом должен вернуться с is_error: true.")).toBe(true);
    const text = resultText(result);
    expect(/timed out|time ?out|took too long/i.test(text), say(`Say that the tool timed out. Got: ${text}`, `Скажите, что у инструмента истёк тайм-аут ("timed out"). Получено: «${text}»`)).toBe(true);
    expect(/fine|correct|nothing wrong|valid/i.test(text), say(`Say the call itself was fine (the model did nothing wrong). Got: ${text}`, `Скажите, что сам вызов был в порядке (модель не ошиблась). Получено: «${text}»`)).toBe(true);
    expect(/retry|try again/i.test(text), say(`Say the call may be retried. Got: ${text}`, `Скажите, что вызов можно повторить ("retry"). Получено: «${text}»`)).toBe(true);
    expect(signal?.aborted, say("Pass the signal from runWithTimeout to tool.run(input, signal), so the tool can stop.", "Передайте сигнал из runWithTimeout в tool.run(input, signal), чтобы инструмент мог остановиться.")).toBe(true);
    expect(byId(results, "toolu_a")?.is_error ?? false, say("The other call in the batch is unaffected.", "Другой вызов в пачке не затронут.")).toBe(false);
  });

  it("uses options.timeoutMs for a tool without its own", async () => {
    const hang: SafeTool = { name: "hang", description: "hang", input_schema: noSchema, run: () => new Promise(() => {}) };
    // A safety net, not a speed check: without a timeout this call would hang until the test runner gives up.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const guard = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(say(`executeBatch still had not answered after 3 s although options.timeoutMs is 20 ms: wrap each call in runWithTimeout (TODO 4 in ${FILE}).`, `executeBatch так и не ответила за 3 с, хотя options.timeoutMs — 20 мс: оберните каждый вызов в runWithTimeout (TODO 4 в ${FILE}).`))),
        3_000,
      );
    });
    const [result] = await Promise.race([batch(calls("hang"), [hang], { timeoutMs: 20 }), guard]).finally(() => clearTimeout(timer));
    expect(result?.is_error, say("A tool with no timeoutMs should be stopped after options.timeoutMs.", "Инструмент без timeoutMs нужно останавливать через options.timeoutMs.")).toBe(true);
    expect(resultText(result), say("The result should say it timed out.", "Результат должен сказать, что истёк тайм-аут.")).toMatch(/time/i);
  });

  it("uses DEFAULT_TIMEOUT_MS, not no timeout at all, when neither the tool nor options set one", async () => {
    vi.useFakeTimers();
    try {
      const hang: SafeTool = { name: "hang", description: "hang", input_schema: noSchema, run: () => new Promise(() => {}) };
      let settled: Anthropic.ToolResultBlockParam[] | undefined;
      const pending = executeBatch(calls("hang"), [hang]).then((r) => (settled = r));
      // Handled here so a starter that throws is reported by `await pending` below, not as a stray
      // PromiseRejectionHandledWarning while the timers run.
      pending.catch(() => {});
      await vi.advanceTimersByTimeAsync(4_000);
      expect(settled, say("After 4 s the call must still be running: the default timeout is DEFAULT_TIMEOUT_MS (5000 ms).", "Через 4 с вызов должен ещё идти: тайм-аут по умолчанию — DEFAULT_TIMEOUT_MS (5000 мс).")).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1_100);
      await pending;
      expect(settled?.[0]?.is_error, say("After DEFAULT_TIMEOUT_MS (5000 ms) a hanging call must be stopped with an is_error result.", "Через DEFAULT_TIMEOUT_MS (5000 мс) зависший вызов нужно остановить результатом с is_error.")).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("hands the tool its input exactly as the model sent it (numbers and booleans too) and a signal", async () => {
    let received: unknown;
    let signal: unknown;
    const echo: SafeTool = {
      name: "echo",
      description: "echo",
      input_schema: noSchema,
      run: (input, s) => {
        received = input;
        signal = s;
        return "ok";
      },
    };
    const input = { amount: 0, confirm: false, city: "Жуковский", tags: ["a"] };
    await batch([{ id: "toolu_echo", name: "echo", input }], [echo]);
    expect(received, say("tool.run must get the call's input unchanged: 0, false and Cyrillic text stay as they are.", "tool.run должен получить ввод вызова без изменений: 0, `false` и кириллица остаются как есть.")).toEqual(input);
    expect(signal, say("tool.run(input, signal): pass the AbortSignal from runWithTimeout as the second argument.", "tool.run(input, signal): передайте AbortSignal из runWithTimeout вторым аргументом.")).toBeInstanceOf(AbortSignal);
  });

  it("answers a result that is not a string with its JSON text", async () => {
    const numeric: SafeTool = { name: "count", description: "count", input_schema: noSchema, run: () => 42 as unknown as string };
    const objecty: SafeTool = { name: "info", description: "info", input_schema: noSchema, run: async () => ({ rate: 0.92 }) as unknown as string };
    const results = await batch(calls("count", "info"), [numeric, objecty]);
    expect(resultText(byId(results, "toolu_count")), say("A tool that returns the number 42 should be answered with the text \"42\".", "На инструмент, который вернул число 42, нужно ответить текстом \"42\".")).toBe("42");
    expect(resultText(byId(results, "toolu_info")), say("A tool that returns an object should be answered with its JSON text.", "На инструмент, который вернул объект, нужно ответить его текстом JSON.")).toBe('{"rate":0.92}');
    for (const result of results) {
      expect(typeof result.content, say("content must be a string: the API does not take a number or a plain object there.", "`content` должен быть строкой: API не принимает там число или простой объект.")).toBe("string");
      expect(result.is_error ?? false, say("A tool that returned a value succeeded: no is_error.", "Инструмент, который вернул значение, отработал успешно: без is_error.")).toBe(false);
    }
  });

  it("answers a tool that returns nothing with text too, never an empty content", { tags: "hard" }, async () => {
    const silent: SafeTool = { name: "touch", description: "touch", input_schema: noSchema, run: () => undefined as unknown as string };
    const [result] = await batch(calls("touch"), [silent]);
    expect(
      typeof result?.content === "string" && result.content !== "",
      say(`A tool that returned undefined got content ${JSON.stringify(result?.content)}: JSON.stringify(undefined) is undefined, not text, ` +
        `and the API refuses a tool_result without it. Fall back to String(output) (or say it returned nothing) (TODO 4 in ${FILE}).`, `Инструмент, который вернул \`undefined\`, получил content ${JSON.stringify(result?.content)}: JSON.stringify(undefined) — это \`undefined\`, а не текст, ` +
        `и API отклоняет tool_result без него. Возьмите String(output) (или скажите, что инструмент ничего не вернул) (TODO 4 в ${FILE}).`),
    ).toBe(true);
    expect(result?.is_error ?? false, say("Returning nothing is not a failure: no is_error.", "Ничего не вернуть — не сбой: без is_error.")).toBe(false);
  });

  it("answers an unknown tool with an is_error result naming it and the real ones", async () => {
    const [result] = await batch(calls("nope"), [marked("read_rates", []), marked("save_report", [])]);
    expect(result?.is_error, say("An unknown tool must give is_error: true, not a crash.", "Неизвестный инструмент должен дать is_error: true, а не падение.")).toBe(true);
    const text = resultText(result);
    expect(text, say("Name the unknown tool.", "Назовите неизвестный инструмент.")).toContain("nope");
    expect(text, say(`List the tools there are, so the model can pick a real one. Got: ${text}`, `Перечислите имеющиеся инструменты, чтобы модель выбрала настоящий. Получено: «${text}»`)).toMatch(/\bread_rates\b/);
    expect(text, say(`List every tool there is, each name on its own (separated by ", "). Got: ${text}`, `Перечислите все инструменты, каждое имя отдельно (через ", "). Получено: «${text}»`)).toMatch(/\bsave_report\b/);
  });

  it("caps every result and says so", async () => {
    const big = Array.from({ length: 1_000 }, (_, i) => `row ${i}`).join("\n");
    const flood: SafeTool = { ...marked("flood", [], { concurrencySafe: true }, big) };
    const [result] = await batch(calls("flood"), [flood], { maxLines: 50 });
    const text = resultText(result);
    expect(text.split("\n").length, say("A 1000-line result must be cut to options.maxLines (plus the note).", "Результат в 1000 строк нужно обрезать до options.maxLines (плюс пометка).")).toBeLessThanOrEqual(52);
    expect(text, say("Keep the first 50 lines.", "Оставьте первые 50 строк.")).toContain("row 49");
    expect(/cut|truncat|more/i.test(text), say("The cut result should end with a note saying so.", "Обрезанный результат должен кончаться пометкой об этом.")).toBe(true);

    const wide: SafeTool = { ...marked("wide", [], {}, "z".repeat(3_000)) };
    const [capped] = await batch(calls("wide"), [wide], { maxChars: 1_000 });
    expect(resultText(capped).startsWith("z".repeat(1_000)) && !resultText(capped).startsWith("z".repeat(1_001)), say("options.maxChars (1000) must reach truncateOutput.", "options.maxChars (1000) должен дойти до truncateOutput.")).toBe(true);
  });

  it("caps an error text too", { tags: "hard" }, async () => {
    const noisy: SafeTool = { ...marked("noisy", []), run: () => Promise.reject(new Error(`stack ${"#".repeat(50_000)}`)) };
    const [result] = await batch(calls("noisy"), [noisy], { maxChars: 1_000 });
    expect(result?.is_error, say("The failed call is an is_error result.", "Упавший вызов — это результат с is_error.")).toBe(true);
    expect(
      resultText(result).length,
      say("A 50,000-character error message went to the model whole: pass error texts through truncateOutput too.", "Сообщение об ошибке в 50 000 символов ушло модели целиком: пропускайте тексты ошибок через truncateOutput тоже."),
    ).toBeLessThan(1_500);
  });

  it("never rejects, even for a non-Error throw, and passes its text on", { tags: "hard" }, async () => {
    const odd: SafeTool = { ...marked("odd", []), run: () => Promise.reject("just a string") };
    const results = await executeBatch(calls("odd"), [odd]).catch((error: unknown) => {
      throw new Error(say(`executeBatch rejected (${String(error)}): a thrown value that is not an Error must still become a tool_result.`, `executeBatch отклонила промис («${String(error)}»): брошенное значение, которое не Error, всё равно должно стать tool_result.`));
    });
    expect(results.length, say("executeBatch must answer the call.", "executeBatch должна ответить на вызов.")).toBe(1);
    expect(results[0]?.is_error, say("A rejection with a plain string is a failure: is_error: true.", "Отказ с простой строкой — сбой: is_error: true.")).toBe(true);
    expect(resultText(results[0]), say("Pass the thrown string on to the model.", "Передайте брошенную строку модели.")).toContain("just a string");
  });

  it("in a real loop, all results go back in ONE user message, matched by id", async () => {
    const events: string[] = [];
    const tools = ["a", "b", "c"].map((n) => marked(n, events, { concurrencySafe: true }));
    const mock = createMockModel([
      reply.toolUses([
        { name: "a", input: {}, id: "toolu_1" },
        { name: "b", input: {}, id: "toolu_2" },
        { name: "c", input: {}, id: "toolu_3" },
      ]),
      reply.text("done"),
    ]);
    await runLoop(mock.client, "three lookups", { tools, executeTools: (batch, loopTools) => executeBatch(batch, loopTools) });
    expect(mock.rejections.map((r) => r.problem.message), say("The API would have refused the request.", "API отклонил бы этот запрос.")).toEqual([]);
    const last = mock.lastToolResults();
    expect(last.map((r) => r.tool_use_id).sort(), say("All three results belong in the one user message after the turn.", "Все три результата должны быть в одном сообщении user после хода.")).toEqual([
      "toolu_1",
      "toolu_2",
      "toolu_3",
    ]);
    mock.assertAllUsed();
  });
});

// The safety rule, for every batch: whatever each tool does, every tool_use gets exactly one result,
// with its id, in order; failures and only failures say is_error.
describe("executeBatch, for generated batches: one result per call, by id (TODO 4)", { tags: "hard" }, () => {
  type Behaviour = "ok" | "okAsync" | "throws" | "rejects" | "rejectsString" | "hangs" | "number" | "unknown";
  const behaviours: Behaviour[] = ["ok", "okAsync", "throws", "rejects", "rejectsString", "hangs", "number", "unknown"];
  const failing = new Set<Behaviour>(["throws", "rejects", "rejectsString", "hangs", "unknown"]);

  function toolFor(name: string, behaviour: Behaviour, safe: boolean): SafeTool | undefined {
    const base = { name, description: name, input_schema: noSchema, concurrencySafe: safe, timeoutMs: behaviour === "hangs" ? 3 : 2_000 };
    switch (behaviour) {
      case "ok":
        return { ...base, run: () => `${name} ok` };
      case "okAsync":
        return { ...base, run: () => sleep(1).then(() => `${name} ok`) };
      case "throws":
        return { ...base, run: () => { throw new Error(`${name} broke`); } };
      case "rejects":
        return { ...base, run: () => Promise.reject(new Error(`${name} broke`)) };
      case "rejectsString":
        return { ...base, run: () => Promise.reject(`${name} broke`) };
      case "hangs":
        return { ...base, run: () => new Promise<string>(() => {}) };
      case "number":
        return { ...base, run: () => 7 as unknown as string };
      case "unknown":
        return undefined;
    }
  }

  it("every call gets exactly one tool_result, matched by id, whatever succeeds, throws, rejects or times out", async () => {
    const plan = fc.array(fc.record({ behaviour: fc.constantFrom(...behaviours), safe: fc.boolean() }), { minLength: 1, maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(plan, async (steps) => {
        const batchCalls: ToolCall[] = steps.map((_, i) => ({ id: `toolu_${i}_${steps.length}`, name: `tool_${i}`, input: { n: i } }));
        const tools = steps.flatMap((step, i) => toolFor(`tool_${i}`, step.behaviour, step.safe) ?? []);
        const results = await executeBatch(batchCalls, tools).catch((error: unknown) => {
          throw new Error(say(`executeBatch rejected (${String(error)}) for the batch ${JSON.stringify(steps)}: it must never reject.`, `executeBatch отклонила промис («${String(error)}») для пачки ${JSON.stringify(steps)}: она никогда не должна отклоняться.`));
        });
        const shape = `batch ${JSON.stringify(steps)} gave ${JSON.stringify(results.map((r) => [r.tool_use_id, r.is_error ?? false]))}`;
        const shapeRu = `пачка ${JSON.stringify(steps)} дала ${JSON.stringify(results.map((r) => [r.tool_use_id, r.is_error ?? false]))}`;
        expect(results.map((r) => r.tool_use_id), say(`One result per call, in the order of the calls: ${shape}`, `По одному результату на вызов, в порядке вызовов: ${shapeRu}`)).toEqual(batchCalls.map((c) => c.id));
        steps.forEach((step, i) => {
          const result = results[i];
          expect(typeof result?.content, say(`Every result's content is text: ${shape}`, `content каждого результата — текст: ${shapeRu}`)).toBe("string");
          expect(result?.is_error ?? false, say(`Call ${i} (${step.behaviour}) ${failing.has(step.behaviour) ? "failed" : "succeeded"}: ${shape}`, `Вызов ${i} (${step.behaviour}) ${failing.has(step.behaviour) ? "упал" : "прошёл успешно"}: ${shapeRu}`)).toBe(
            failing.has(step.behaviour),
          );
        });
      }),
      { seed: 42, numRuns: 60 },
    );
  });
});
