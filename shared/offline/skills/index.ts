// The offline model's skills, tried in order: the first that has a plan for the request wins.
// A lesson that needs the offline model to do something new adds a skill here; nothing else changes.
// Put more specific skills (several steps, more tools) before more general ones.

import type { Skill } from "../plan-context.ts";
import { arithmeticSkill } from "./arithmetic.ts";
import { convertCurrencySkill } from "./convert-currency.ts";
import { currentTimeSkill } from "./current-time.ts";
import { editFileSkill } from "./edit-file.ts";
import { emailReportSkill } from "./email-report.ts";
import { exchangeRateSkill } from "./exchange-rate.ts";
import { gateRefusalSkill } from "./gate-refusal.ts";
import { interruptedCallSkill } from "./interrupted-call.ts";
import { leadRowSkill } from "./lead-row.ts";
import { forgetSkill, rememberSkill, setPreferenceSkill } from "./memory.ts";
import { mcpNotesSkill } from "./mcp-notes.ts";
import { moneyLeftSkill } from "./money-left.ts";
import { multiConversionSkill } from "./multi-conversion.ts";
import { percentageSkill } from "./percentage.ts";
import { percentInCurrencySkill } from "./percent-in-currency.ts";
import { readFileSkill } from "./read-file.ts";
import { recallMemorySkill } from "./recall-memory.ts";
import { searchContactsSkill } from "./search-contacts.ts";
import { savePreviousSkill } from "./save-previous.ts";
import { saveTextSkill } from "./save-text.ts";
import { sumInCurrencySkill } from "./sum-in-currency.ts";

export const skills: Skill[] = [
  savePreviousSkill,
  mcpNotesSkill,
  editFileSkill,
  gateRefusalSkill,
  interruptedCallSkill,
  leadRowSkill,
  emailReportSkill,
  rememberSkill,
  forgetSkill,
  setPreferenceSkill,
  recallMemorySkill,
  readFileSkill,
  saveTextSkill,
  searchContactsSkill,
  currentTimeSkill,
  moneyLeftSkill,
  sumInCurrencySkill,
  multiConversionSkill,
  percentInCurrencySkill,
  percentageSkill,
  convertCurrencySkill,
  exchangeRateSkill,
  arithmeticSkill,
];
