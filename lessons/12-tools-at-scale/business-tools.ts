// A company's tools, the kind a few MCP servers bring into an agent: CRM, billing, inventory, calendar,
// HR, shipping, support... None of them runs: the lesson needs their definitions (what the model and a
// search read), not their work. They are generated from the small tables below, the same way every
// time (no randomness, no clock), so a search test or a token count gives the same answer on every run.
//
// Real catalogues are untidy, and a search has to cope: the same job under several names, written by
// different teams in different years (crm_search_contacts, crm_find_contact, contacts_lookup). The
// near-duplicates at the end are written by hand, each with the detail that tells it from its twins.

import type { CatalogueTool } from "./catalogue.ts";

interface Field {
  name: string;
  type: "string" | "number" | "integer" | "boolean";
  description: string;
  example: string | number | boolean;
  enum?: string[];
}

interface Entity {
  // snake_case, singular and plural: the names read crm_get_contact, crm_search_contacts.
  noun: string;
  plural: string;
  // What one of them is, for the descriptions: "a contact (a person the company deals with)".
  what: string;
  fields: Field[];
  // The fields a search filters on; the first is the free-text one.
  searchBy: string[];
  // Some records are archived, never deleted (an invoice must stay for the tax office).
  archiveOnly?: boolean;
}

interface Domain {
  prefix: string;
  // Where the records live, for the descriptions: "the CRM".
  system: string;
  entities: Entity[];
}

const text = (name: string, description: string, example: string): Field => ({ name, type: "string", description, example });
const num = (name: string, description: string, example: number): Field => ({ name, type: "number", description, example });
const int = (name: string, description: string, example: number): Field => ({ name, type: "integer", description, example });
const choice = (name: string, description: string, values: [string, ...string[]]): Field => ({ name, type: "string", description, example: values[0], enum: values });

