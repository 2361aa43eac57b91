// add_row: the add_row_to_sheets of OpenClaw's walk-through, made local. It appends one row to a CSV
// file in the workspace (leads.csv for the sheet "leads"), which any spreadsheet opens.
//
//   → add_row {"sheet":"leads","values":{"contact":"@mining_pro","request":"Ищу поставщика ASIC"}}
//   ← {"sheet":"leads","file":"leads.csv","row":1,"columns":["contact","request"]}
//
// - The first row written creates the file with a header made of its column names.
// - Later rows must use those columns (a missing one stays empty; an unknown one is refused with the
//   list of columns, so the model can fix the call).
// - A row is appended in one write, so rows from two chats at once never mix; the header is created
//   with an exclusive link, so two first rows cannot both write one.
// - Appending is not idempotent: the same call twice makes two rows. That is why an interrupted
//   add_row is reported as "effect unknown" after a crash (repair-orphans.ts), not silently retried.

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { ToolWithEffect } from "../07-approval-gates/gated-executor.ts";
import { countRecords, csvLine, parseCsvHeader } from "./csv.ts";
import { messages } from "../../shared/i18n/messages.ts";

const SHEET = /^[\p{L}\p{N}_-]{1,40}$/u;
const MAX_COLUMNS = 20;
const MAX_CELL = 2000;

export interface AddRowInput {
  sheet: string;
  values: Record<string, unknown>;
}

export function createAddRowTool(workspaceDir: string): ToolWithEffect<AddRowInput> {
  return {
    name: "add_row",
    description:
      "Append one row to a sheet (a CSV file in the user's workspace, e.g. sheet \"leads\" is leads.csv). " +
      "Use it to record something the user will want as a table later: a sales lead from a message, an expense, a contact. " +
      "values maps column names to text, e.g. {\"contact\":\"@mining_pro\",\"request\":\"ASIC supplier\"}. " +
      "The first row of a new sheet sets its columns; later rows must use the same column names (the error lists them). " +
      "Each call adds a row, so do not repeat a call that succeeded. Returns the sheet, file, row number and columns.",
    input_schema: {
      type: "object",
      properties: {
        sheet: { type: "string", description: "Sheet name: letters, digits, - or _ (e.g. \"leads\"); the file is <sheet>.csv." },
        values: {
          type: "object",
          description: "Column name -> cell text. Numbers and true/false are written as text.",
          additionalProperties: { type: ["string", "number", "boolean"] },
        },
      },
      required: ["sheet", "values"],
    },
    describeEffect: (input) => messages().effects.appendsRow(String(input.sheet ?? "?"), Object.keys(input.values ?? {}).join(", ")),
    async run(input) {
      const result = await addRow(workspaceDir, input.sheet, input.values);
      return JSON.stringify(result);
    },
  };
}

export interface AddRowResult {
  sheet: string;
  file: string;
  row: number;
  columns: string[];
}

export async function addRow(workspaceDir: string, sheet: unknown, values: unknown): Promise<AddRowResult> {
  if (typeof sheet !== "string" || !SHEET.test(sheet)) {
    throw new Error(`sheet must be a plain name (letters, digits, - or _), like "leads"; got ${JSON.stringify(sheet)}.`);
  }
  const cells = cellsOf(values);
  const file = path.join(path.resolve(workspaceDir), `${sheet}.csv`);
  await fs.mkdir(path.dirname(file), { recursive: true });

  const info = await fs.lstat(file).catch(() => undefined);
  if (info && !info.isFile()) throw new Error(`${sheet}.csv is not a plain file (a link or a folder); add_row will not write to it. Use another sheet name.`);
  let columns = info ? await headerOf(file) : undefined;
  if (!columns) columns = await createWithHeader(file, Object.keys(cells));

  const unknown = Object.keys(cells).filter((name) => !columns.includes(name));
  if (unknown.length > 0) {
    throw new Error(`${sheet}.csv has the columns ${columns.join(", ")}; ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not one of them. Use those column names.`);
  }
  await fs.appendFile(file, csvLine(columns.map((name) => cells[name] ?? "")), "utf8");
  // The row number as a spreadsheet would show it under the header (a cell may hold a line break).
  const rows = countRecords(await fs.readFile(file, "utf8")) - 1;
  return { sheet, file: `${sheet}.csv`, row: rows, columns };
}

function cellsOf(values: unknown): Record<string, string> {
  if (typeof values !== "object" || values === null || Array.isArray(values)) {
    throw new Error('values must be an object of column name -> text, like {"contact":"@mining_pro","request":"ASIC supplier"}.');
  }
  const entries = Object.entries(values);
  if (entries.length === 0) throw new Error("values is empty: give at least one column, like {\"contact\":\"@mining_pro\"}.");
  if (entries.length > MAX_COLUMNS) throw new Error(`values has ${entries.length} columns; the limit is ${MAX_COLUMNS}.`);
  const cells: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (name.trim() === "" || /[\r\n]/.test(name)) throw new Error(`column names must be one line of text; got ${JSON.stringify(name)}.`);
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw new Error(`values.${name} must be text, a number or true/false, not ${value === null ? "null" : typeof value}. Write lists or objects out as text.`);
    }
    const text = String(value);
    if (text.length > MAX_CELL) throw new Error(`values.${name} is ${text.length} characters; the limit is ${MAX_CELL}. Shorten it.`);
    cells[name] = text;
  }
  return cells;
}

async function headerOf(file: string): Promise<string[] | undefined> {
  const text = await fs.readFile(file, "utf8");
  return text.trim() === "" ? undefined : parseCsvHeader(text);
}

// The header is written to a temporary file and linked into place. link() fails if the target
// exists, so when two first rows race, exactly one header wins and the other row uses it.
async function createWithHeader(file: string, columns: string[]): Promise<string[]> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await fs.writeFile(temp, csvLine(columns), "utf8");
  try {
    await fs.link(temp, file);
    return columns;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const header = await headerOf(file);
    if (header) return header;
    // An empty file someone created by hand: give it the header.
    await fs.appendFile(file, csvLine(columns), "utf8");
    return columns;
  } finally {
    await fs.rm(temp, { force: true });
  }
}
