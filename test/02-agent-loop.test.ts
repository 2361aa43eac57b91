// Checks for exercise 02 (the agent loop and get_time). Run them with: npm run check 2
// The model is the course's strict mock: it rejects a broken request with the real API's words, and
// the helpers below turn that rejection into what went wrong in your loop.

import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it, vi } from "vitest";
import { executeToolCall, runAgent, type AgentOptions } from "@exercise/02-agent-loop/agent-loop.ts";
import { createGetTimeTool, getTime, localTimeZone } from "@exercise/02-agent-loop/get-time.ts";
import { getExchangeRateTool } from "../lessons/01-first-tool/exchange-rate.ts";
import { toolDefinitions, type Tool } from "../lessons/01-first-tool/tool.ts";
import { calculateTool } from "../lessons/02-agent-loop/calculate.ts";
import { createClient } from "../shared/client.ts";
import { validateMessagesRequest } from "../shared/fake-api/validate-request.ts";
import { DEFAULT_MODEL } from "../shared/model.ts";
import { createMockModel, reply, resultText, type MockModel, type MockTurn } from "../shared/mock/mock-model.ts";
import { say } from "./helpers/say.ts";

const LOOP = "exercises/02-agent-loop/agent-loop.ts";
const TIME = "exercises/02-agent-loop/get-time.ts";
const FIRE = "the disk is on fire";

// Small tools for the loop tests. `log` records what actually ran.
function testTools() {
  const log: string[] = [];
  const add: Tool<{ a: number; b: number }> = {
    name: "add",
    description: "Add two numbers and return the sum.",
    input_schema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
    run(input) {
      log.push(`add(${input.a},${input.b})`);
      return String(input.a + input.b);
    },
  };
  const lookup: Tool<{ key: string }> = {
    name: "lookup",
    description: "Look a value up by key.",
    input_schema: { type: "object", properties: { key: { type: "string" } }, required: ["key"] },
    run(input) {
      log.push(`lookup(${input.key})`);
      return `value of ${input.key}`;
    },
  };
  const explode: Tool = {
    name: "explode",
    description: "A tool that always fails.",
    input_schema: { type: "object", properties: {} },
    run() {
      log.push("explode()");
      throw new Error(FIRE);
    },
  };
  return { tools: [add, lookup, explode] as Tool[], log };
}

type Outcome = { answer: string; error?: undefined } | { answer?: undefined; error: unknown };