const DOMAINS: Domain[] = [
  {
    prefix: "crm",
    system: "the CRM",
    entities: [
      {
        noun: "contact", plural: "contacts", what: "a contact (a person the company deals with)",
        fields: [
          text("full_name", "First and last name, e.g. \"Anna Petrova\".", "Anna Petrova"),
          text("email", "Email address, e.g. \"anna@example.com\".", "anna@example.com"),
          text("phone", "Phone number in international format, e.g. \"+44 20 7946 0958\".", "+44 20 7946 0958"),
          text("company", "Name of the company the person works for.", "Northwind Ltd"),
        ],
        searchBy: ["full_name", "company"],
      },
      {
        noun: "lead", plural: "leads", what: "a lead (a possible customer who has shown interest)",
        fields: [
          text("name", "Name of the person or company interested.", "Orbit Mining"),
          text("source", "Where the lead came from: a form, a fair, a referral.", "trade fair"),
          choice("status", "Where the lead stands.", ["new", "contacted", "qualified", "lost"]),
          text("owner_email", "Email of the salesperson who owns the lead.", "sam@ourcompany.example"),
        ],
        searchBy: ["name", "status"],
      },
      {
        noun: "deal", plural: "deals", what: "a deal (a sale in progress, with an amount and a stage)",
        fields: [
          text("title", "Short title of the deal, e.g. \"50 ASIC miners for Orbit\".", "50 ASIC miners for Orbit"),
          num("amount", "Expected amount of the deal.", 125000),
          text("currency", "Three-letter currency code of the amount, e.g. \"USD\".", "USD"),
          choice("stage", "Pipeline stage.", ["prospecting", "proposal", "negotiation", "won", "lost"]),
        ],
        searchBy: ["title", "stage"],
      },
      {
        noun: "company", plural: "companies", what: "a company account (an organisation the company sells to)",
        fields: [
          text("name", "Registered name of the company.", "Northwind Ltd"),
          text("industry", "Industry, e.g. \"mining\" or \"retail\".", "retail"),
          text("country", "Two-letter country code, e.g. \"DE\".", "DE"),
          text("website", "Web address of the company.", "https://northwind.example"),
        ],
        searchBy: ["name", "industry"],
      },
      {
        noun: "activity", plural: "activities", what: "a CRM activity (a call, meeting or note logged against a contact or deal)",
        fields: [
          choice("kind", "What happened.", ["call", "meeting", "note", "email"]),
          text("subject", "One line saying what it was about.", "Follow-up call about the quote"),
          text("contact_id", "Id of the contact it concerns.", "con_1042"),
          text("due_date", "Date, YYYY-MM-DD, for a planned activity.", "2026-03-14"),
        ],
        searchBy: ["subject", "kind"],
      },
    ],
  },
  {
    prefix: "billing",
    system: "the billing system",
    entities: [
      {
        noun: "invoice", plural: "invoices", what: "an invoice (a bill sent to a customer)", archiveOnly: true,
        fields: [
          text("customer_id", "Id of the customer the invoice is for.", "cus_2207"),
          num("total", "Total amount due, tax included.", 1499.9),
          text("currency", "Three-letter currency code, e.g. \"EUR\".", "EUR"),
          text("due_date", "Payment due date, YYYY-MM-DD.", "2026-04-30"),
          choice("status", "Payment status.", ["draft", "sent", "paid", "overdue", "void"]),
        ],
        searchBy: ["customer_id", "status"],
      },
      {
        noun: "payment", plural: "payments", what: "a payment (money received from a customer)", archiveOnly: true,
        fields: [
          text("invoice_id", "Id of the invoice the payment settles.", "inv_5531"),
          num("amount", "Amount received.", 1499.9),
          text("currency", "Three-letter currency code.", "EUR"),
          choice("method", "How it was paid.", ["card", "bank_transfer", "cash"]),
        ],
        searchBy: ["invoice_id", "method"],
      },
      {
        noun: "refund", plural: "refunds", what: "a refund (money paid back to a customer)", archiveOnly: true,
        fields: [
          text("payment_id", "Id of the payment being refunded.", "pay_8812"),
          num("amount", "Amount to pay back; at most the payment's amount.", 200),
          text("reason", "Why the money goes back, for the accounts.", "Damaged on arrival"),
        ],
        searchBy: ["reason", "payment_id"],
      },
      {
        noun: "subscription", plural: "subscriptions", what: "a subscription (a plan a customer pays for every month or year)",
        fields: [
          text("customer_id", "Id of the subscribing customer.", "cus_2207"),
          text("plan", "Name of the plan, e.g. \"team-annual\".", "team-annual"),
          int("seats", "Number of seats paid for.", 12),
          choice("interval", "How often it is billed.", ["month", "year"]),
        ],
        searchBy: ["plan", "customer_id"],
      },
      {
        noun: "credit_note", plural: "credit_notes", what: "a credit note (a document that reduces what a customer owes on an invoice)", archiveOnly: true,
        fields: [
          text("invoice_id", "Id of the invoice it reduces.", "inv_5531"),
          num("amount", "Amount credited.", 150),
          text("reason", "Why the credit is given.", "Late delivery discount"),
        ],
        searchBy: ["reason", "invoice_id"],
      },
    ],
  },
  {
    prefix: "inventory",
    system: "the inventory system",
    entities: [
      {
        noun: "product", plural: "products", what: "a product (an item the company stocks and sells)",
        fields: [
          text("sku", "Stock keeping unit, the product's code, e.g. \"ASIC-S19-95\".", "ASIC-S19-95"),
          text("title", "Product name as shown to customers.", "Antminer S19 95TH"),
          num("unit_price", "Price of one unit, without tax.", 2350),
          text("category", "Product category, e.g. \"hardware\".", "hardware"),
        ],
        searchBy: ["title", "category"],
      },
      {
        noun: "stock_item", plural: "stock_items", what: "a stock record (how many units of a product a warehouse holds)",
        fields: [
          text("sku", "Code of the product.", "ASIC-S19-95"),
          text("warehouse_id", "Id of the warehouse.", "wh_berlin"),
          int("quantity", "Units on hand.", 48),
          int("reorder_level", "Reorder when the quantity falls below this.", 10),
        ],
        searchBy: ["sku", "warehouse_id"],
      },
      {
        noun: "warehouse", plural: "warehouses", what: "a warehouse (a place where stock is kept)",
        fields: [
          text("name", "Name of the warehouse, e.g. \"Berlin North\".", "Berlin North"),
          text("address", "Street address.", "Industriestrasse 5, 13407 Berlin"),
          text("country", "Two-letter country code.", "DE"),
        ],
        searchBy: ["name", "country"],
      },
      {
        noun: "supplier", plural: "suppliers", what: "a supplier (a company the business buys stock from)",
        fields: [
          text("name", "Supplier's company name.", "Shenzhen Hash Tech"),
          text("email", "Email for orders.", "orders@hashtech.example"),
          int("lead_time_days", "Days from order to delivery, usually.", 21),
        ],
        searchBy: ["name", "email"],
      },
      {
        noun: "purchase_order", plural: "purchase_orders", what: "a purchase order (an order the company places with a supplier)", archiveOnly: true,
        fields: [
          text("supplier_id", "Id of the supplier.", "sup_311"),
          text("sku", "Code of the product ordered.", "ASIC-S19-95"),
          int("quantity", "Units ordered.", 50),
          text("expected_date", "Expected delivery date, YYYY-MM-DD.", "2026-05-20"),
        ],
        searchBy: ["supplier_id", "sku"],
      },
    ],
  },
  {
    prefix: "calendar",
    system: "the shared calendar",
    entities: [
      {
        noun: "event", plural: "events", what: "a calendar event (a meeting or appointment at a set time)",
        fields: [
          text("title", "What the event is, e.g. \"Quarterly review\".", "Quarterly review"),
          text("start", "Start, ISO 8601 with time zone, e.g. \"2026-03-14T10:00:00+01:00\".", "2026-03-14T10:00:00+01:00"),
          int("duration_minutes", "Length in minutes.", 60),
          text("attendees", "Comma-separated email addresses of the people invited.", "anna@example.com, sam@ourcompany.example"),
        ],
        searchBy: ["title", "attendees"],
      },
      {
        noun: "room", plural: "rooms", what: "a meeting room that events can book",
        fields: [
          text("name", "Name of the room, e.g. \"Lisbon 3\".", "Lisbon 3"),
          int("capacity", "How many people it seats.", 8),
          text("floor", "Floor, e.g. \"3\".", "3"),
        ],
        searchBy: ["name", "floor"],
      },
      {
        noun: "reminder", plural: "reminders", what: "a reminder (a notification sent before an event or at a time)",
        fields: [
          text("message", "What to remind about.", "Send the board pack"),
          text("remind_at", "When, ISO 8601 with time zone.", "2026-03-13T09:00:00+01:00"),
          text("event_id", "Id of the event it belongs to, if any.", "evt_77"),
        ],
        searchBy: ["message", "event_id"],
      },
    ],
  },
  {
    prefix: "hr",
    system: "the HR system",
    entities: [
      {
        noun: "employee", plural: "employees", what: "an employee record (a person on the payroll)",
        fields: [
          text("full_name", "First and last name.", "Lena Novak"),
          text("work_email", "Company email address.", "lena@ourcompany.example"),
          text("department", "Department, e.g. \"Sales\".", "Sales"),
          text("job_title", "Job title.", "Account manager"),
        ],
        searchBy: ["full_name", "department"],
      },
      {
        noun: "leave_request", plural: "leave_requests", what: "a leave request (time off an employee asks for: holiday, sick leave)",
        fields: [
          text("employee_id", "Id of the employee.", "emp_118"),
          choice("kind", "Type of leave.", ["vacation", "sick", "parental", "unpaid"]),
          text("from_date", "First day off, YYYY-MM-DD.", "2026-07-01"),
          text("to_date", "Last day off, YYYY-MM-DD.", "2026-07-14"),
        ],
        searchBy: ["employee_id", "kind"],
      },
      {
        noun: "payslip", plural: "payslips", what: "a payslip (one month's salary statement for an employee)", archiveOnly: true,
        fields: [
          text("employee_id", "Id of the employee.", "emp_118"),
          text("month", "Month, YYYY-MM.", "2026-02"),
          num("gross", "Gross salary for the month.", 5200),
          num("net", "Net salary paid.", 3640),
        ],
        searchBy: ["employee_id", "month"],
      },
      {
        noun: "job_opening", plural: "job_openings", what: "a job opening (a vacancy the company is hiring for)",
        fields: [
          text("title", "Job title, e.g. \"Warehouse lead\".", "Warehouse lead"),
          text("department", "Department hiring.", "Operations"),
          text("location", "City, or \"remote\".", "Berlin"),
        ],
        searchBy: ["title", "location"],
      },
      {
        noun: "candidate", plural: "candidates", what: "a candidate (a person applying for a job opening)",
        fields: [
          text("full_name", "Candidate's name.", "Omar Haddad"),
          text("email", "Candidate's email.", "omar@example.com"),
          text("opening_id", "Id of the job opening applied for.", "job_42"),
          choice("stage", "Hiring stage.", ["applied", "interview", "offer", "hired", "rejected"]),
        ],
        searchBy: ["full_name", "stage"],
      },
    ],
  },
  {
    prefix: "shipping",
    system: "the shipping platform",
    entities: [
      {
        noun: "shipment", plural: "shipments", what: "a shipment (goods sent to a customer with a carrier)",
        fields: [
          text("order_id", "Id of the sales order being shipped.", "ord_9051"),
          choice("carrier", "Carrier.", ["dhl", "ups", "fedex", "dpd"]),
          text("tracking_number", "The carrier's tracking number.", "JD014600006281230707"),
          text("destination", "Delivery address, one line.", "12 Harbour St, Leith, EH6 6QR, UK"),
        ],
        searchBy: ["tracking_number", "order_id"],
      },
      {
        noun: "return", plural: "returns", what: "a return (goods a customer sends back, with an RMA number)",
        fields: [
          text("order_id", "Id of the original order.", "ord_9051"),
          text("reason", "Why the goods come back.", "Wrong size"),
          choice("condition", "Condition on arrival.", ["unopened", "used", "damaged"]),
        ],
        searchBy: ["order_id", "reason"],
      },
      {
        noun: "pickup", plural: "pickups", what: "a carrier pickup (a collection booked at a warehouse)",
        fields: [
          text("warehouse_id", "Where the carrier collects.", "wh_berlin"),
          choice("carrier", "Carrier.", ["dhl", "ups", "fedex", "dpd"]),
          text("date", "Pickup date, YYYY-MM-DD.", "2026-03-16"),
          int("parcels", "Number of parcels.", 4),
        ],
        searchBy: ["warehouse_id", "carrier"],
      },
    ],
  },
  {
    prefix: "support",
    system: "the help desk",
    entities: [
      {
        noun: "ticket", plural: "tickets", what: "a support ticket (a customer's problem or question)",
        fields: [
          text("subject", "One line describing the problem.", "Miner overheats after firmware update"),
          text("customer_email", "Email of the customer who asked.", "anna@example.com"),
          choice("priority", "How urgent.", ["low", "normal", "high", "urgent"]),
          choice("status", "Where it stands.", ["open", "pending", "solved", "closed"]),
        ],
        searchBy: ["subject", "status"],
      },
      {
        noun: "ticket_comment", plural: "ticket_comments", what: "a comment on a support ticket (a reply to the customer or an internal note)",
        fields: [
          text("ticket_id", "Id of the ticket.", "tkt_3009"),
          text("body", "Text of the comment.", "Please send a photo of the serial label."),
          { name: "internal", type: "boolean", description: "True for a note only agents see.", example: false },
        ],
        searchBy: ["body", "ticket_id"],
      },
      {
        noun: "article", plural: "articles", what: "a knowledge-base article (a help page customers can read)",
        fields: [
          text("title", "Title of the article.", "Resetting a miner to factory settings"),
          text("body", "Article text, Markdown.", "Hold the reset button for 10 seconds..."),
          text("section", "Section of the help centre.", "Troubleshooting"),
        ],
        searchBy: ["title", "section"],
      },
    ],
  },
  {
    prefix: "marketing",
    system: "the marketing platform",
    entities: [
      {
        noun: "campaign", plural: "campaigns", what: "a marketing campaign (a planned series of emails or ads)",
        fields: [
          text("name", "Campaign name.", "Spring hardware sale"),
          choice("channel", "Where it runs.", ["email", "ads", "social"]),
          num("budget", "Budget in the account currency.", 5000),
          text("start_date", "First day, YYYY-MM-DD.", "2026-04-01"),
        ],
        searchBy: ["name", "channel"],
      },
      {
        noun: "subscriber", plural: "subscribers", what: "a newsletter subscriber (an address on a mailing list)",
        fields: [
          text("email", "Subscriber's email address.", "anna@example.com"),
          text("list_id", "Id of the mailing list.", "lst_news"),
          { name: "consent", type: "boolean", description: "True if the person opted in (required to send them mail).", example: true },
        ],
        searchBy: ["email", "list_id"],
      },
      {
        noun: "coupon", plural: "coupons", what: "a discount coupon (a code customers enter for a discount)",
        fields: [
          text("code", "The code customers type, e.g. \"SPRING10\".", "SPRING10"),
          int("percent_off", "Discount in percent.", 10),
          text("expires", "Last valid day, YYYY-MM-DD.", "2026-05-31"),
        ],
        searchBy: ["code", "expires"],
      },
    ],
  },
  {
    prefix: "accounting",
    system: "the accounting ledger",
    entities: [
      {
        noun: "expense", plural: "expenses", what: "an expense (money the company spent, with its receipt)",
        fields: [
          text("description", "What was bought.", "Taxi to the trade fair"),
          num("amount", "Amount spent.", 38.5),
          text("currency", "Three-letter currency code.", "EUR"),
          text("category", "Expense category, e.g. \"travel\".", "travel"),
          text("date", "Date spent, YYYY-MM-DD.", "2026-03-02"),
        ],
        searchBy: ["description", "category"],
      },
      {
        noun: "budget", plural: "budgets", what: "a budget (money set aside for a department and period)",
        fields: [
          text("department", "Department the budget belongs to.", "Marketing"),
          text("period", "Period, e.g. \"2026-Q2\".", "2026-Q2"),
          num("amount", "Amount allowed.", 40000),
        ],
        searchBy: ["department", "period"],
      },
      {
        noun: "journal_entry", plural: "journal_entries", what: "a journal entry (a debit and credit posted to the ledger)", archiveOnly: true,
        fields: [
          text("debit_account", "Account debited, e.g. \"6200 Travel\".", "6200 Travel"),
          text("credit_account", "Account credited, e.g. \"1000 Bank\".", "1000 Bank"),
          num("amount", "Amount posted.", 38.5),
          text("memo", "Why it was posted.", "Taxi, trade fair"),
        ],
        searchBy: ["memo", "debit_account"],
      },
      {
        noun: "tax_rate", plural: "tax_rates", what: "a tax rate (the VAT or sales tax applied in a country or region)",
        fields: [
          text("region", "Country or region code, e.g. \"DE\" or \"US-CA\".", "DE"),
          num("percent", "Rate in percent.", 19),
          text("name", "Name shown on invoices, e.g. \"VAT 19%\".", "VAT 19%"),
        ],
        searchBy: ["region", "name"],
      },
    ],
  },
  {
    prefix: "projects",
    system: "the project tracker",
    entities: [
      {
        noun: "project", plural: "projects", what: "a project (a piece of work with a deadline and a team)",
        fields: [
          text("name", "Project name.", "Warehouse move"),
          text("owner_email", "Email of the project lead.", "lena@ourcompany.example"),
          text("deadline", "Deadline, YYYY-MM-DD.", "2026-06-30"),
        ],
        searchBy: ["name", "owner_email"],
      },
      {
        noun: "task", plural: "tasks", what: "a project task (one thing to do, with an assignee and a status)",
        fields: [
          text("title", "What has to be done.", "Book the movers"),
          text("project_id", "Id of the project.", "prj_12"),
          text("assignee_email", "Email of the person doing it.", "sam@ourcompany.example"),
          choice("status", "Where it stands.", ["todo", "doing", "done"]),
        ],
        searchBy: ["title", "status"],
      },
      {
        noun: "time_entry", plural: "time_entries", what: "a time entry (hours someone logged on a task)",
        fields: [
          text("task_id", "Id of the task.", "tsk_301"),
          num("hours", "Hours worked.", 2.5),
          text("date", "Day worked, YYYY-MM-DD.", "2026-03-10"),
          text("note", "What was done.", "Called three movers for quotes"),
        ],
        searchBy: ["task_id", "date"],
      },
    ],
  },
  {
    prefix: "drive",
    system: "the company's cloud drive",
    entities: [
      {
        noun: "document", plural: "documents", what: "a document in the cloud drive (a file the team shares)",
        fields: [
          text("title", "File name shown in the drive.", "Price list 2026.xlsx"),
          text("folder_id", "Id of the folder holding it.", "fld_sales"),
          text("owner_email", "Email of the owner.", "sam@ourcompany.example"),
        ],
        searchBy: ["title", "folder_id"],
      },
      {
        noun: "folder", plural: "folders", what: "a folder in the cloud drive",
        fields: [
          text("name", "Folder name.", "Sales"),
          text("parent_id", "Id of the folder it sits in; empty for the top level.", "fld_root"),
        ],
        searchBy: ["name", "parent_id"],
      },
    ],
  },
];

