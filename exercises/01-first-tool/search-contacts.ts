// Exercise 01: your first tool, search_contacts. Read exercises/01-first-tool/README.md first.
// Check your work with: npm run check 1

import type { Tool } from "../../lessons/01-first-tool/tool.ts";
import { CONTACTS, type Contact } from "./contacts.ts";

// TODO 1: return every contact whose name contains `query`, ignoring upper/lower case, in list order
// ("ann" finds "Anna Petrova" and "Anne Smith"). No match: an empty list.
// Hard mode: case in any alphabet ("ОЛЬГА" finds "Ольга Смирнова"), spaces around the query do not
// count, and an empty or blank query finds nobody.
export function searchContacts(query: string, contacts: Contact[] = CONTACTS): Contact[] {
  throw new Error(
    `not implemented yet: searchContacts("${query}") in exercises/01-first-tool/search-contacts.ts should return ` +
      `the contacts (of ${contacts.length}) whose name contains the query, case-insensitively`,
  );
}

export const searchContactsTool: Tool<{ name: string }> = {
  name: "search_contacts",

  // TODO 2: write the description for the model: what the tool does, when to use it, and what it
  // returns (name, email, phone), plus what happens when no contact matches.
  description: "",

  // TODO 3: describe the one input the model must send: `name`, a string, with a description
  // of its own, and mark it as required.
  input_schema: {
    type: "object",
    properties: {},
    required: [],
  },

  // TODO 4: call searchContacts(input.name) and return text the model can read: every match with its
  // name, email and phone (JSON is fine), or a sentence saying that no contact matches, naming the name.
  // Hard mode: no name, an empty one or a non-string: throw an Error saying a name is needed, with an
  // example.
  run(input) {
    throw new Error(`not implemented yet: search_contacts.run(${JSON.stringify(input)}) in exercises/01-first-tool/search-contacts.ts`);
  },
};
