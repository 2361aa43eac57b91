// Exercise 12, solved: what a search reads (the same as lessons/12-tools-at-scale/search-terms.ts).
//
// The words a search compares: a tool's text cut into terms, and a query cut the same way. Both sides
// go through one tokenize(), so "crm_findContact", "CRM find contact" and "contacts" meet as the same
// terms (crm, find, contact).
//
// Russian queries. The catalogue is written in English, as most are. A query in Russian shares no word
// with it, so it would find nothing. RU_TERMS is a small hand-made dictionary from Russian word stems to
// the English words of the catalogue ("счёт", "счета", "счетов" all start with the stem "счет":
// invoice, bill). It is honest about its limits: it knows only the stems listed (a word it does not
// know is dropped, not guessed), a stem cannot tell meanings apart ("счёт" is an invoice here, never a
// bank account or a score), and a longer word that happens to start with a stem ("счетчик", a meter)
// is taken for it. A real product would translate the query with the model itself, or write the
// catalogue's descriptions in both languages; a dictionary this size only shows the idea.

import type { CatalogueTool } from "../../lessons/12-tools-at-scale/catalogue.ts";

// Stryker disable all: given in the starter, unchanged.
// Words: runs of letters and digits, in any script. camelCase and snake_case come apart; "ё" is written
// "е", as most Russian text does; a plural "s" (and "ies") goes, so "invoices" meets "invoice".
export function tokenize(text: string): string[] {
  const spaced = text.replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2").toLowerCase().replaceAll("ё", "е");
  const words = spaced.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map(singular);
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

// Stryker restore all

// Everything the model itself would read to choose the tool: its name, its description, and each
// parameter's name and description. A search that reads only names misses "sku" in inventory tools,
// and one that reads only descriptions misses the names the model is told to call.
export function toolText(tool: CatalogueTool): string {
  const properties = (tool.input_schema.properties ?? {}) as Record<string, { description?: unknown }>;
  const parameters = Object.entries(properties).map(([name, schema]) =>
    typeof schema.description === "string" ? `${name}: ${schema.description}` : name,
  );
  return [tool.name, tool.description, ...parameters].join(" ");
}

// Stryker disable all: given in the starter, unchanged.
export function toolTerms(tool: CatalogueTool): string[] {
  return tokenize(toolText(tool));
}

// Russian stem -> the English words the catalogue uses for it. Stems are written with "е" for "ё",
// lower case, as tokenize() leaves them.
export const RU_TERMS: Record<string, string[]> = {
  контакт: ["contact"],
  клиент: ["customer", "contact"],
  счет: ["invoice", "bill"],
  оплат: ["payment", "paid"],
  платеж: ["payment"],
  возврат: ["refund", "return"],
  подписк: ["subscription"],
  подписчик: ["subscriber"],
  товар: ["product", "stock"],
  продукт: ["product"],
  склад: ["warehouse", "stock"],
  остат: ["stock", "availability"],
  наличи: ["availability", "stock"],
  поставщик: ["supplier"],
  // Before заказ on purpose (and адресат after адрес): the longest stem wins wherever it stands.
  заказчик: ["customer"],
  заказ: ["order"],
  встреч: ["meeting", "event"],
  календар: ["calendar", "event"],
  событи: ["event"],
  переговорн: ["room", "meeting"],
  напомина: ["reminder"],
  сотрудник: ["employee", "staff"],
  коллег: ["colleague", "staff"],
  отпуск: ["leave", "vacation"],
  зарплат: ["salary", "payslip"],
  ваканси: ["job", "opening"],
  кандидат: ["candidate"],
  посылк: ["parcel", "package"],
  отправлени: ["shipment"],
  отслед: ["track", "tracking"],
  доставк: ["delivery", "shipping"],
  адрес: ["address"],
  адресат: ["recipient"],
  тикет: ["ticket"],
  обращени: ["ticket"],
  стать: ["article"],
  кампани: ["campaign"],
  рассылк: ["newsletter"],
  скидк: ["discount", "coupon"],
  купон: ["coupon"],
  расход: ["expense"],
  бюджет: ["budget"],
  налог: ["tax"],
  ндс: ["vat", "tax"],
  проект: ["project"],
  задач: ["task"],
  документ: ["document"],
  файл: ["file"],
  папк: ["folder"],
  курс: ["exchange", "rate"],
  валют: ["currency"],
  посчита: ["calculate"],
  вычисл: ["calculate"],
  сохран: ["save"],
  прочита: ["read"],
  читат: ["read"],
  письм: ["email"],
  почт: ["email"],
  запомн: ["remember", "memory"],
  памят: ["memory"],
  забуд: ["forget"],
  забыт: ["forget"],
  найд: ["find", "search"],
  найт: ["find", "search"],
  поиск: ["search"],
  искат: ["search"],
  созда: ["create"],
  удал: ["delete"],
  измен: ["change", "update"],
  обнов: ["update"],
  отчет: ["report"],
  продаж: ["sale"],
  погод: ["weather"],
  перевод: ["translate"],
  перевест: ["translate"],
  смс: ["sms", "text", "message"],
  сделк: ["deal"],
  лид: ["lead"],
  компани: ["company"],
  сообщени: ["message"],
  чат: ["chat"],
  телефон: ["phone"],
  трек: ["tracking"],
  правк: ["edit"],
  исправ: ["edit"],
  строк: ["row"],
  таблиц: ["sheet", "row"],
};

// A query's terms: its English words as they are, and each Russian word replaced by the English words
// of the longest stem it starts with ("заказчика" is a customer, not an order). A Russian
// word with no stem in the dictionary is dropped.
export function queryTerms(query: string): string[] {
  return tokenize(query).flatMap((word) => (/\p{Script=Cyrillic}/u.test(word) ? englishFor(word) : [word]));
}

// Stryker restore all

export function englishFor(word: string): string[] {
  let best = "";
  for (const stem of Object.keys(RU_TERMS)) {
    if (word.startsWith(stem) && stem.length > best.length) best = stem;
  }
  return best === "" ? [] : RU_TERMS[best]!;
}
