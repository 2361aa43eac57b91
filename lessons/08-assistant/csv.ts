// CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, and a field that
// contains a comma, a quote or a line break wrapped in quotes, with each quote inside doubled.
//   Ищу поставщика, срочно   ->  "Ищу поставщика, срочно"
//   12" rack                 ->  "12"" rack"
//
// One more rule, not from the RFC: a spreadsheet treats a cell that starts with =, +, - or @ as a
// formula, and a formula from a stranger's message can fetch URLs or run commands (CSV injection).
// Such a cell gets a leading apostrophe, which spreadsheets show as text. A plain number (-5) and a
// plain handle (@mining_pro) are safe as they are and stay unchanged.

const FORMULA_START = /^[=+\-@\t\r]/;
const SAFE_AS_IS = /^(?:-?\d+(?:[.,]\d+)?|@[A-Za-z0-9_]{1,64})$/;

export function csvField(value: string): string {
  const guarded = FORMULA_START.test(value) && !SAFE_AS_IS.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function csvLine(fields: string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

// Reads the first line (the header) of a CSV text, quotes and all.
export function parseCsvHeader(text: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else if (c === "\r" || c === "\n") break;
    else field += c;
  }
  fields.push(field);
  return fields;
}

// How many records a CSV text holds: line ends outside quotes (a quoted cell may contain one).
export function countRecords(text: string): number {
  let records = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === "\n" && !quoted) records++;
  }
  return records;
}
