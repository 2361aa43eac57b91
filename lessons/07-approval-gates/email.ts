// Plan, then send: the pair of tools for an action that cannot be taken back.
//
// plan_email only prepares: it checks the address, keeps the draft in memory and returns a preview
// with a plan id. Nothing leaves, so it needs no approval. send_email(plan_id) is the irreversible
// step: it needs approval, and the person approving sees exactly the planned email, not whatever the
// model might write at the last moment. A plan is sent at most once, however often it is asked.
//
// No real mail is sent in this course: "sending" writes the email to an outbox/ folder.

import { randomBytes } from "node:crypto";
import { link, mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { inert } from "../../shared/inert-text.ts";
import { normalizeEach, type ToolWithEffect } from "./gated-executor.ts";
import { messages } from "../../shared/i18n/messages.ts";

export interface EmailPlan {
  id: string;
  to: string;
  subject: string;
  body: string;
}

type PlanInput = { to: string; subject: string; body: string };
type SendInput = { plan_id: string };

const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
// Characters a terminal or a mail program acts on. None belongs in an address or a subject; in a body
// only line breaks and tabs do.
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

// One spelling per address, made once, before the permission gate looks at it: the gate and the tool
// must see the same value. Otherwise "ceo@competitor.example " (a trailing space) or
// "ceo@competitor.example." (a trailing dot, the same domain to DNS) slips past the deny rule
// *@competitor.example and is then tidied by the tool and sent. Full-width letters (ｅｘａｍｐｌｅ)
// become plain ones (NFKC) and invisible characters are dropped, for the same reason; so do the
// ideographic full stops (。 and ｡) that domain names treat as dots (IDNA, UTS #46).
export function normalizeAddress(to: unknown): string {
  const text = String(to ?? "").normalize("NFKC").replace(/\p{Cf}/gu, "").replace(/[\u3002\uFF61]/g, ".").trim();
  const at = text.lastIndexOf("@");
  if (at < 0) return text;
  let end = text.length;
  while (end > at + 1 && text[end - 1] === ".") end--; // a loop: /\.+$/ is quadratic on "....x"
  const domain = text.slice(at + 1, end).toLowerCase();
  return `${text.slice(0, at)}@${domain}`;
}
const MAX_SUBJECT = 200;
const MAX_BODY = 20_000;

// newPlanId is a plug point: lesson 13's evaluation numbers plans, so a recorded run replays the same.
export function createEmailTools(outboxDir: string, newPlanId: () => string = () => `plan_${randomBytes(4).toString("hex")}`): { planEmailTool: ToolWithEffect<PlanInput>; sendEmailTool: ToolWithEffect<SendInput> } {
  // Plans live as long as the agent runs; a new run plans again.
  const plans = new Map<string, EmailPlan>();
  const outboxName = path.basename(outboxDir);
  const fileFor = (id: string) => path.join(outboxDir, `${id}.eml`);

  const planEmailTool: ToolWithEffect<PlanInput> = {
    name: "plan_email",
    description:
      "Prepare an email WITHOUT sending it. Checks the address, keeps the draft, and returns a preview and a plan_id. " +
      "Use it first whenever the user wants an email sent, and show the user the preview. To actually send, call " +
      "send_email with the plan_id (the user will be asked to approve). Nothing leaves the computer at this step. " +
      "One recipient per plan.",
    input_schema: {
      type: "object",
      properties: {
        to: { type: "string", description: "One email address, e.g. \"anna@example.com\"" },
        subject: { type: "string", description: `The subject line, one line, at most ${MAX_SUBJECT} characters` },
        body: { type: "string", description: `The text of the email, at most ${MAX_BODY} characters` },
      },
      required: ["to", "subject", "body"],
    },
    // It changes nothing outside this process: the draft stays in memory until send_email.
    readOnly: true,
    // A list of addresses stays a list, each item tidied, so the gate can judge every recipient.
    normalizeInput: (input) => ({ ...input, to: normalizeEach(input.to, normalizeAddress) as string }),
    run(input) {
      const plan: EmailPlan = { id: newPlanId(), ...checkPlan(input) };
      plans.set(plan.id, plan);
      return JSON.stringify({
        plan_id: plan.id,
        preview: { to: plan.to, subject: plan.subject, body: plan.body },
        sent: false,
        next: `Nothing has been sent. Show the user this preview; to send it, call send_email with plan_id "${plan.id}".`,
      });
    },
  };

  const sendEmailTool: ToolWithEffect<SendInput> = {
    name: "send_email",
    description:
      "Send an email planned with plan_email, by its plan_id. This cannot be undone, so the user must approve it; " +
      "if they refuse, the result says so: do not retry, tell the user. A plan is sent at most once: calling this " +
      "again for the same plan_id does not send it again and says it was already sent. To send something different, " +
      "plan a new email. (In this course, sending writes the email to the outbox folder; no real mail leaves.)",
    input_schema: {
      type: "object",
      properties: {
        plan_id: { type: "string", description: "The plan_id returned by plan_email, e.g. \"plan_1a2b3c4d\"" },
      },
      required: ["plan_id"],
    },
    needsApproval: true,
    describeEffect(input) {
      const plan = plans.get(String(input.plan_id));
      const say = messages().effects;
      if (!plan) return say.noSuchPlan(String(input.plan_id));
      // The person approving must see what goes out, not just that something does: the recipient and
      // subject of the plan itself (not words the model chose now), made inert so they cannot redraw the prompt.
      const text = plan.body.replace(/\s+/g, " ").trim();
      const excerpt = text.length > 160 ? `${text.slice(0, 160)}…${say.moreCharacters(text.length)}` : text;
      return inert(say.sendsEmail(plan.to, plan.subject, excerpt, plan.id));
    },
    async run(input) {
      const id = String(input.plan_id ?? "").trim();
      const plan = plans.get(id);
      if (!plan) {
        const known = [...plans.keys()];
        throw new Error(
          `There is no email plan "${id}". ${known.length > 0 ? `Plans in this session: ${known.join(", ")}. ` : ""}` +
            "Call plan_email first and pass the plan_id it returns.",
        );
      }
      const file = fileFor(plan.id);
      const shownFile = `${outboxName}/${path.basename(file)}`;
      const sent = await writeOnce(file, formatEmail(plan));
      if (!sent) {
        return JSON.stringify({
          sent: false,
          already_sent: true,
          plan_id: plan.id,
          outbox_file: shownFile,
          note: "This plan was already sent earlier, so it was NOT sent again. To send another email, plan a new one with plan_email.",
        });
      }
      return JSON.stringify({
        sent: true,
        plan_id: plan.id,
        to: plan.to,
        subject: plan.subject,
        outbox_file: shownFile,
        note: "Demo: the email was written to the outbox folder; no real mail left this computer.",
      });
    },
  };

  return { planEmailTool, sendEmailTool };
}

function checkPlan(input: Partial<PlanInput>): PlanInput {
  const to = normalizeAddress(input.to);
  const subject = String(input.subject ?? "").trim();
  const body = String(input.body ?? "");
  // 254 characters is the longest address mail allows; checking it first keeps the pattern below fast.
  if (to.length > 254 || CONTROL.test(to) || !ADDRESS.test(to)) {
    throw new Error(`"${inert(to)}" is not one email address. Send exactly one, like "anna@example.com"; ask the user if unsure.`);
  }
  // A line break in a header would let the text add headers of its own (a Bcc, say); an escape
  // sequence would redraw the terminal of the person approving the send.
  if (subject === "" || CONTROL.test(subject) || subject.length > MAX_SUBJECT) {
    throw new Error(
      `The subject must be one line of 1-${MAX_SUBJECT} characters with no control characters. Write a short subject such as "Report".`,
    );
  }
  if (BODY_CONTROL.test(body)) {
    throw new Error("The body contains control characters (such as ESC). Write plain text: letters, line breaks and tabs only.");
  }
  if (body.trim() === "") throw new Error("The body is empty. Write the text of the email, or ask the user what it should say.");
  if (body.length > MAX_BODY) throw new Error(`The body has ${body.length} characters; the limit is ${MAX_BODY}. Shorten it or attach less.`);
  return { to, subject, body };
}

function formatEmail(plan: EmailPlan): string {
  return [
    `To: ${plan.to}`,
    `Subject: ${plan.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `X-Plan-Id: ${plan.id}`,
    "X-Course-Note: written by lesson 07 of the course; no real mail was sent",
    "",
    plan.body,
    "",
  ].join("\n");
}

// Writes the file only if it does not exist yet, and whole or not at all. The text goes to a temp file
// first; link() then gives it its real name, and fails if that name is taken. So a crash never leaves a
// half-written email, and two sends of one plan cannot both succeed. Returns false if it already existed.
async function writeOnce(file: string, text: string): Promise<boolean> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(3).toString("hex")}.tmp`;
  await writeFile(temp, text, "utf8");
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