function property(field: Field): Record<string, unknown> {
  const schema: Record<string, unknown> = { type: field.type, description: field.description };
  if (field.enum) schema.enum = field.enum;
  return schema;
}

function schemaOf(fields: Field[], required: string[]): CatalogueTool["input_schema"] {
  return { type: "object", properties: Object.fromEntries(fields.map((field) => [field.name, property(field)])), required };
}

function exampleOf(fields: Field[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, field.example]));
}

const words = (name: string) => name.replaceAll("_", " ");

// Five tools per record type: get, search, create, update, and delete (or archive, for records the
// law says to keep).
function entityTools(domain: Domain, entity: Entity): CatalogueTool[] {
  const id = text(`${entity.noun}_id`, `Id of the ${words(entity.noun)}, as returned by ${domain.prefix}_search_${entity.plural}.`, "");
  const fieldList = entity.fields.map((field) => field.name).join(", ");
  const filters = entity.fields.filter((field) => entity.searchBy.includes(field.name));
  const limit = int("limit", "Most results to return, 1-100. Default 20.", 20);
  const optional = entity.fields.map((field) => ({ ...field, description: `New value. ${field.description}` }));
  const p = domain.prefix;
  const thing = words(entity.noun);
  return [
    {
      name: `${p}_get_${entity.noun}`,
      description: `Get one ${entity.what} from ${domain.system} by its id. Returns all its fields (${fieldList}). If you do not know the id, use ${p}_search_${entity.plural} first.`,
      input_schema: schemaOf([id], [id.name]),
    },
    {
      name: `${p}_search_${entity.plural}`,
      description: `Search ${words(entity.plural)} in ${domain.system} by ${filters.map((field) => words(field.name)).join(" or ")}. Returns up to limit matches, each with its id and ${fieldList}, newest first. Matching is by words, not exact.`,
      input_schema: schemaOf([...filters, limit], []),
      input_examples: [{ ...exampleOf(filters.slice(0, 1)), limit: 10 }],
    },
    {
      name: `${p}_create_${entity.noun}`,
      description: `Create ${entity.what} in ${domain.system}. Returns the new ${thing}'s id. Check with ${p}_search_${entity.plural} first that it does not exist yet: a second call makes a second record.`,
      input_schema: schemaOf(entity.fields, entity.fields.map((field) => field.name)),
      input_examples: [exampleOf(entity.fields)],
    },
    {
      name: `${p}_update_${entity.noun}`,
      description: `Change fields of an existing ${thing} in ${domain.system}. Send the id and only the fields that change; the others stay as they are. Returns the ${thing} as it is now.`,
      input_schema: schemaOf([id, ...optional], [id.name]),
    },
    entity.archiveOnly
      ? {
          name: `${p}_archive_${entity.noun}`,
          description: `Archive a ${thing} in ${domain.system}: it disappears from searches but is kept, as the law requires for financial records. It cannot be deleted.`,
          input_schema: schemaOf([id, text("reason", "Why it is archived, kept in the audit log.", "Entered twice")], [id.name, "reason"]),
        }
      : {
          name: `${p}_delete_${entity.noun}`,
          description: `Delete a ${thing} from ${domain.system} for good. This cannot be undone; ask the user first.`,
          input_schema: schemaOf([id], [id.name]),
        },
  ];
}

