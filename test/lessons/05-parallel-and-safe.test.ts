// Tests of lesson 05's own code: the executor, truncation, the live-rates tool against a local HTTP
// server on 127.0.0.1 (good, slow, failing and garbled answers), and the agent on the offline model.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAgent, sampleTasks } from "../../lessons/05-parallel-and-safe/agent.ts";
import { canRunInParallel, executeBatch, runWithTimeout, ToolTimeoutError, type CallTiming, type SafeTool } from "../../lessons/05-parallel-and-safe/executor.ts";
import { createExchangeRateTool } from "../../lessons/05-parallel-and-safe/live-rates.ts";
import { truncateOutput } from "../../lessons/05-parallel-and-safe/truncate.ts";
import { asTool } from "../../lessons/04-tool-contract/dispatch.ts";
import { createClient } from "../../shared/client.ts";
import { parseConversions } from "../../shared/offline/conversions.ts";
import { resultText } from "../../shared/mock/mock-model.ts";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function marked(name: string, events: string[], concurrencySafe?: boolean): SafeTool {
  return {
    name,
    description: name,
    input_schema: { type: "object", properties: {} },
    concurrencySafe,
    async run() {
      events.push(`start ${name}`);
      await sleep(5);
      events.push(`end ${name}`);
      return name;
    },
  };
}
const calls = (...names: string[]) => names.map((name) => ({ id: `toolu_${name}`, name, input: {} }));