async function run(mock: MockModel, tools: Tool[], options?: AgentOptions, task = "Do the task."): Promise<Outcome> {
  try {
    return { answer: await runAgent(mock.client, task, tools, options) };
  } catch (error) {
    return { error };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function blocksOf(message: Anthropic.MessageParam | undefined): Array<{ type: string; [key: string]: unknown }> {
  if (!message || typeof message.content === "string") return [];
  return message.content as unknown as Array<{ type: string; [key: string]: unknown }>;
}

// Names the mistake behind a failed run. `messages` is the request the API refused, when we have it.
function explain(error: unknown, apiSaid?: string, messages: Anthropic.MessageParam[] = []): string {
  const text = messageOf(error);
  if (text.includes("not implemented yet")) return text;
  if (text.includes(FIRE)) {
    return (
      say(
        `An exception from a tool escaped the loop: runAgent threw "${text}". A failing tool must not crash the agent: ` +
        `catch the error in executeToolCall (${LOOP}, TODO 1) and send it back as a tool_result with is_error: true, so the model can react.`,
        `Исключение из инструмента вырвалось из цикла: runAgent бросила "${text}". Упавший инструмент не должен ронять агента: ` +
        `поймайте ошибку в executeToolCall (${LOOP}, TODO 1) и отправьте её обратно как tool_result с is_error: true, чтобы модель могла ответить.`,
      )
    );
  }
  if (apiSaid === undefined) {
    return (
      say(
        `runAgent threw instead of answering: "${text}". Every problem with a tool call (an unknown tool, a tool that ` +
        `throws) must become a tool_result with is_error: true that the model reads (${LOOP}, TODO 1).`,
        `runAgent бросила исключение вместо ответа: "${text}". Любая проблема с вызовом инструмента (неизвестный инструмент, ` +
        `инструмент, который бросает) должна стать tool_result с is_error: true, который прочтёт модель (${LOOP}, TODO 1).`,
      )
    );
  }
  if (apiSaid.startsWith("[mock model]")) {
    return (
      say(
        `Your loop asked the model again after it had finished: ${apiSaid} Return the text as soon as stop_reason is ` +
        `not "tool_use" (${LOOP}, TODO 2).`,
        `Ваш цикл снова спросил модель, когда она уже закончила: ${apiSaid} Возвращайте текст, как только stop_reason ` +
        `не "tool_use" (${LOOP}, TODO 2).`,
      )
    );
  }
  const hasResults = (m: Anthropic.MessageParam | undefined) => m?.role === "user" && blocksOf(m).some((b) => b.type === "tool_result");
  const firstResult = messages.findIndex(hasResults);
  const before = messages[firstResult - 1];
  const notSentBack = messages.length > 0
    ? firstResult > 0 && !(before?.role === "assistant" && blocksOf(before).some((b) => b.type === "tool_use"))
    : apiSaid.includes("unexpected `tool_use_id`");
  if (notSentBack) {
    return (
      say(
        "The assistant's turn was not sent back: before your tool_result message there must be " +
        "{ role: \"assistant\", content: response.content }, exactly as received, because the tool_results answer the " +
        `tool_use blocks in it. Without them the API sees answers to questions nobody asked. The API said: ${apiSaid}`,
        "Ход ассистента не отправлен обратно: перед вашим сообщением с tool_result должно идти " +
        "{ role: \"assistant\", content: response.content }, ровно как пришло, потому что tool_result отвечают на блоки " +
        `tool_use в нём. Без них API видит ответы на вопросы, которых никто не задавал. Ответ API: «${apiSaid}»`,
      )
    );
  }
  if (messages.some((m, i) => hasResults(m) && hasResults(messages[i + 1]))) {
    return (
      say(
        "Each tool_result went in its own user message: the API wants all the results of one turn in ONE user " +
        `message, right after the assistant turn (${LOOP}, TODO 2 step 4: collect them in an array, push once). ` +
        `The API said: ${apiSaid}`,
        "Каждый tool_result ушёл в своём сообщении `user`: API ждёт все результаты одного хода в ОДНОМ сообщении `user` " +
        `сразу после хода ассистента (${LOOP}, TODO 2, шаг 4: соберите их в массив и добавьте один раз). ` +
        `Ответ API: «${apiSaid}»`,
      )
    );
  }
  if (apiSaid.includes("without `tool_result` blocks immediately after")) {
    return (
      say(
        "Some tool_use was not answered in the next message: send one tool_result per tool_use block, all in the user " +
        `message right after the assistant turn, each with tool_use_id = that block's id. The API said: ${apiSaid}`,
        "На какой-то tool_use нет ответа в следующем сообщении: отправьте по одному tool_result на каждый блок tool_use, все в " +
        `сообщении \`user\` сразу после хода ассистента, каждый с tool_use_id = id этого блока. Ответ API: «${apiSaid}»`,
      )
    );
  }
  if (apiSaid.includes("non-empty content")) {
    return (
      say(
        "Your loop sent a user message with nothing in it: it went on after a response that asked for no tool (stop_reason " +
        `"max_tokens" or "end_turn"), so there were no results to send. Only stop_reason "tool_use" means "run tools and continue" (${LOOP}, TODO 2). ` +
        `The API said: ${apiSaid}`,
        "Ваш цикл отправил пустое сообщение `user`: он продолжил после ответа, который не просил инструментов (stop_reason " +
        `"max_tokens" или "end_turn"), и отправлять было нечего. Только stop_reason "tool_use" значит «запусти инструменты и продолжай» (${LOOP}, TODO 2). ` +
        `Ответ API: «${apiSaid}»`,
      )
    );
  }
  return say(`The API refused a request your loop sent: ${apiSaid}`, `API отклонил запрос, который отправил ваш цикл: «${apiSaid}»`);
}

function explainMock(mock: MockModel, error: unknown): string {
  const rejection = mock.rejections.at(-1);
  const messages = (rejection?.request as { messages?: Anthropic.MessageParam[] } | undefined)?.messages ?? [];
  return explain(error, rejection?.problem.message, messages);
}

// The offline model has no record of what it refused; the API's words are in the SDK's error.
function explainOffline(error: unknown): string {
  const apiSaid = (error as { error?: { error?: { message?: string } } }).error?.error?.message;
  return say(`runAgent failed on the offline model. ${explain(error, apiSaid)}`, `runAgent упала на офлайн-модели. ${explain(error, apiSaid)}`);
}

function expectSuccess(mock: MockModel, outcome: Outcome): string {
  if (outcome.error !== undefined) expect.fail(explainMock(mock, outcome.error));
  return outcome.answer ?? "";
}

describe("the loop: talking to the model (TODO 2)", () => {
  it("zero tool rounds: returns the model's text when it answers at once", async () => {
    const { tools } = testTools();
    const mock = createMockModel([reply.text("Paris is the capital of France.")]);
    const answer = expectSuccess(mock, await run(mock, tools, undefined, "What is the capital of France?"));

    const first = mock.requests[0];
    expect(first?.messages, say("The first request should hold just the task, as one user message.", "Первый запрос должен содержать только задачу, одним сообщением `user`.")).toEqual([
      { role: "user", content: "What is the capital of France?" },
    ]);
    expect(
      first?.tools?.map((t) => ("name" in t ? t.name : "")),
      say(
        `The first request must offer the tools (tools: toolDefinitions(tools)), or the model cannot call any (${LOOP}).`,
        `Первый запрос должен предлагать инструменты (tools: toolDefinitions(tools)), иначе модель не сможет вызвать ни один (${LOOP}).`,
      ),
    ).toEqual(["add", "lookup", "explode"]);
    expect(answer, say("runAgent should return the model's final text.", "runAgent должна вернуть итоговый текст модели.")).toBe("Paris is the capital of France.");
    expect(mock.requests.length, say("The model answered with end_turn; one request is enough.", "Модель ответила с end_turn: одного запроса достаточно.")).toBe(1);
  });

  it("one tool round: runs the tool and answers its id", async () => {
    const { tools, log } = testTools();
    const mock = createMockModel([reply.toolUse("add", { a: 2, b: 3 }, { id: "toolu_add_1" }), reply.text("2 + 3 = 5.")]);
    const answer = expectSuccess(mock, await run(mock, tools));

    expect(log, say("The model asked for add(2,3); your loop should have run it.", "Модель попросила add(2,3); ваш цикл должен был его выполнить.")).toEqual(["add(2,3)"]);
    const result = mock.toolResults()[0];
    expect(result?.tool_use_id, say("The tool_result must carry the id of the tool_use it answers (tool_use_id = block.id).", "tool_result должен нести id того tool_use, на который отвечает (tool_use_id = block.id).")).toBe(
      "toolu_add_1",
    );
    expect(resultText(result), say("The tool_result's content should be what the tool returned.", "content у tool_result — это то, что вернул инструмент.")).toBe("5");
    expect(answer, say("After the tool round, runAgent should return the model's final text.", "После раунда с инструментом runAgent должна вернуть итоговый текст модели.")).toBe("2 + 3 = 5.");
    mock.assertAllUsed();
  });

  it("sends the assistant turn back exactly as received (text and tool_use, in order)", async () => {
    const { tools } = testTools();
    const mock = createMockModel([
      reply.toolUse("lookup", { key: "rate" }, { id: "toolu_lookup_1", text: "Let me look that up." }),
      reply.text("Found it."),
    ]);
    expectSuccess(mock, await run(mock, tools));

    const sentBack = mock.requests[1]?.messages[1];
    const shape = blocksOf(sentBack).map((b) => (b.type === "text" ? `text:${String(b.text)}` : `${b.type}:${String(b.id)}`));
    expect(
      { role: sentBack?.role, shape },
      say(
        "The second request must contain the model's turn as { role: \"assistant\", content: response.content }: both its " +
          "text and its tool_use block, in order. Rebuilding it (keeping only the text, or only the tool calls) changes " +
          "what the model said.",
        "Второй запрос должен содержать ход модели как { role: \"assistant\", content: response.content }: и его " +
          "текст, и блок tool_use, по порядку. Если собрать его заново (только текст или только вызовы), изменится " +
          "то, что сказала модель.",
      ),
    ).toEqual({ role: "assistant", shape: ["text:Let me look that up.", "tool_use:toolu_lookup_1"] });
  });

  it("three tool rounds: keeps going while the model asks for tools", async () => {
    const { tools, log } = testTools();
    const mock = createMockModel([
      reply.toolUse("lookup", { key: "a" }),
      reply.toolUse("add", { a: 40, b: 1 }),
      reply.toolUse("add", { a: 41, b: 1 }),
      reply.text("The answer is 42."),
    ]);
    const outcome = await run(mock, tools);
    if (outcome.error === undefined) {
      expect(
        mock.turnsUsed(),
        say(
          `The loop stopped after ${mock.turnsUsed()} request(s), but the model still wanted tools (stop_reason "tool_use"). ` +
            `Stopping after the first tool call is lesson 01's round trip; here you must loop while stop_reason is "tool_use" (${LOOP}, TODO 2).`,
          `Цикл остановился после запросов: ${mock.turnsUsed()}, а модель всё ещё просила инструменты (stop_reason "tool_use"). ` +
            `Остановка после первого вызова — это один круг из урока 01; здесь нужно повторять, пока stop_reason равен "tool_use" (${LOOP}, TODO 2).`,
        ),
      ).toBe(4);
    }
    const answer = expectSuccess(mock, outcome);
    expect(log, say("Each round's tool should run once, in order.", "Инструмент каждого раунда должен выполниться один раз, по порядку.")).toEqual(["lookup(a)", "add(40,1)", "add(41,1)"]);
    expect(answer).toBe("The answer is 42.");
    expect(
      mock.requests[3]?.messages.map((m) => m.role),
      say(
        "After three rounds the conversation should be user, assistant, user, assistant, user, assistant, user.",
        "После трёх раундов разговор должен быть таким: `user, assistant, user, assistant, user, assistant, user`.",
      ),
    ).toEqual(["user", "assistant", "user", "assistant", "user", "assistant", "user"]);
  });

  it("two tool_use blocks in one turn: both answered in ONE user message, matched by id", async () => {
    const { tools, log } = testTools();
    const mock = createMockModel([
      reply.toolUses([
        { name: "add", input: { a: 1, b: 1 }, id: "toolu_first" },
        { name: "lookup", input: { key: "b" }, id: "toolu_second" },
      ]),
      reply.text("Both done."),
    ]);
    const answer = expectSuccess(mock, await run(mock, tools));

    expect(log, say("Both calls of the turn should run.", "Оба вызова хода должны выполниться.")).toEqual(["add(1,1)", "lookup(b)"]);
    const last = mock.requests[1]?.messages.at(-1);
    const ids = blocksOf(last).map((b) => b.tool_use_id);
    expect(
      ids,
      say(
        "The results of one turn go in ONE user message, one tool_result per tool_use, each with its call's id " +
          "(not one message per result, and none left out).",
        "Результаты одного хода идут в ОДНОМ сообщении `user`, по одному tool_result на tool_use, каждый с id своего вызова " +
          "(не по сообщению на результат, и ни одного не пропуская).",
      ),
    ).toEqual(["toolu_first", "toolu_second"]);
    expect(answer).toBe("Both done.");
  });

  it("results go back in the order of the calls, even when the first call is the slowest", { tags: "hard" }, async () => {
    const slow: Tool = {
      name: "slow",
      description: "Answers after a while.",
      input_schema: { type: "object", properties: {} },
      run: () => new Promise<string>((resolve) => setTimeout(() => resolve("slow done"), 30)),
    };
    const quick: Tool = { name: "quick", description: "Answers at once.", input_schema: { type: "object", properties: {} }, run: async () => "quick done" };
    const mock = createMockModel([
      reply.toolUses([
        { name: "slow", input: {}, id: "toolu_slow" },
        { name: "quick", input: {}, id: "toolu_quick" },
      ]),
      reply.text("Both done."),
    ]);
    expectSuccess(mock, await run(mock, [slow, quick]));
    const ids = blocksOf(mock.requests[1]?.messages.at(-1)).map((b) => b.tool_use_id);
    expect(
      ids,
      say(
        `The results came back as ${JSON.stringify(ids)}: put them in the order of the tool_use blocks, not the order the calls ` +
          `finished in (a slow first call must still come first). Push each result after awaiting it in a for loop, or keep ` +
          `Promise.all's array as it is (${LOOP}, TODO 2).`,
        `Результаты пришли как ${JSON.stringify(ids)}: кладите их в порядке блоков tool_use, а не в порядке завершения ` +
          `вызовов (медленный первый вызов всё равно идёт первым). Добавляйте каждый результат после \`await\` в цикле \`for\` или берите ` +
          `массив Promise.all как есть (${LOOP}, TODO 2).`,
      ),
    ).toEqual(["toolu_slow", "toolu_quick"]);
  });

});

describe("the loop: when a tool call goes wrong (TODO 1)", () => {
  it("an unknown tool becomes an is_error result, and the loop goes on", async () => {
    const { tools } = testTools();
    const mock = createMockModel([reply.toolUse("delete_everything", {}), reply.text("I cannot delete anything.")]);
    const answer = expectSuccess(mock, await run(mock, tools));

    const result = mock.toolResults()[0];
    expect(
      result?.is_error,
      say(
        `The model asked for 'delete_everything', which this agent does not have: answer with is_error: true (${LOOP}, TODO 1).`,
        `Модель попросила 'delete_everything', которого у этого агента нет: ответьте с is_error: true (${LOOP}, TODO 1).`,
      ),
    ).toBe(true);
    expect(
      resultText(result),
      say(
        "The error should name the unknown tool and list the tools that exist (add, lookup, explode), so the model can pick one.",
        "Ошибка должна назвать неизвестный инструмент и перечислить существующие (`add`, `lookup`, `explode`), чтобы модель выбрала один.",
      ),
    ).toMatch(/delete_everything[\s\S]*add/);
    expect(resultText(result), say("List the tools one by one, e.g. \"Available tools: add, lookup, explode.\"", "Перечислите инструменты по одному, например \"Available tools: add, lookup, explode.\"")).toMatch(/add\W+lookup\W+explode/);
    expect(answer, say("After the error the model answered; runAgent should return that answer.", "После ошибки модель ответила; runAgent должна вернуть этот ответ.")).toBe("I cannot delete anything.");
  });

  it("a tool that throws becomes an is_error result, and the loop goes on", async () => {
    const { tools } = testTools();
    const mock = createMockModel([reply.toolUse("explode", {}), reply.text("The tool failed, sorry.")]);
    const answer = expectSuccess(mock, await run(mock, tools));

    const result = mock.toolResults()[0];
    expect(result?.is_error, say("A tool that throws must be answered with is_error: true.", "На инструмент, который бросил исключение, нужно ответить с is_error: true.")).toBe(true);
    expect(resultText(result), say("The error result should carry the exception's message, so the model knows what happened.", "В результате-ошибке должно быть сообщение исключения, чтобы модель знала, что случилось.")).toContain(
      FIRE,
    );
    expect(answer).toBe("The tool failed, sorry.");
  });

  it("executeToolCall never throws, whatever the tool does", async () => {
    const { tools } = testTools();
    const call = { type: "tool_use", id: "toolu_direct", name: "explode", input: {} } as unknown as Anthropic.ToolUseBlock;
    let result: Anthropic.ToolResultBlockParam | undefined;
    try {
      result = await executeToolCall(call, tools);
    } catch (error) {
      expect.fail(
        messageOf(error).includes("not implemented yet")
          ? messageOf(error)
          : say(`executeToolCall threw "${messageOf(error)}": an exception escaped. Catch it and return { type: "tool_result", tool_use_id, content, is_error: true } (${LOOP}, TODO 1).`, `executeToolCall бросила "${messageOf(error)}": исключение вырвалось наружу. Поймайте его и верните { type: "tool_result", tool_use_id, content, is_error: true } (${LOOP}, TODO 1).`),
      );
    }
    expect(result, say("executeToolCall should answer the call it was given.", "executeToolCall должна ответить на переданный ей вызов.")).toMatchObject({
      type: "tool_result",
      tool_use_id: "toolu_direct",
      is_error: true,
    });
  });

});

describe("the loop: the turn limit (TODO 3)", () => {
  it("stops at the turn limit with a message that says so", async () => {
    const { tools } = testTools();
    const forever: MockTurn[] = Array.from({ length: 20 }, (_, i) => reply.toolUse("add", { a: i, b: 1 }));
    const mock = createMockModel(forever);
    const answer = expectSuccess(mock, await run(mock, tools, { maxTurns: 3 }));

    expect(
      mock.requests.length,
      say(
        `With maxTurns: 3 the loop may send 3 requests; it sent ${mock.requests.length}. A model can ask for tools forever: ` +
          `count the requests and stop at the limit (${LOOP}, TODO 3).`,
        `С maxTurns: 3 цикл может отправить 3 запроса; отправлено ${mock.requests.length}. Модель может просить инструменты бесконечно: ` +
          `считайте запросы и останавливайтесь на пределе (${LOOP}, TODO 3).`,
      ),
    ).toBe(3);
    expect(answer, say("At the limit, return a sentence that says the turn limit (3) was reached, not an empty string.", "На пределе верните фразу о том, что достигнут предел ходов (3), а не пустую строку.")).toMatch(
      /(turn|limit)[\s\S]*3|3[\s\S]*(turn|limit)/i,
    );
  });

  it("a model that finishes on the very last allowed turn gets its answer returned, not the limit message", async () => {
    const { tools } = testTools();
    const mock = createMockModel([reply.toolUse("add", { a: 1, b: 1 }), reply.toolUse("add", { a: 2, b: 2 }), reply.text("Done in three.")]);
    const answer = expectSuccess(mock, await run(mock, tools, { maxTurns: 3 }));
    expect(
      answer,
      say(
        "With maxTurns: 3 the model answered (end_turn) on the 3rd request: that answer is the result. The limit is reached only " +
          `when the 3rd response still asks for tools. Check stop_reason before deciding the limit is hit (${LOOP}, TODO 3).`,
        "С maxTurns: 3 модель ответила (end_turn) на 3-й запрос: этот ответ и есть результат. Предел достигнут, только " +
          `если 3-й ответ всё ещё просит инструменты. Проверяйте stop_reason до того, как решить, что предел достигнут (${LOOP}, TODO 3).`,
      ),
    ).toBe("Done in three.");
    expect(mock.requests.length, say("Three requests were needed and allowed.", "Три запроса были нужны и разрешены.")).toBe(3);
  });

  it("maxTurns: 1 sends exactly one request", async () => {
    const { tools } = testTools();
    const mock = createMockModel(Array.from({ length: 3 }, () => reply.toolUse("add", { a: 1, b: 1 })));
    const answer = expectSuccess(mock, await run(mock, tools, { maxTurns: 1 }));
    expect(mock.requests.length, say(`With maxTurns: 1 the loop sends one request; it sent ${mock.requests.length}. Count requests, not rounds after the first.`, `С maxTurns: 1 цикл отправляет один запрос; отправлено ${mock.requests.length}. Считайте запросы, а не раунды после первого.`)).toBe(1);
    expect(answer, say("At the limit, say the turn limit (1) was reached.", "На пределе скажите, что достигнут предел ходов (1).")).toMatch(/(turn|limit)[\s\S]*1|1[\s\S]*(turn|limit)/i);
  });

});

describe("the loop: when a tool call goes wrong (TODO 1)", () => {
  it("a tool whose promise rejects (async failure) becomes an is_error result too", async () => {
    const { tools } = testTools();
    const slowFail: Tool = {
      name: "fetch_page",
      description: "Fetch a page.",
      input_schema: { type: "object", properties: {} },
      async run() {
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error("connection reset by peer");
      },
    };
    const mock = createMockModel([reply.toolUse("fetch_page", {}), reply.text("The page could not be fetched.")]);
    const outcome = await run(mock, [...tools, slowFail]);
    if (outcome.error !== undefined && messageOf(outcome.error).includes("connection reset")) {
      expect.fail(
        say(
          `A tool's rejected promise escaped the loop ("${messageOf(outcome.error)}"). An async tool does not throw when called; its ` +
            `promise rejects later. Await tool.run(...) INSIDE the try, so the catch sees the rejection (${LOOP}, TODO 1).`,
          `Отклонённый промис инструмента вырвался из цикла ("${messageOf(outcome.error)}"). Асинхронный инструмент не бросает при вызове: ` +
            `его промис отклоняется позже. Делайте \`await tool.run(...)\` ВНУТРИ \`try\`, чтобы \`catch\` увидел отказ (${LOOP}, TODO 1).`,
        ),
      );
    }
    expectSuccess(mock, outcome);
    const result = mock.toolResults()[0];
    expect(result?.is_error, say("The rejected promise must be answered with is_error: true.", "На отклонённый промис нужно ответить с is_error: true.")).toBe(true);
    expect(resultText(result), say("The error result should carry the rejection's message.", "В результате-ошибке должно быть сообщение отказа.")).toContain("connection reset by peer");
  });

  it("a tool that throws something that is not an Error: its text still reaches the model", { tags: "hard" }, async () => {
    const { tools } = testTools();
    const odd: Tool = {
      name: "legacy_api",
      description: "Old code that throws strings.",
      input_schema: { type: "object", properties: {} },
      run() {
        throw "quota exceeded for today";
      },
    };
    const mock = createMockModel([reply.toolUse("legacy_api", {}), reply.text("The quota is used up.")]);
    expectSuccess(mock, await run(mock, [...tools, odd]));
    const result = mock.toolResults()[0];
    expect(result?.is_error, say("A thrown string is still a failure: is_error: true.", "Брошенная строка — тоже сбой: is_error: true.")).toBe(true);
    expect(
      resultText(result),
      say(
        'Old code may throw a plain string: (error as Error).message is then undefined. Use error instanceof Error ? error.message : String(error) (TODO 1).',
        'Старый код может бросить простую строку: тогда `(error as Error).message` равно undefined. Пишите `error instanceof Error ? error.message : String(error)` (TODO 1).',
      ),
    ).toContain("quota exceeded for today");
  });

  it("several calls in one turn, one of which fails: every call answered, only the failed one is_error", async () => {
    const { tools, log } = testTools();
    const mock = createMockModel([
      reply.toolUses([
        { name: "explode", input: {}, id: "toolu_bad" },
        { name: "add", input: { a: 2, b: 2 }, id: "toolu_good" },
      ]),
      reply.text("One failed, one worked."),
    ]);
    expectSuccess(mock, await run(mock, tools));
    expect(log, say("The failure of the first call must not stop the second from running.", "Сбой первого вызова не должен мешать второму выполниться.")).toEqual(["explode()", "add(2,2)"]);
    const results = blocksOf(mock.requests[1]?.messages.at(-1)).map((b) => [b.tool_use_id, b.is_error === true]);
    expect(results, say("Both calls answered in one message, in order; only the one that threw is marked is_error.", "На оба вызова ответ в одном сообщении, по порядку; is_error только у того, что бросил исключение.")).toEqual([
      ["toolu_bad", true],
      ["toolu_good", false],
    ]);
  });

});

describe("the loop: the turn limit (TODO 3)", () => {
  it("uses a limit of 10 turns when none is given", async () => {
    const { tools } = testTools();
    const mock = createMockModel(Array.from({ length: 15 }, () => reply.toolUse("add", { a: 1, b: 1 })));
    expectSuccess(mock, await run(mock, tools));
    expect(mock.requests.length, say("Without options the limit is DEFAULT_MAX_TURNS (10) requests.", "Без options предел — DEFAULT_MAX_TURNS (10) запросов.")).toBe(10);
  });

});

describe("the loop: talking to the model (TODO 2)", () => {
  it("stops when the answer is cut off (stop_reason max_tokens) instead of asking again", async () => {
    const { tools } = testTools();
    const mock = createMockModel([reply.raw([{ type: "text", text: "The answer is long and was cu" }], "max_tokens")]);
    const answer = expectSuccess(mock, await run(mock, tools));
    expect(
      mock.requests.length,
      say(
        'Only stop_reason "tool_use" means "run tools and continue"; max_tokens, end_turn, refusal all end the loop.',
        'Только stop_reason "tool_use" значит «запусти инструменты и продолжай»; max_tokens, end_turn, refusal завершают цикл.',
      ),
    ).toBe(1);
    expect(answer, say("Return the text the model managed to write.", "Верните текст, который модель успела написать.")).toContain("The answer is long");
  });

  it("ends the loop on every stop reason but tool_use: stop_sequence, refusal, pause_turn too", async () => {
    for (const [reason, turn] of [
      ["stop_sequence", reply.stopSequence("Step one done.", "###")],
      ["refusal", reply.refusal("I can't help with that.")],
      ["pause_turn", reply.raw([{ type: "text", text: "Still searching." }], "pause_turn")],
    ] as const) {
      const { tools, log } = testTools();
      const mock = createMockModel([turn]);
      const outcome = await run(mock, tools);
      expect(
        outcome.error === undefined && mock.requests.length === 1 && log.length === 0,
        say(
          `On stop_reason "${reason}" your loop ${outcome.error !== undefined ? `threw (${explainMock(mock, outcome.error)})` : `sent ${mock.requests.length} requests`}: ` +
            `only "tool_use" means "run tools and continue"; every other stop reason (end_turn, max_tokens, stop_sequence, ` +
            `refusal, pause_turn...) ends the loop with the text the model wrote. Test stop_reason !== "tool_use", not a list ` +
            `of the reasons you know (${LOOP}, TODO 2).`,
          `При stop_reason "${reason}" ваш цикл ${outcome.error !== undefined ? `бросил исключение (${explainMock(mock, outcome.error)})` : `отправил запросов: ${mock.requests.length}`}: ` +
            `только "tool_use" значит «запусти инструменты и продолжай»; любая другая причина остановки (end_turn, max_tokens, stop_sequence, ` +
            `refusal, pause_turn...) завершает цикл с текстом, который написала модель. Проверяйте stop_reason !== "tool_use", а не список ` +
            `известных вам причин (${LOOP}, TODO 2).`,
        ),
      ).toBe(true);
    }
  });

  it("sends the system prompt when one is given", async () => {
    const { tools } = testTools();
    const mock = createMockModel([reply.text("Hi.")]);
    expectSuccess(mock, await run(mock, tools, { system: "Answer briefly." }));
    expect(mock.requests[0]?.system, say("options.system should go to the API as `system`.", "options.system должно уйти в API как `system`.")).toBe("Answer briefly.");
  });

  it("runs a real task on the offline demo model: rate, then calculation", async () => {
    const { client } = createClient({ offline: true });
    let answer = "";
    try {
      answer = await runAgent(client, "How much are 1000 EUR in rubles?", [getExchangeRateTool, calculateTool]);
    } catch (error) {
      expect.fail(explainOffline(error));
    }
    expect(answer, say("The offline model looks up EUR/RUB (100.3), calculates 1000 * 100.3 and answers 100,300.", "Офлайн-модель узнаёт курс EUR/RUB (100.3), считает 1000 * 100.3 и отвечает 100,300.")).toMatch(
      /100[,\s\u00a0]?300/,
    );
  });
});

// A fixed moment: 1 March 2026, 09:05:07 UTC.
const MOMENT = new Date("2026-03-01T09:05:07Z");
const fixedClock = () => MOMENT;

describe("get_time: getTime with an injectable clock (TODO 4)", () => {
  it("gives the clock's time and date in the zone asked for", () => {
    expect(getTime(fixedClock, "UTC"), say(`getTime(clock, "UTC") at 09:05:07 UTC (TODO 4 in ${TIME}).`, `getTime(clock, "UTC") в 09:05:07 UTC (TODO 4 в ${TIME}).`)).toEqual({
      time: "09:05:07",
      date: "2026-03-01",
      timezone: "UTC",
    });
    expect(getTime(fixedClock, "Asia/Tokyo").time, say("Tokyo is UTC+9: 09:05:07 UTC is 18:05:07 there (24-hour clock).", "Токио — это UTC+9: 09:05:07 UTC там 18:05:07 (24-часовой формат).")).toBe(
      "18:05:07",
    );
  });

  it("says 00 at midnight, never 24", { tags: "hard" }, () => {
    const afterMidnight = () => new Date("2026-03-01T00:05:07Z");
    const inUtc = getTime(afterMidnight, "UTC");
    expect(
      inUtc,
      say(
        `Five past midnight UTC is "00:05:07" on 2026-03-01; got ${JSON.stringify(inUtc)}. A 12-hour locale writes "12:05:07 AM"; ` +
          `hour12: false or hourCycle: "h24" write "24:05:07" on some Node versions. Ask for the cycle that starts at 00 everywhere: hourCycle: "h23" (TODO 4 in ${TIME}).`,
        `Пять минут после полуночи UTC — это "00:05:07" 2026-03-01; получено ${JSON.stringify(inUtc)}. 12-часовая локаль пишет "12:05:07 AM"; ` +
          `hour12: false или hourCycle: "h24" на некоторых версиях Node пишут "24:05:07". Просите цикл, который везде начинается с 00: hourCycle: "h23" (TODO 4 в ${TIME}).`,
      ),
    ).toEqual({ time: "00:05:07", date: "2026-03-01", timezone: "UTC" });
    const tokyo = getTime(() => new Date("2026-03-01T15:05:07Z"), "Asia/Tokyo");
    expect(tokyo, say("15:05:07 UTC is five past midnight on 2 March in Tokyo.", "15:05:07 UTC — это пять минут после полуночи 2 марта в Токио.")).toMatchObject({ time: "00:05:07", date: "2026-03-02" });
    expect(getTime(() => new Date("2026-03-01T12:00:00Z"), "UTC").time, say("Noon is 12:00:00, not 00:00:00 or 12:00:00 PM.", "Полдень — это 12:00:00, а не 00:00:00 и не 12:00:00 PM.")).toBe("12:00:00");
    expect(getTime(() => new Date("2026-03-01T23:59:59Z"), "UTC").time, say("One second before midnight is 23:59:59.", "За секунду до полуночи — 23:59:59.")).toBe("23:59:59");
  });

  it("uses the date of the zone, not of UTC", { tags: "hard" }, () => {
    const lateEvening = () => new Date("2026-03-01T23:30:00Z");
    expect(
      getTime(lateEvening, "Asia/Tokyo"),
      say(
        "At 23:30 UTC on 1 March it is already 08:30 on 2 March in Tokyo: format the date in the zone too.",
        "В 23:30 UTC 1 марта в Токио уже 08:30 2 марта: дату тоже форматируйте в этом поясе.",
      ),
    ).toMatchObject({ time: "08:30:00", date: "2026-03-02" });
  });

  it("uses the computer's zone when none is given", () => {
    const report = getTime(fixedClock);
    expect(report.timezone, say("Without a timezone, use localTimeZone().", "Без timezone используйте localTimeZone().")).toBe(localTimeZone());
  });

  it("uses the computer's zone when none is given, wherever the computer is", { tags: "hard" }, () => {
    // The computer's zone as Intl reports it (localTimeZone() reads it there), set to Tokyo for this check.
    const realOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...realOptions.call(this), timeZone: "Asia/Tokyo" };
    });
    try {
      const report = getTime(fixedClock);
      expect(
        report,
        say(
          `On a computer in Tokyo, getTime(clock) with no zone gave ${JSON.stringify(report)}: without a timezone use the computer's own ` +
            `zone (localTimeZone()), not "UTC", so "what time is it?" gets the local time (TODO 4 in ${TIME}).`,
          `На компьютере в Токио getTime(clock) без пояса дала ${JSON.stringify(report)}: без timezone берите собственный пояс ` +
            `компьютера (localTimeZone()), а не "UTC", чтобы на «который час?» приходило местное время (TODO 4 в ${TIME}).`,
        ),
      ).toEqual({ time: "18:05:07", date: "2026-03-01", timezone: "Asia/Tokyo" });
    } finally {
      spy.mockRestore();
    }
  });

  it("reads the clock once per call, so the time and the date agree at midnight", { tags: "hard" }, () => {
    // A clock that moves on each time it is read, across midnight UTC.
    const readings = [new Date("2026-03-01T23:59:59.900Z"), new Date("2026-03-02T00:00:00.100Z")];
    let reads = 0;
    const ticking = () => readings[Math.min(reads++, readings.length - 1)] as Date;
    const report = getTime(ticking, "UTC");
    const consistent = (report.time === "23:59:59" && report.date === "2026-03-01") || (report.time === "00:00:00" && report.date === "2026-03-02");
    expect(
      consistent,
      say(
        `With a clock that ticks past midnight between two readings, getTime gave ${JSON.stringify(report)} after ${reads} readings: ` +
          `time and date come from different moments. Call clock() once per getTime and format that one Date (TODO 4 in ${TIME}).`,
        `С часами, которые между двумя чтениями переходят полночь, getTime дала ${JSON.stringify(report)} после чтений: ${reads}; ` +
          `время и дата взяты из разных моментов. Вызывайте clock() один раз за getTime и форматируйте этот один Date (TODO 4 в ${TIME}).`,
      ),
    ).toBe(true);
  });

  it("refuses an unknown zone with a message that shows a valid one", { tags: "hard" }, () => {
    let message = "";
    try {
      getTime(fixedClock, "Mars/Olympus");
    } catch (error) {
      message = messageOf(error);
    }
    expect(
      message.includes("Mars/Olympus") &&
        /[A-Z][a-z]+\/[A-Z][a-z_]+|UTC/.test(message.replaceAll("Mars/Olympus", "")) &&
        !message.includes("not implemented"),
      say(
        `getTime(clock, "Mars/Olympus") should throw an Error naming the zone and showing a valid one such as "Europe/Moscow"; it threw: ${JSON.stringify(message)}`,
        `getTime(clock, "Mars/Olympus") должна бросить Error, который называет пояс и показывает правильный, например "Europe/Moscow"; она бросила: ${JSON.stringify(message)}`,
      ),
    ).toBe(true);
  });

});