// The same jobs again, under other teams' names. Each says what sets it apart, as a good catalogue
// does; a search that reads only names cannot tell them apart.
const NEAR_DUPLICATES: CatalogueTool[] = [
  {
    name: "crm_find_contact",
    description: "Find exactly one CRM contact by email address or phone number. Returns the contact or \"not found\". Use crm_search_contacts to search by name or company.",
    input_schema: schemaOf([text("email", "Exact email address.", "anna@example.com"), text("phone", "Exact phone number, international format.", "+44 20 7946 0958")], []),
    input_examples: [{ email: "anna@example.com" }],
  },
  {
    name: "contacts_lookup",
    description: "Look up a person in the old company address book (employees and suppliers, not customers) by name. Read-only; kept for the telephone switchboard. Customer contacts are in the CRM.",
    input_schema: schemaOf([text("name", "Part of the person's name.", "Petrova")], ["name"]),
  },
  {
    name: "people_search",
    description: "Search everyone the company knows, across the CRM, the HR system and the address book, by name or email. Slower; returns which system each match is from.",
    input_schema: schemaOf([text("query", "Name or email, or part of one.", "Novak")], ["query"]),
  },
  {
    name: "billing_send_invoice",
    description: "Email an existing invoice to the customer as a PDF and mark it sent. The email goes out at once.",
    input_schema: schemaOf([text("invoice_id", "Id of the invoice.", "inv_5531"), text("message", "A short note above the invoice.", "Thank you for your order.")], ["invoice_id"]),
  },
  {
    name: "invoice_pdf_download",
    description: "Download an invoice as a PDF file (base64). Nothing is sent to anyone.",
    input_schema: schemaOf([text("invoice_id", "Id of the invoice.", "inv_5531")], ["invoice_id"]),
  },
  {
    name: "finance_overdue_invoices",
    description: "List unpaid invoices past their due date, oldest first, with the amount owed and the days overdue. For a collections call.",
    input_schema: schemaOf([int("min_days_overdue", "Only invoices at least this many days late. Default 1.", 30)], []),
  },
  {
    name: "finance_convert_currency",
    description: "Convert an amount between currencies at the bank's end-of-day rate for a given date, as the accounts must. For today's market rate, use get_exchange_rate.",
    input_schema: schemaOf(
      [num("amount", "Amount to convert.", 100), text("from", "Currency code to convert from.", "USD"), text("to", "Currency code to convert to.", "EUR"), text("date", "Rate date, YYYY-MM-DD.", "2026-03-02")],
      ["amount", "from", "to", "date"],
    ),
  },
  {
    name: "inventory_check_availability",
    description: "Say how many units of a product can be sold now, summed over all warehouses, minus units already reserved for orders.",
    input_schema: schemaOf([text("sku", "Code of the product.", "ASIC-S19-95")], ["sku"]),
    input_examples: [{ sku: "ASIC-S19-95" }],
  },
  {
    name: "warehouse_stock_level",
    description: "Units of a product on the shelves of one warehouse, reserved ones included. Use inventory_check_availability to know what can be sold.",
    input_schema: schemaOf([text("sku", "Code of the product.", "ASIC-S19-95"), text("warehouse_id", "Id of the warehouse.", "wh_berlin")], ["sku", "warehouse_id"]),
  },
  {
    name: "inventory_reserve_stock",
    description: "Reserve units of a product for a sales order so no one else sells them. Fails if not enough are available.",
    input_schema: schemaOf([text("sku", "Code of the product.", "ASIC-S19-95"), int("quantity", "Units to reserve.", 5), text("order_id", "Id of the sales order.", "ord_9051")], ["sku", "quantity", "order_id"]),
  },
  {
    name: "schedule_meeting",
    description: "Find the first time all attendees are free and book a meeting then, with a room if asked. Use calendar_create_event when the time is already fixed.",
    input_schema: schemaOf(
      [text("title", "What the meeting is about.", "Contract review"), text("attendees", "Comma-separated email addresses.", "anna@example.com, lena@ourcompany.example"), int("duration_minutes", "Length in minutes.", 30), text("not_before", "Earliest start, ISO 8601.", "2026-03-16T09:00:00+01:00")],
      ["title", "attendees", "duration_minutes"],
    ),
    input_examples: [{ title: "Contract review", attendees: "anna@example.com, lena@ourcompany.example", duration_minutes: 30 }],
  },
  {
    name: "calendar_free_busy",
    description: "Show when each person is busy between two times (no event details, only busy blocks). For planning before booking.",
    input_schema: schemaOf([text("emails", "Comma-separated email addresses.", "anna@example.com"), text("from", "Start, ISO 8601.", "2026-03-16T09:00:00+01:00"), text("to", "End, ISO 8601.", "2026-03-16T18:00:00+01:00")], ["emails", "from", "to"]),
  },
  {
    name: "cal_book_room",
    description: "Book a meeting room for a time slot without creating a calendar event for anyone. Legacy; the facilities team uses it.",
    input_schema: schemaOf([text("room_id", "Id of the room.", "room_lis3"), text("start", "Start, ISO 8601.", "2026-03-16T14:00:00+01:00"), int("duration_minutes", "Length in minutes.", 60)], ["room_id", "start", "duration_minutes"]),
  },
  {
    name: "staff_directory_search",
    description: "Search the staff directory for colleagues by name, team or skill. Returns work email, phone extension and manager. No salary or personal data.",
    input_schema: schemaOf([text("query", "Name, team or skill.", "firmware")], ["query"]),
  },
  {
    name: "hr_approve_leave",
    description: "Approve or reject an employee's leave request; the employee is told by email at once.",
    input_schema: schemaOf([text("leave_request_id", "Id of the leave request.", "lv_880"), choice("decision", "The decision.", ["approve", "reject"]), text("comment", "Said to the employee.", "Enjoy your holiday")], ["leave_request_id", "decision"]),
  },
  {
    name: "hr_vacation_balance",
    description: "Days of paid vacation an employee has left this year, and days already booked.",
    input_schema: schemaOf([text("employee_id", "Id of the employee.", "emp_118")], ["employee_id"]),
  },
  {
    name: "track_package",
    description: "Track any parcel by its carrier tracking number (DHL, UPS, FedEx, DPD): where it is now and when it should arrive. Works for parcels we did not send too.",
    input_schema: schemaOf([text("tracking_number", "The carrier's tracking number.", "JD014600006281230707")], ["tracking_number"]),
    input_examples: [{ tracking_number: "JD014600006281230707" }],
  },
  {
    name: "shipping_get_rates",
    description: "Quote what each carrier charges to send a parcel of a given weight and size to an address, cheapest first.",
    input_schema: schemaOf(
      [num("weight_kg", "Weight in kilograms.", 12.5), text("destination", "Delivery address, one line.", "12 Harbour St, Leith, EH6 6QR, UK"), text("dimensions_cm", "Length x width x height in cm, e.g. \"60x40x30\".", "60x40x30")],
      ["weight_kg", "destination"],
    ),
  },
  {
    name: "shipping_print_label",
    description: "Create the carrier's shipping label for a shipment as a PDF, ready to print.",
    input_schema: schemaOf([text("shipment_id", "Id of the shipment.", "shp_4410")], ["shipment_id"]),
  },
  {
    name: "address_validate",
    description: "Check a postal address and return it in the carrier's standard form, or say what is wrong with it (unknown street, missing postcode).",
    input_schema: schemaOf([text("address", "The address, one line.", "12 Harbour Street, Leith")], ["address"]),
  },
  {
    name: "notify_send_email",
    description: "Send a transactional email from a saved template (order confirmation, password reset) to one customer. Goes out at once, no preview.",
    input_schema: schemaOf([text("template", "Template name, e.g. \"order_confirmation\".", "order_confirmation"), text("to", "Recipient's email address.", "anna@example.com"), text("order_id", "Order the email is about, if any.", "ord_9051")], ["template", "to"]),
  },
  {
    name: "marketing_send_newsletter",
    description: "Send a newsletter to every consenting subscriber of a mailing list. Thousands of emails; cannot be recalled.",
    input_schema: schemaOf([text("list_id", "Id of the mailing list.", "lst_news"), text("subject", "Subject line.", "Spring sale starts today"), text("html", "The newsletter's HTML.", "<h1>Spring sale</h1>")], ["list_id", "subject", "html"]),
  },
  {
    name: "sms_send_message",
    description: "Send a text message (SMS) to a phone number. At most 160 characters; charged per message.",
    input_schema: schemaOf([text("phone", "Phone number, international format.", "+44 7700 900123"), text("text", "Message text.", "Your order has shipped.")], ["phone", "text"]),
  },
  {
    name: "chat_post_message",
    description: "Post a message to a channel of the team chat (not to customers).",
    input_schema: schemaOf([text("channel", "Channel name, e.g. \"#sales\".", "#sales"), text("text", "Message text.", "Orbit deal won!")], ["channel", "text"]),
  },
  {
    name: "drive_upload_file",
    description: "Upload a file to a folder of the company's cloud drive, where the team can open it. For a file only this agent needs, save it in the workspace instead.",
    input_schema: schemaOf([text("folder_id", "Id of the target folder.", "fld_sales"), text("file_name", "Name to give the file.", "report.txt"), text("content", "The file's text.", "Q1 sales: ...")], ["folder_id", "file_name", "content"]),
  },
  {
    name: "drive_share_document",
    description: "Give someone access to a drive document by email: view or edit. They get a notification.",
    input_schema: schemaOf([text("document_id", "Id of the document.", "doc_71"), text("email", "Who gets access.", "anna@example.com"), choice("role", "Access level.", ["viewer", "editor"])], ["document_id", "email", "role"]),
  },
  {
    name: "reports_sales_summary",
    description: "Total sales by month, product category or salesperson for a period, with the change against the period before.",
    input_schema: schemaOf([text("from", "First day, YYYY-MM-DD.", "2026-01-01"), text("to", "Last day, YYYY-MM-DD.", "2026-03-31"), choice("group_by", "How to group.", ["month", "category", "salesperson"])], ["from", "to"]),
  },
  {
    name: "analytics_run_query",
    description: "Run a read-only SQL query against the analytics warehouse and return up to 1000 rows as CSV. SELECT only.",
    input_schema: schemaOf([text("sql", "One SELECT statement.", "SELECT count(*) FROM orders WHERE created_at > '2026-01-01'")], ["sql"]),
  },
  {
    name: "weather_forecast",
    description: "Weather forecast for a city for the next days: temperature, rain, wind. For planning deliveries and site visits.",
    input_schema: schemaOf([text("city", "City name, e.g. \"Berlin\".", "Berlin"), int("days", "Days ahead, 1-7.", 3)], ["city"]),
  },
  {
    name: "translate_text",
    description: "Translate a text into another language. Returns the translation only.",
    input_schema: schemaOf([text("text", "The text to translate.", "Your order has shipped."), text("target_language", "Language code, e.g. \"de\" or \"ru\".", "de")], ["text", "target_language"]),
  },
];

export function businessTools(): CatalogueTool[] {
  return [...DOMAINS.flatMap((domain) => domain.entities.flatMap((entity) => entityTools(domain, entity))), ...NEAR_DUPLICATES];
}