describe("executor", () => {
  it("overlaps safe calls, serialises a turn with an unsafe one, and reports timings", async () => {
    const events: string[] = [];
    const timings: CallTiming[] = [];
    const safe = [marked("a", events, true), marked("b", events, true)];
    expect(canRunInParallel(calls("a", "b"), safe)).toBe(true);
    await executeBatch(calls("a", "b"), safe, { onCallEnd: (t) => timings.push(t) });
    expect(events.slice(0, 2)).toEqual(["start a", "start b"]);
    expect(timings.map((t) => t.id).sort()).toEqual(["toolu_a", "toolu_b"]);

    events.length = 0;
    await executeBatch(calls("a", "w", "b"), [...safe, marked("w", events, false)]);
    expect(events).toEqual(["start a", "end a", "start w", "end w", "start b", "end b"]);
  });

  it("times out, aborts, and says the call may be retried", async () => {
    let aborted = false;
    const hang: SafeTool = {
      name: "hang",
      description: "hang",
      input_schema: { type: "object", properties: {} },
      timeoutMs: 15,
      run: (_input, signal) => new Promise<string>(() => signal?.addEventListener("abort", () => (aborted = true))),
    };
    const [result] = await executeBatch(calls("hang"), [hang]);
    expect(result?.is_error).toBe(true);
    expect(resultText(result)).toBe(
      "hang did not answer within 15 ms and was stopped. The call itself was fine: you may retry it as is, or go on without this result.",
    );
    expect(aborted).toBe(true);
    await expect(runWithTimeout(() => new Promise(() => {}), 5)).rejects.toBeInstanceOf(ToolTimeoutError);
  });

  it("suggests a close name for an unknown tool", async () => {
    const [result] = await executeBatch(calls("get_exchange_rates"), [marked("get_exchange_rate", [])]);
    expect(resultText(result)).toContain("Did you mean 'get_exchange_rate'?");
  });

  it("truncates by lines and characters with a note", () => {
    const text = Array.from({ length: 300 }, () => "0123456789").join("\n");
    expect(truncateOutput(text, { maxLines: 10 })).toMatch(/\[output cut: 3190 more characters \(290 more lines\) not shown\. Ask for less/);
    expect(truncateOutput("x".repeat(30), { maxChars: 10 })).toBe(
      `${"x".repeat(10)}\n[output cut: 20 more characters not shown. Ask for less: narrow the query, or ask for the rest with an offset.]`,
    );
    expect(truncateOutput("fine")).toBe("fine");
  });
});

describe("live rates over HTTP (a local server on 127.0.0.1)", () => {
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const [, kind, from] = (request.url ?? "").split("/");
      const send = (status: number, body: string) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(body);
      };
      if (kind === "good") return send(200, JSON.stringify({ result: "success", base_code: from, rates: { RUB: 80.25, EUR: 0.9 } }));
      if (kind === "failing") return send(500, JSON.stringify({ error: "boom" }));
      if (kind === "garbled") return send(200, "<html>oops</html>");
      if (kind === "slow") {
        const timer = setTimeout(() => send(200, JSON.stringify({ rates: { RUB: 1 } })), 2_000);
        request.on("close", () => clearTimeout(timer));
        return;
      }
      send(404, "{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // A generous timeout for the answers that should arrive: a busy 2-core CI machine can take more
  // than 100 ms to serve even a local request. Only the "slow" case uses a short one.
  const ask = (url: string | undefined, to = "RUB", timeoutMs = 5_000) =>
    Promise.resolve(asTool(createExchangeRateTool({ url, timeoutMs })).run({ from_currency: "USD", to_currency: to })).then(
      (text) => JSON.parse(text) as { data: Record<string, unknown> },
    );

  it("uses the live answer and says so", async () => {
    const { data } = await ask(`${base}/good`);
    expect(data).toEqual({ from: "USD", to: "RUB", rate: 80.25, source: `live: 127.0.0.1:${base.split(":")[2]}` });
  });

  it("falls back to the demo table when the service is slow, failing, garbled or lacks the pair", async () => {
    const slow = await ask(`${base}/slow`, "RUB", 100);
    expect(slow.data).toMatchObject({ rate: 92.5, source: "demo table (the live service failed: no answer within 100 ms)" });
    expect((await ask(`${base}/failing`)).data.source).toBe("demo table (the live service failed: HTTP 500)");
    expect(String((await ask(`${base}/garbled`)).data.source)).toMatch(/^demo table \(the live service failed: .*JSON/);
    expect((await ask(`${base}/good`, "BTC")).data.source).toBe("demo table (the live service failed: no USD/BTC rate in the answer)");
  });

  it("uses the demo table with no URL (offline runs), and says how to opt in", async () => {
    expect((await ask(undefined)).data.source).toBe("demo table (set LIVE_RATES_URL for live rates)");
  });

  it("stops the request when the executor's timeout fires first", async () => {
    const tool = { ...asTool(createExchangeRateTool({ url: `${base}/slow`, timeoutMs: 5_000 })), timeoutMs: 30 };
    const [result] = await executeBatch([{ id: "toolu_x", name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB" } }], [tool]);
    expect(result?.is_error).toBe(true);
    expect(resultText(result)).toContain("did not answer within 30 ms");
  });
});

describe("the agent on the offline model", () => {
  it("parses several conversions in English and Russian", () => {
    const expected = [
      { from: "USD", to: "RUB", amount: 100 },
      { from: "USD", to: "EUR", amount: 100 },
      { from: "EUR", to: "RUB", amount: 100 },
    ];
    expect(parseConversions(sampleTasks[0]!)).toEqual(expected);
    expect(parseConversions(sampleTasks[1]!)).toEqual(expected);
    expect(parseConversions("What are the USD/RUB and EUR/RUB rates?")).toEqual([
      { from: "USD", to: "RUB" },
      { from: "EUR", to: "RUB" },
    ]);
    expect(parseConversions("How much are 500 US dollars in rubles?")).toHaveLength(1);
  });

  it("asks for the three rates in one turn, runs them in parallel, and answers", async () => {
    for (const [task, figures, source] of [
      [sampleTasks[0]!, ["9,250 RUB", "92 EUR", "10,030 RUB"], /demo table/],
      [sampleTasks[1]!, ["9 250 RUB", "92 EUR", "10 030 RUB"], /демо-таблица/],
    ] as const) {
      const lines: string[] = [];
      const answer = await runAgent(createClient({ offline: true }).client, task, {
        rates: { demoLatencyMs: 0 },
        write: (line) => lines.push(line),
      });
      expect(lines[0]).toMatch(/^ {2}⏱ 3 calls in parallel \(all concurrency-safe\): \d+ ms in all; each: get_exchange_rate/);
      for (const figure of figures) expect(answer.replace(/\u00a0|\u202f/g, " ")).toContain(figure);
      expect(answer, "the source of the rates, in the task's language").toMatch(source);
    }
  });
});