describe("get_time: run() (TODO 6)", () => {
  it("run() reads the clock it was given, on every call", async () => {
    let now = new Date("2001-02-03T04:05:06Z");
    const tool = createGetTimeTool(() => now);
    const first = String(await tool.run({ timezone: "UTC" }));
    expect(
      first,
      say(
        `run() should answer with the injected clock's time (04:05:06 on 2001-02-03), not new Date(): it returned ${first}`,
        `run() должна отвечать временем переданных часов (04:05:06, 2001-02-03), а не new Date(): она вернула ${first}`,
      ),
    ).toMatch(/04:05:06[\s\S]*2001-02-03|2001-02-03[\s\S]*04:05:06/);
    let parsed: unknown;
    try {
      parsed = JSON.parse(first);
    } catch {
      expect.fail(say(`run() should return the report as JSON (JSON.stringify(getTime(...))); it returned: ${first}`, `run() должна вернуть отчёт в виде JSON (JSON.stringify(getTime(...))); она вернула: ${first}`));
    }
    expect(parsed, say("run() returns getTime(clock, input.timezone) as JSON.", "run() возвращает getTime(clock, input.timezone) в виде JSON.")).toEqual({ time: "04:05:06", date: "2001-02-03", timezone: "UTC" });
    const tokyo = JSON.parse(String(await tool.run({ timezone: "Asia/Tokyo" }))) as { time?: string; timezone?: string };
    expect(tokyo, say("run({ timezone: \"Asia/Tokyo\" }) must pass the zone on to getTime.", "run({ timezone: \"Asia/Tokyo\" }) должна передать пояс в getTime.")).toMatchObject({ time: "13:05:06", timezone: "Asia/Tokyo" });
    const local = JSON.parse(String(await tool.run({}))) as { timezone?: string };
    expect(local.timezone, say("Without a timezone, run() uses the computer's own zone.", "Без timezone run() берёт собственный пояс компьютера.")).toBe(localTimeZone());
    now = new Date("2001-02-03T04:07:00Z");
    const second = String(await tool.run({ timezone: "UTC" }));
    expect(second, say("run() must call clock() each time, not once when the tool is created: the time moved on.", "run() должна вызывать clock() каждый раз, а не однажды при создании инструмента: время ушло вперёд.")).toContain(
      "04:07:00",
    );
  });

  it("run({ timezone: \"\" }) uses the computer's zone: an empty string counts as no zone", { tags: "hard" }, async () => {
    const tool = createGetTimeTool(fixedClock);
    let output: string;
    try {
      output = String(await tool.run({ timezone: "" }));
    } catch (error) {
      output = say("an error: ", "ошибка: ") + messageOf(error);
    }
    expect(
      output,
      say(
        `run({ timezone: "" }) gave ${output}: models fill an optional field with "" as often as they leave it out, and "" names no ` +
          `zone. Treat it as absent (input.timezone || undefined) so the answer is in the computer's own zone (TODO 6 in ${TIME}).`,
        `run({ timezone: "" }) дала «${output}»: модели заполняют необязательное поле значением "" так же часто, как пропускают его, а "" ` +
          `не называет никакого пояса. Считайте его отсутствующим (\`input.timezone || undefined\`), чтобы ответ был в поясе компьютера (TODO 6 в ${TIME}).`,
      ),
    ).toContain(`"timezone":"${localTimeZone()}"`);
  });

});

