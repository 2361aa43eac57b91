// One chat with the offline demo model, in this process: the tools a lesson offers (run for real, in a
// temporary workspace), the system prompt it sends (with lesson 06's memory where the lesson has one),
// and the conversation so far. Each message is one run of the agent loop on top of the history, as
// `--chat` and the lesson 09 channels do; `newSession()` drops the history and keeps the files.
// The permission gate is not part of this: every call runs (the gate has tests of its own).

import Anthropic from "@anthropic-ai/sdk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import { runTool } from "../../lessons/01-first-tool/agent.ts";
import { toolDefinitions, type Tool } from "../../lessons/01-first-tool/tool.ts";
import { system as system02, tools as tools02 } from "../../lessons/02-agent-loop/agent.ts";
import { createAgentTools as tools03 } from "../../lessons/03-saving-files/agent.ts";
import { createContractTools, system as system04 } from "../../lessons/04-tool-contract/agent.ts";
import { asTool as contractAsTool } from "../../lessons/04-tool-contract/dispatch.ts";
import { createAgentTools as tools05, system as system05 } from "../../lessons/05-parallel-and-safe/agent.ts";
import { createAgentTools as tools06, instructions as instructions06 } from "../../lessons/06-memory/agent.ts";
import { loadMemory } from "../../lessons/06-memory/load-memory.ts";
import { createStarterFiles } from "../../lessons/06-memory/memory-folder.ts";
import { createAgentTools as tools07 } from "../../lessons/07-approval-gates/agent.ts";
import { createAssistantTools } from "../../lessons/08-assistant/agent.ts";
import { INSTRUCTIONS as instructions08 } from "../../lessons/08-assistant/runner.ts";
import { createAgentTools as tools10 } from "../../lessons/10-edit-tool/agent.ts";
import { seedProject } from "../../lessons/10-edit-tool/seed-project.ts";
import { SYSTEM_PROMPT as system11 } from "../../lessons/11-mcp/agent.ts";
import { courseTools, createCourseServer } from "../../lessons/11-mcp/course-server.ts";
import { toolsFromServers, type ConnectedServer } from "../../lessons/11-mcp/mcp-tools.ts";
import { createNotesServer } from "../../lessons/11-mcp/notes-server.ts";
import { modelName } from "../../shared/model.ts";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";

export interface CallMade {
  name: string;
  input: Record<string, unknown>;
  output: string;
  isError: boolean;
}

export interface Reply {
  text: string;
  calls: CallMade[];
  // How many requests the model answered for this message.
  requests: number;
}

export interface Chat {
  // The folder files are checked in: the workspace, or lesson 10's project.
  filesDir: string;
  send(message: string): Promise<Reply>;
  newSession(): void;
  close(): Promise<void>;
}

interface Setup {
  tools: Tool[];
  system: () => Promise<string>;
  filesDir: string;
  close?: () => Promise<void>;
}

const MAX_REQUESTS_PER_MESSAGE = 12;

async function setupFor(lesson: number, dir: string): Promise<Setup> {
  const workspace = path.join(dir, "workspace");
  const memoryDir = path.join(workspace, "memory");
  await mkdir(workspace, { recursive: true });
  const withMemory = (head: string) => async () => `${head}\n\n${await loadMemory(memoryDir)}`;
  switch (lesson) {
    case 1:
      return { tools: [getExchangeRateTool as unknown as Tool], system: async () => "", filesDir: workspace };
    case 2:
      return { tools: tools02, system: async () => system02, filesDir: workspace };
    case 3:
      return { tools: tools03(workspace), system: async () => system02, filesDir: workspace };
    case 4:
      return { tools: createContractTools(workspace).map(contractAsTool), system: async () => system04, filesDir: workspace };
    case 5:
      return { tools: tools05({ workspaceDir: workspace, rates: { demoLatencyMs: 0 } }), system: async () => system05, filesDir: workspace };
    case 6:
      await createStarterFiles(memoryDir);
      return { tools: tools06(memoryDir, workspace), system: withMemory(instructions06), filesDir: workspace };
    case 7:
      return { tools: tools07(workspace), system: async () => "", filesDir: workspace };
    case 8:
    case 9:
      await createStarterFiles(memoryDir);
      return { tools: createAssistantTools(workspace, memoryDir), system: withMemory(instructions08), filesDir: workspace };
    case 10: {
      const project = path.join(workspace, "project");
      await seedProject(project);
      return { tools: tools10(project), system: async () => "", filesDir: project };
    }
    case 11: {
      const builtIn = tools07(workspace).filter((t) => ["get_exchange_rate", "calculate", "save_to_file"].includes(t.name));
      const notesDir = path.join(workspace, "notes");
      await mkdir(notesDir, { recursive: true });
      const clients: Client[] = [];
      const connect = async (name: string, server: { connect(t: InMemoryTransport): Promise<void> }): Promise<ConnectedServer> => {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await server.connect(serverSide);
        const client = new Client({ name: "conversation-test", version: "1.0.0" });
        await client.connect(clientSide);
        clients.push(client);
        return { name, client };
      };
      const servers = [
        await connect("course", createCourseServer(courseTools(workspace, memoryDir))),
        await connect("notes", createNotesServer(notesDir)),
      ];
      const mcpTools = await toolsFromServers(servers, { takenNames: builtIn.map((t) => t.name) });
      return {
        tools: [...builtIn, ...mcpTools] as Tool[],
        system: async () => system11,
        filesDir: workspace,
        close: async () => {
          for (const client of clients) await client.close();
        },
      };
    }
    default:
      throw new Error(`no lesson ${lesson}`);
  }
}

export async function openChat(lesson: number, dir: string, fetch = createOfflineFetch({ learnerLang: "en" })): Promise<Chat> {
  const setup = await setupFor(lesson, dir);
  const client = new Anthropic({ apiKey: "offline-demo", baseURL: "http://offline-demo-model.invalid", fetch, maxRetries: 0 });
  let history: Anthropic.MessageParam[] = [];
  return {
    filesDir: setup.filesDir,
    newSession: () => {
      history = [];
    },
    close: async () => setup.close?.(),
    async send(message) {
      const system = await setup.system();
      const messages: Anthropic.MessageParam[] = [...history, { role: "user", content: message }];
      const calls: CallMade[] = [];
      let text = "";
      let requests = 0;
      for (;;) {
        if (++requests > MAX_REQUESTS_PER_MESSAGE) throw new Error(`more than ${MAX_REQUESTS_PER_MESSAGE} requests for one message: ${message}`);
        const response = await client.messages.create({
          model: modelName(),
          max_tokens: 1024,
          ...(system ? { system } : {}),
          tools: toolDefinitions(setup.tools),
          messages,
        });
        messages.push({ role: "assistant", content: response.content });
        const uses = response.content.filter((b): b is Anthropic.ToolUseBlock => b.type === "tool_use");
        if (response.stop_reason !== "tool_use" || uses.length === 0) {
          text = response.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n").trim();
          break;
        }
        const results: Anthropic.ToolResultBlockParam[] = [];
        for (const use of uses) {
          const result = await runTool(setup.tools, use);
          results.push(result);
          const output = typeof result.content === "string" ? result.content : JSON.stringify(result.content);
          calls.push({ name: use.name, input: use.input as Record<string, unknown>, output, isError: result.is_error === true });
        }
        messages.push({ role: "user", content: results });
      }
      history = messages;
      return { text, calls, requests };
    },
  };
}
