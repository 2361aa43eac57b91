// Reference solution for exercise 01: the search_contacts tool.

import type { Tool } from "../../lessons/01-first-tool/tool.ts";
import { CONTACTS, type Contact } from "./contacts.ts";

export function searchContacts(query: string, contacts: Contact[] = CONTACTS): Contact[] {
  // toLowerCase folds every alphabet, not only A-Z: "ОЛЬГА" finds "Ольга Смирнова".
  const needle = query.trim().toLowerCase();
  // A search for nothing is not a request for everyone: an empty or blank query finds nobody.
  if (needle === "") return [];
  return contacts.filter((contact) => contact.name.toLowerCase().includes(needle));
}

export const searchContactsTool: Tool<{ name: string }> = {
  name: "search_contacts",
  description:
    "Search the user's contact list by name. Use it when the user asks for someone's email address or phone " +
    "number, or wants to know whether a person is in their contacts. Matches any part of the name, ignoring " +
    "case, so \"ann\" finds \"Anna Petrova\". Returns a JSON list of matches, each with name, email and phone; " +
    "when no contact matches it says so, and you should tell the user rather than guess.",
  input_schema: {
    type: "object",
    properties: {
      name: {
        type: "string",
        description: "The name or part of it to look for, e.g. \"Anna\" or \"sidorov\"",
      },
    },
    required: ["name"],
  },
  run(input) {
    // The model can send anything; a missing or empty name is a mistake it can fix, so say how.
    if (typeof input.name !== "string" || input.name.trim() === "") {
      throw 'search_contacts needs a name to look for (part of it is enough), e.g. {"name": "Anna"}.';
    }
    const matches = searchContacts(input.name);
    if (matches.length === 0) return `No contact matches '${input.name}'. Check the spelling or try part of the name.`;
    return JSON.stringify(matches);
  },
};