describe("get_time: the definition the model reads (TODO 5)", () => {
  it("has a definition the model can use: what it returns, when to use it, an optional timezone", () => {
    const tool = createGetTimeTool(fixedClock);
    const problem = validateMessagesRequest({
      model: DEFAULT_MODEL,
      max_tokens: 100,
      tools: toolDefinitions([tool as Tool]),
      messages: [{ role: "user", content: "hi" }],
    });
    expect(problem?.message, say("The API would reject the tool definition.", "API отклонил бы определение инструмента.")).toBeUndefined();
    const description = tool.description.toLowerCase();
    expect(description.length, say(`Describe get_time for the model in 2-4 sentences (TODO 5 in ${TIME}).`, `Опишите get_time для модели в 2-4 предложениях (TODO 5 в ${TIME}).`)).toBeGreaterThanOrEqual(60);
    expect(description, say("The description should say it returns the time.", "Описание должно говорить, что инструмент возвращает время (time).")).toContain("time");
    expect(
      /24-hour|hh:mm|"time"/.test(description),
      say(
        'Say what the answer looks like: the 24-hour time, the date and the zone, e.g. {"time":"14:05:09","date":"2026-03-01","timezone":"Europe/Moscow"}.',
        'Скажите, как выглядит ответ: время в 24-часовом формате, дата и пояс, например {"time":"14:05:09","date":"2026-03-01","timezone":"Europe/Moscow"}.',
      ),
    ).toBe(true);
    expect(
      /clock/.test(description),
      say(
        "Say why the model needs the tool: it has no clock of its own (so it must not guess the time).",
        "Скажите, зачем модели инструмент: своих часов у неё нет (clock), поэтому угадывать время нельзя.",
      ),
    ).toBe(true);
    expect(
      /computer's|local|own time ?zone|by default/.test(description),
      say(
        "Say what happens without a timezone (the computer's own zone is used), so the model knows when to fill it in.",
        "Скажите, что будет без timezone (берётся пояс компьютера), чтобы модель знала, когда его заполнять.",
      ),
    ).toBe(true);
    expect(
      /\b(use (it|this)?\s*(when|whenever|to|for)|when the user|if the user)\b/.test(description),
      say(
        'Say when to use it, e.g. "Use it whenever the user asks what time or day it is".',
        'Скажите, когда его вызывать, например "Use it whenever the user asks what time or day it is".',
      ),
    ).toBe(true);
    const timezone = (tool.input_schema.properties as Record<string, { type?: string; description?: string }> | undefined)?.timezone;
    expect(timezone?.type, say("input_schema.properties.timezone should be a string.", "input_schema.properties.timezone должно быть строкой (string).")).toBe("string");
    expect((timezone?.description ?? "").length, say("properties.timezone needs a description with an example.", "properties.timezone нужно описание с примером.")).toBeGreaterThan(10);
    expect(tool.input_schema.required ?? [], say("timezone is optional: do not list it in required.", "timezone необязателен: не указывайте его в required.")).not.toContain("timezone");
  });

});

