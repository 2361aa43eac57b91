// Memory is plain text, loaded into every prompt and sent with every request. A password or an API key
// written there is copied into every conversation from then on, and into every log of them. The tool
// description asks the model not to store secrets, but a description is a request, not a rule: the
// tool itself refuses, with a reason the model can pass on.
//
// Two kinds are recognised: keys by their published shapes (Anthropic's sk-ant-, OpenAI-style sk-,
// GitHub's ghp_/github_pat_, Slack's xox?-, AWS's AKIA, a PEM private key), and a secret introduced by
// its name ("password: hunter2", "пароль 1234", "my PIN is 4321").

const KEY_SHAPES: Array<[string, RegExp]> = [
  ["an Anthropic API key", /\bsk-ant-[A-Za-z0-9_-]{8,}/],
  ["an API key", /\bsk-[A-Za-z0-9_-]{20,}/],
  ["a GitHub token", /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/],
  ["a Slack token", /\bxox[abposr]-[A-Za-z0-9-]{10,}/],
  ["an AWS access key", /\bAKIA[0-9A-Z]{16}\b/],
  ["a private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
];

// A password's name, then "is", ":", "=" or a dash, then the value. ("The user's secret is that he
// likes cats" is a fact, so only words that always mean a credential count.)
const NAMED = /(?:\b(?:password|passwd|passcode|passphrase|pin(?: code)?)\b|(?:пароль|пин-код|пин))\s*(?:\bis\b|\bэто\b|[:=—–-])\s*\S{3,}/iu;

// Which kind of secret the text holds, or undefined.
export function secretIn(text: string): string | undefined {
  for (const [kind, shape] of KEY_SHAPES) if (shape.test(text)) return kind;
  if (NAMED.test(text)) return "a password or another secret";
  return undefined;
}

export function refuseSecret(text: string, what: string): void {
  const kind = secretIn(text);
  if (kind) {
    throw new Error(
      `Not saved: the ${what} looks like ${kind}. Memory is plain text that goes into every future conversation, so secrets are never stored there. ` +
        "Tell the user to keep it in .env or a password manager instead; do not repeat the secret in your answer.",
    );
  }
}
