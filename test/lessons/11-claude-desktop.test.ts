// The README's Claude Desktop config for a Node installed by nvm, fnm or volta (issue 25): the app
// does not see the shell's PATH, so neither npm nor the `node` of npm's `#!/usr/bin/env node` line is
// found. The config gives the absolute npm and node's folder in "env": {"PATH": ...}. This test takes
// that config from README.md and starts it the way an MCP client does, from an app whose PATH has no
// node: node lives only in a folder of its own, as under nvm. The old advice (the absolute npm alone)
// is started the same way and must fail as the learner saw it fail.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, it } from "vitest";

const EXAMPLE_BIN = "/Users/you/.nvm/versions/node/v22.12.0/bin";
const EXAMPLE_COURSE = "/Users/you/claude-tools-course";

interface ServerEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

// The Claude Desktop config in README.md that has an "env" entry.
function readmeConfig(): ServerEntry {
  const readme = readFileSync("README.md", "utf8");
  const blocks = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/^ {2}/gm, ""));
  const withEnv = blocks.find((block) => block.includes('"env"') && block.includes(EXAMPLE_BIN));
  if (!withEnv) throw new Error('README.md has no Claude Desktop config with "env": {"PATH": ...} for nvm users');
  return (JSON.parse(withEnv) as { mcpServers: { course: ServerEntry } }).mcpServers.course;
}

// The npm this machine runs (its npm-cli.js), found the way a shell finds it.
function npmCli(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const npm = path.join(dir, "npm");
    if (dir !== "" && existsSync(npm)) return realpathSync(npm);
  }
  return undefined;
}

const npm = npmCli();
const canRun = npm !== undefined && process.platform !== "win32";
const home = mkdtempSync(path.join(os.tmpdir(), "course-desktop-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

// A node installed as nvm does it: node and npm together in a folder of their own.
const nodeBin = path.join(home, "nvm", "bin");
// The system's folders as a Mac has them (/usr/bin:/bin): a shell, which npm runs scripts with, and no
// node. On this machine /usr/bin may hold a node, so they are stood in for by a folder with sh alone.
const noNode = path.join(home, "system-bin");
if (canRun) {
  mkdirSync(nodeBin, { recursive: true });
  mkdirSync(noNode);
  symlinkSync("/bin/sh", path.join(noNode, "sh"));
  symlinkSync(process.execPath, path.join(nodeBin, "node"));
  symlinkSync(npm!, path.join(nodeBin, "npm"));
}

// What the config says, with this machine's folders in place of the README's examples. The server
// writes nowhere near the course's own workspace (the README's `-- --workspace DIR --memory DIR`).
function onThisMachine(entry: ServerEntry): ServerEntry {
  const swap = (text: string) => text.replaceAll(EXAMPLE_BIN, nodeBin).replaceAll(EXAMPLE_COURSE, process.cwd());
  const env = entry.env && { ...entry.env, PATH: swap(entry.env.PATH ?? "").replace(/:\/usr\/bin:\/bin$/, `:${noNode}`) };
  return {
    command: swap(entry.command),
    args: [...entry.args.map(swap), "--", "--workspace", path.join(home, "ws"), "--memory", path.join(home, "memory")],
    ...(env ? { env } : {}),
  };
}

// The environment an app started from the Dock has: a HOME and a PATH without node.
const appEnv = { HOME: home, PATH: noNode, npm_config_update_notifier: "false" };

describe.skipIf(!canRun)("the README's Claude Desktop config for nvm, fnm and volta users", { timeout: 90_000 }, () => {
  it("starts the course's MCP server from an app whose PATH has no node, and lists its tools", async () => {
    const entry = onThisMachine(readmeConfig());
    expect(entry.env?.PATH?.split(":")).not.toContain(path.dirname(process.execPath));
    const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env: { ...appEnv, ...entry.env }, stderr: "pipe" });
    const client = new Client({ name: "claude-desktop-like", version: "1.0.0" });
    try {
      await client.connect(transport, { timeout: 80_000 });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("get_exchange_rate");
    } finally {
      await client.close();
    }
  });

  it("the old advice, the absolute npm without node's folder in PATH, fails as learners saw it", () => {
    const entry = onThisMachine(readmeConfig());
    const old = spawnSync(entry.command, entry.args, { env: appEnv, encoding: "utf8", input: "", timeout: 60_000 });
    expect(old.status).not.toBe(0);
    expect(old.stderr).toMatch(/node.*No such file or directory/);
  });
});