describe("get_time: run() in your loop (TODO 6)", () => {
  it("answers 'Который час?' through your loop on the offline demo model", async () => {
    const tool = createGetTimeTool(fixedClock);
    const { client } = createClient({ offline: true });
    const expected = getTime(fixedClock).time;
    let answer = "";
    try {
      answer = await runAgent(client, "Который час?", [tool as Tool]);
    } catch (error) {
      expect.fail(explainOffline(error));
    }
    expect(answer, say(`The offline model calls get_time and says the time it returned (${expected}).`, `Офлайн-модель вызывает get_time и называет время, которое он вернул (${expected}).`)).toContain(expected);
  });
});

// Today's models think before they answer (Claude Haiku 5.5 thinks adaptively, Opus 5.5 always): a
// response may begin with a `thinking` block, and that block must go back unchanged with the turn.
describe("the loop: responses that begin with thinking (TODO 2)", () => {
  function rejected(mock: MockModel): string {
    return mock.rejections.at(-1)?.problem.message ?? "";
  }

  it("finds the answer by block type when the response starts with a thinking block", async () => {
    const { tools } = testTools();
    const mock = createMockModel([reply.thinking("A plain fact; no tool needed.", reply.text("Paris is the capital of France."))]);
    const outcome = await run(mock, tools, undefined, "What is the capital of France?");
    const answer = expectSuccess(mock, outcome);
    expect(
      answer,
      say(
        "The response was [thinking, text]: the answer is the text block. Reading content[0] as the answer gives the thinking " +
          `block, which has no .text. Use textOf(response), which picks the text blocks by type (${LOOP}, TODO 2).`,
        "Ответ был `[thinking, text]`: ответ — это блок `text`. Если читать ответ из content[0], получится блок `thinking`, " +
          `у которого нет .text. Используйте textOf(response): она выбирает блоки \`text\` по типу (${LOOP}, TODO 2).`,
      ),
    ).toBe("Paris is the capital of France.");
  });

  it("sends each thinking block back unchanged, first in its turn, round after round", async () => {
    const { tools, log } = testTools();
    const mock = createMockModel(
      [reply.toolUse("add", { a: 1, b: 2 }, { id: "toolu_think_1" }), reply.toolUse("lookup", { key: "sum" }, { id: "toolu_think_2" }), reply.text("Done: 3.")],
      { thinking: true },
    );
    const outcome = await run(mock, tools);
    const said = rejected(mock);
    if (said.includes("Invalid `signature`") || said.includes("signature: Field required")) {
      expect.fail(
        say(
          `A thinking block went back changed (its text or signature differs from what the model sent, or is missing), and the API refused it: "${said}". ` +
            `Send the assistant turn back as { role: "assistant", content: response.content }, untouched (${LOOP}, TODO 2).`,
          `Блок \`thinking\` ушёл обратно изменённым (его текст или \`signature\` отличаются от присланного моделью или пропали), и API его отклонил: «${said}». ` +
            `Отправляйте ход ассистента обратно как { role: "assistant", content: response.content }, не трогая (${LOOP}, TODO 2).`,
        ),
      );
    }
    if (said.includes("Expected `thinking` or `redacted_thinking`")) {
      expect.fail(
        say(
          `The assistant turn went back without its thinking block, and the API refused it: "${said.slice(0, 160)}…". Keeping only ` +
            `the text and tool_use blocks drops it: send response.content as it came (${LOOP}, TODO 2).`,
          `Ход ассистента ушёл обратно без блока \`thinking\`, и API его отклонил: «${said.slice(0, 160)}…». Если оставить только ` +
            `блоки \`text\` и \`tool_use\`, он теряется: отправляйте response.content как пришёл (${LOOP}, TODO 2).`,
        ),
      );
    }
    expect(expectSuccess(mock, outcome)).toBe("Done: 3.");
    expect(log).toEqual(["add(1,2)", "lookup(sum)"]);
    const turns = (mock.requests.at(-1)?.messages ?? []).filter((m) => m.role === "assistant");
    expect(
      turns.map((m) => blocksOf(m).map((b) => b.type)),
      say(
        "Every assistant turn must go back whole and in order: its thinking block first, then the tool call.",
        "Каждый ход ассистента должен уйти обратно целиком и по порядку: сначала его блок `thinking`, потом вызов инструмента.",
      ),
    ).toEqual([
      ["thinking", "tool_use"],
      ["thinking", "tool_use"],
    ]);
  });

  it("sends a redacted_thinking block back too, as it came", async () => {
    const { tools } = testTools();
    const mock = createMockModel([reply.redactedThinking(reply.toolUse("add", { a: 2, b: 2 }, { id: "toolu_red_1" })), reply.text("4.")]);
    const outcome = await run(mock, tools);
    const said = rejected(mock);
    expect(
      said,
      say(
        "A redacted_thinking block is encrypted thinking: it carries no text for you, but must go back unchanged with its turn " +
          `(content: response.content). The API said: ${said}`,
        "Блок redacted_thinking — это зашифрованное размышление: текста для вас в нём нет, но он должен уйти обратно без изменений вместе со своим ходом " +
          `(content: response.content). Ответ API: «${said}»`,
      ),
    ).toBe("");
    expect(expectSuccess(mock, outcome)).toBe("4.");
    expect(blocksOf(mock.requests[1]?.messages[1]).map((b) => b.type)).toEqual(["redacted_thinking", "tool_use"]);
  });
});
